import { translateMessage } from '@safarsaathi/web-kit';

/**
 * A field's error in the page's language. The schemas answer with the contracts' English texts, which
 * have stable codes (contracts/src/error-codes.ts), so the same path as a service's error translates them.
 * The caller renders again on a language change (it reads a catalogue through a hook).
 */
export const fieldMessage = (message: string | undefined): string | undefined =>
  message && translateMessage(message);
