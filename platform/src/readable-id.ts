import { randomInt } from 'node:crypto';

// No 0/O or 1/I: these ids are read out loud and typed by people.
const ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** A short id people can read and type, e.g. `SS-7KQ2M9XD`; store it under a unique index and redraw on a clash. */
export function readableId(prefix: string, length = 8): string {
  return `${prefix}-${Array.from({ length }, () => ALPHABET[randomInt(ALPHABET.length)]).join('')}`;
}
