/**
 * The scam and mule shield (round 4, issue 37): what the chat service marks on a message as it is sent,
 * what the reader and the sender are told, the safety note shown once at every new match, and the
 * automatic ops case. Chats stay private: nobody at SafarSaathi reads them; the chat service labels each
 * message itself and the label, never the text, is what travels further.
 */
import { z } from 'zod';

/**
 * `carry`: the message asks the reader to take, carry, deliver or keep an item for someone; `money`: it asks
 * for money, payment or bank, card, UPI or wallet details, or offers money for carrying; `code`: it asks for a
 * sign-in code or the hand-over code through the chat.
 */
export const SAFETY_FLAGS = ['carry', 'money', 'code'] as const;
export const safetyFlagSchema = z.enum(SAFETY_FLAGS);
export type SafetyFlag = z.infer<typeof safetyFlagSchema>;

/** Kinds that count towards the automatic case (a code request is answered by the tip alone). */
export const CASE_SAFETY_FLAGS: readonly SafetyFlag[] = ['carry', 'money'];

/** The automatic `safety` case: flagged messages to this many different people within this many days. */
export const SAFETY_CASE_RULE = { people: 3, days: 30 } as const;

/** The tips under a flagged message, in the reader's language (web catalogues mirror these). */
export const SAFETY_TIPS: Record<SafetyFlag, string> = {
  carry: 'Never carry anything for anyone you meet here, however small.',
  money:
    'SafarSaathi handles no payments: never pay anyone in advance, and never share bank, card or UPI details.',
  code: 'Never share a code from SafarSaathi in a chat.',
};

/** Shown to both parties, once, at every new match. */
export const SAFETY_NOTE =
  'SafarSaathi companions never carry anything for anyone, and never ask for money or codes.';
