/**
 * Whether a secret looks random, by zxcvbn's estimate of the guesses a cracker would need (@zxcvbn-ts,
 * with its common passwords and keyboard layouts): repeats ('a'×32, 'abcabc…'), sequences, keyboard walks
 * and dictionary words count for little whatever their length, so a long made-up string is caught where a
 * length rule passes it. Only production asks (loadConfig), once at start: the library is loaded then
 * (~100 ms; its word lists stay in the module cache, ~3 MB), so development and test processes never load it.
 */
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import type * as CommonLanguage from '@zxcvbn-ts/language-common';

/**
 * The fewest guesses (log10) a secret may need: 10^20, about 66 bits. Measured on 2,000-3,000 draws each:
 * `openssl rand -hex 32` scores 58 and more, 32 random hex or base64url characters 25 and more, while
 * 'a'×32 scores 2.6, 'password'×4 1.1, 'abc'×11 2.2 and four dictionary words about 21.
 */
export const MIN_SECRET_GUESSES_LOG10 = 20;

/** log10 of the guesses zxcvbn estimates for `value`. */
export function secretGuessesLog10(value: string): number {
  /* eslint-disable @typescript-eslint/no-require-imports */
  const { ZxcvbnFactory: Estimator } = require('@zxcvbn-ts/core') as {
    ZxcvbnFactory: typeof ZxcvbnFactory;
  };
  const { adjacencyGraphs, dictionary } = require('@zxcvbn-ts/language-common') as typeof CommonLanguage;
  /* eslint-enable @typescript-eslint/no-require-imports */
  return new Estimator({ dictionary, graphs: adjacencyGraphs }).check(value).guessesLog10;
}

/** Why `value` is too guessable to be a secret, or undefined when it looks random enough. */
export function guessableSecret(value: string): string | undefined {
  const guessesLog10 = secretGuessesLog10(value);
  if (guessesLog10 >= MIN_SECRET_GUESSES_LOG10) return undefined;
  return `this value is not random enough (zxcvbn: about 10^${Math.floor(guessesLog10)} guesses; a repeated, sequential or dictionary-like string is not a secret)`;
}
