/**
 * The scam and mule shield's normalisation (docs/decisions.md "The scam and mule shield: the classifier"): one
 * spelling for the many a message can use, so the lexicons match what people actually type. Applied to the
 * messages and, at start-up, to the lexicon entries themselves (`normalizeWord`), so both sides always agree.
 * No I/O; linear in the length of the text.
 */

/**
 * Zero-width and invisible characters: every format character (ZWJ/ZWNJ included: Indic words are matched without
 * them), variation selectors and the combining grapheme joiner (an alternation: lint refuses marks in a class).
 */
const INVISIBLE = /\p{Cf}|\p{Variation_Selector}|\u034F/gu;

/** Latin accents, and the nukta of every Indic script (ज़ reads as ज, ਗ਼ as ਗ): marks people add or leave out. */
const STRIPPED_MARKS = /[\u0300-\u036F\u093C\u09BC\u0A3C\u0ABC\u0B3C\u0CBC]/g;

/**
 * Signs written one way or the other: candrabindu as anusvara (पहुँचा = पहुंचा), Bengali candrabindu dropped,
 * Gurmukhi tippi and adak bindi as bindi, the Devanagari and Gujarati "candra" vowels of English loans as their
 * plain vowels (बॅग = बेग, ऑ = आ, ॲ = अ), and Malayalam's atomic chillu letters as consonant + virama.
 */
const SIGN_MAP: Record<string, string> = {
  '\u0901': '\u0902',
  '\u0981': '',
  '\u0A01': '\u0A02',
  '\u0A70': '\u0A02',
  '\u0A81': '\u0A82',
  '\u0949': '\u093E',
  '\u0945': '\u0947',
  '\u0911': '\u0906',
  '\u0972': '\u0905',
  '\u0AC9': '\u0ABE',
  '\u0AC5': '\u0AC7',
  '\u0A91': '\u0A86',
  '\u0D7A': '\u0D23\u0D4D',
  '\u0D7B': '\u0D28\u0D4D',
  '\u0D7C': '\u0D30\u0D4D',
  '\u0D7D': '\u0D32\u0D4D',
  '\u0D7E': '\u0D33\u0D4D',
  '\u0D7F': '\u0D15\u0D4D',
};
const SIGNS = new RegExp(Object.keys(SIGN_MAP).join('|'), 'g');

/** The first code point of digit zero in each Indic script the product speaks. */
const DIGIT_ZEROS = [0x0966, 0x09e6, 0x0a66, 0x0ae6, 0x0be6, 0x0c66, 0x0d66];
const INDIC_DIGITS =
  /[\u0966-\u096F\u09E6-\u09EF\u0A66-\u0A6F\u0AE6-\u0AEF\u0BE6-\u0BEF\u0C66-\u0C6F\u0D66-\u0D6F]/g;

/** The virama of each Indic script: a prefix entry never ends in one (பார்சல் matches பார்சலை). */
export const VIRAMAS = new Set(['\u094D', '\u09CD', '\u0A4D', '\u0ACD', '\u0BCD', '\u0C4D', '\u0D4D']);

/** Pictures that stand for the words the rules look for. */
const EMOJI_WORDS: Record<string, string> = {
  '📦': ' parcel ',
  '🎁': ' gift ',
  '💊': ' medicine ',
  '💉': ' medicine ',
  '💰': ' money ',
  '💵': ' money ',
  '💸': ' money ',
  '💴': ' money ',
  '💶': ' money ',
  '💷': ' money ',
  '💳': ' card ',
  '🏦': ' bank ',
};
const EMOJI = new RegExp(Object.keys(EMOJI_WORDS).join('|'), 'gu');

/** Letter-like symbols inside a Latin word ("p@cket", "0tp", "c0de", "pa$$"), each mapped to its letter. */
const LEET: Record<string, string> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '@': 'a',
  $: 's',
};

function mapIndicDigit(digit: string): string {
  const code = digit.codePointAt(0)!;
  for (const zero of DIGIT_ZEROS) if (code >= zero && code <= zero + 9) return String(code - zero);
  return digit;
}

/**
 * One Latin word with symbols standing for letters: a single symbol between or beside letters, with at least
 * two letters in the word ("p@cket", "0tp", "c0de"), never a number with a unit ("5000rs", "10k", "32c").
 */
