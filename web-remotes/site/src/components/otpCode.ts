import { LIMITS } from '@safarsaathi/contracts';

/** A one-time code as one entry per box, so a box emptied in the middle keeps its place. */
export type OtpDigits = readonly string[];

export const emptyOtp = (): OtpDigits => Array.from({ length: LIMITS.otpLength }, () => '');

/** Digits of a code received as text (a dev-mode code, a paste): non-digits dropped, at most six. */
export function otpFromText(text: string): OtpDigits {
  const digits = text.replace(/\D/g, '').slice(0, LIMITS.otpLength);
  return emptyOtp().map((_, index) => digits[index] ?? '');
}

export const otpText = (digits: OtpDigits): string => digits.join('');
