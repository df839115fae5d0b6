/**
 * Building blocks for input rules that forms and services share and that the OpenAPI document publishes.
 * Patterns are written so that a JSON Schema reader in another language (the API fuzzer is Python) reads
 * the same set of strings as JavaScript: [0-9] rather than \d (Python's \d takes every script's digits),
 * and the whitespace that String.prototype.trim removes spelled out rather than \s.
 */
import { z } from 'zod';

/** Exactly what String.prototype.trim() removes (JavaScript's \s), as the body of a character class. */
export const TRIMMED_SPACE =
  '\\t\\n\\v\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff';

/** Control characters (C0, DEL, C1): never part of an address, a name or a code. */
export const CONTROL_CHARACTERS = '\\x00-\\x1f\\x7f-\\x9f';

/**
 * Unicode's explicit direction embeddings, overrides and isolates (LRE, RLE, PDF, LRO, RLO, LRI, RLI, FSI,
 * PDI): invisible, and they reorder the text after them, so "gpj.exe" can read as "exe.jpg" and a name or
 * a message can pass for another ("Trojan Source", CVE-2021-42574). The single-character marks (LRM
 * U+200E, RLM U+200F, ALM U+061C) are allowed: they reorder nothing beyond the neutral characters next to
 * them, and mixed Urdu, Sindhi or Arabic with English text needs them (docs/decisions.md).
 */
export const BIDI_CONTROLS = '\\u202a-\\u202e\\u2066-\\u2069';

/** A text without any of BIDI_CONTROLS (a pattern JSON Schema readers in other languages read alike). */
export const NO_BIDI_CONTROLS = new RegExp(`^[^${BIDI_CONTROLS}]*$`);

/**
 * The control characters free text refuses: C0 but the tab and the line feed a textarea gives, DEL and C1.
 * They are invisible or move the cursor where the text is shown (a carriage return rewrites a line in a
 * terminal or a plain-text e-mail; U+0085 is a line break to some readers and not to others). A browser's
 * textarea sends every line break as a line feed (its value normalises CR LF and CR), so a carriage
 * return comes only from other clients, which can send a line feed as well.
 */
export const TEXT_CONTROL_CHARACTERS = '\\x00-\\x08\\x0b-\\x1f\\x7f-\\x9f';

/** Texts of the shared input rules (code `text.<key>`). */
export const TEXT_MESSAGES = {
  directionControls:
    'Please remove the invisible text-direction characters (U+202A to U+202E, U+2066 to U+2069) from the text.',
  controlCharacters:
    'Please remove the invisible control characters (U+0000 to U+001F except line breaks and tabs, U+007F to U+009F) from the text.',
} as const;

/** A text without any of BIDI_CONTROLS or TEXT_CONTROL_CHARACTERS: the free-text rule as one pattern. */
export const PLAIN_TEXT = new RegExp(`^[^${BIDI_CONTROLS}${TEXT_CONTROL_CHARACTERS}]*$`);

/**
 * The rule of every free-text field (messages, names, notes, places, details, references): no direction
 * controls (TEXT_MESSAGES.directionControls) and no control characters (TEXT_MESSAGES.controlCharacters).
 * Apply it to the text as sent, before any trim: a carriage return or a form feed at either end would
 * otherwise be trimmed away by the service but not by the published pattern. One pattern, so the OpenAPI
 * document publishes one character class a fuzzer can draw from (openapi.ts), with the message of the
 * kind of character found.
 */
export function plainText<T extends z.ZodString>(schema: T): T {
  return schema.regex(PLAIN_TEXT, {
    error: (issue) =>
      typeof issue.input === 'string' && !NO_BIDI_CONTROLS.test(issue.input)
        ? TEXT_MESSAGES.directionControls
        : TEXT_MESSAGES.controlCharacters,
  }) as T;
}

/**
 * A real calendar day, YYYY-MM-DD, leap years included: 2030-02-30 matches a plain \d{4}-\d{2}-\d{2}
 * and Date.parse even rolls it over to 2 March, so only this pattern (zod's own ISO date rule with ASCII
 * digits) decides what a date is.
 */
export const CALENDAR_DATE_PATTERN =
  '^(?:(?:[0-9][0-9][2468][048]|[0-9][0-9][13579][26]|[0-9][0-9]0[48]|[02468][048]00|[13579][26]00)-02-29' +
  '|[0-9]{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12][0-9]|3[01])|(?:0[469]|11)-(?:0[1-9]|[12][0-9]|30)|02-(?:0[1-9]|1[0-9]|2[0-8])))$';
export const CALENDAR_DATE = new RegExp(CALENDAR_DATE_PATTERN);

export function isCalendarDate(value: string): boolean {
  return CALENDAR_DATE.test(value);
}

/** A YYYY-MM-DD calendar day (documented as `format: date`); `message` when it is not one. */
export function calendarDateSchema(message: string) {
  return z.string({ error: message }).regex(CALENDAR_DATE, message).meta({ format: 'date' });
}

/** Three letters, either case (stored upper-case). */
export const AIRPORT_CODE_INPUT = /^[A-Za-z]{3}$/;