function unLeet(word: string): string {
  if (!/[a-z]/.test(word) || !/[013457@$]/.test(word)) return word;
  if ((word.match(/[a-z]/g) ?? []).length < 2) return word;
  if (/[0-9@$]{2,}/.test(word)) return word;
  return word.replace(/[013457@$]/g, (c) => LEET[c] ?? c);
}

/**
 * The character-level normalisation shared by messages and lexicon entries: NFKC, invisible characters out,
 * lower case, Latin accents and nuktas out, variant signs unified, Indic digits as ASCII digits, and any run of a
 * repeated Latin letter as one letter ("pleeease" = "please", "carry" = "cary": both sides collapse alike).
 */
export function normalizeWord(text: string): string {
  return text
    .normalize('NFKC')
    .replace(INVISIBLE, '')
    .toLowerCase()
    .normalize('NFKD')
    .replace(STRIPPED_MARKS, '')
    .normalize('NFC')
    .replace(SIGNS, (c) => SIGN_MAP[c] ?? c)
    .replace(INDIC_DIGITS, mapIndicDigit)
    .replace(/([a-z])\1+/g, '$1')
    .replace(/(\p{L}\p{M}*)\1{2,}/gu, '$1');
}

/** A message as the rules read it: tokens, and for each token its sentence and its clause (segment). */
export interface ShieldText {
  tokens: string[];
  /** Sentence number of each token (split at . ! ? ; । ॥ and line breaks). */
  sentence: number[];
  /** Segment number of each token (a sentence split further at commas, colons, dashes, brackets, quotes). */
  segment: number[];
}

/**
 * Normalises a message and splits it into tokens. Besides `normalizeWord`: pictures become their words,
 * currency signs the token `rs`, UPI addresses (name@okaxis) the token `upiid`, e-mail addresses `email`,
 * links `link`; letters spelled out with spaces or dots ("O T P", "u.p.i", "c-a-r-r-y") are joined; symbols
 * standing for letters are read as letters; apostrophes are dropped ("don't" = "dont").
 */
export function tokenize(text: string): ShieldText {
  let s = normalizeWord(text.replace(EMOJI, (e) => EMOJI_WORDS[e] ?? ' '));
  s = s
    .replace(/https?:\/\/\S+|www\.\S+|\b[a-z0-9-]+\.(?:io|me|link|ly|in|com)\/\S*/g, ' link ')
    .replace(/[a-z0-9._-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)+/g, ' email ')
    .replace(/[a-z0-9._-]{2,}@[a-z]{2,}\b/g, ' upiid ')
    .replace(/[₹£€¥]|\$(?=\s*\d)|(?<=\d\s*)\$/g, ' rs ')
    .replace(/['’‘`´]/g, '')
    // letters spelled out one by one: "o t p", "u.p.i", "b-a-n-k" (at least three)
    .replace(/(?<![\p{L}\p{N}])[a-z](?:[\s.\-_*·•]{1,3}[a-z](?![\p{L}\p{N}])){2,}/gu, (m) =>
      m.replace(/[^a-z]/g, ''),
    )
    .replace(/[a-z0-9@$]+/g, unLeet)
    .replace(/([a-z])\1+/g, '$1');

  const tokens: string[] = [];
  const sentence: number[] = [];
  const segment: number[] = [];
  let sentenceNo = 0;
  let segmentNo = 0;
  // sentence ends: ! ? । ॥ line breaks, and . ; when followed by a space or the end (not "2.5" or "u.p.i")
  const parts = s.split(/([!?।॥\n]+|[.;]+(?=\s|$)|[,:()"“”«»\u2013\u2014]+|\s-\s)/u);
  for (const part of parts) {
    if (part === undefined || part === '') continue;
    if (/^(?:[!?।॥\n]+|[.;]+)$/u.test(part)) {
      sentenceNo++;
      segmentNo++;
      continue;
    }
    if (/^(?:[,:()"“”«»\u2013\u2014]+|\s-\s)$/u.test(part)) {
      segmentNo++;
      continue;
    }
    for (const token of part.split(/[^\p{L}\p{M}\p{N}]+/u)) {
      if (!token) continue;
      tokens.push(token);
      sentence.push(sentenceNo);
      segment.push(segmentNo);
    }
  }
  return { tokens, sentence, segment };
}

/** The normalised text as one string of tokens (for tests and the bench's listing). */
export function normalizeText(text: string): string {
  return tokenize(text).tokens.join(' ');
}
