import { z } from 'zod';

/**
 * The one error shape every endpoint answers with. `code` names the message in a stable way
 * (`auth.invalidOtp`, see error-codes.ts) so a client can show it in the reader's language; `error`
 * stays the English text, which a client without a translation shows as it is.
 */
export const errorResponseSchema = z.object({
  error: z.string(),
  code: z.string().optional(),
  details: z.unknown().optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** Errors any endpoint can answer (platform's error helpers and handler). */
export const HTTP_MESSAGES = {
  invalidRequest: 'Invalid request',
  notFound: 'Not found',
  notAllowed: 'You are not allowed to do this.',
  serverError: 'Something went wrong. Please try again.',
  invalidJson: 'Request body is not valid JSON',
  bodyTooLarge: 'Request body is too large',
  invalidPath: 'The request path is not valid.',
  methodNotAllowed: 'Method not allowed',
  tooManyRequests: 'Too many requests. Please wait a minute and try again.',
} as const;
