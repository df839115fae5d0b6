import { z } from 'zod';

/**
 * The identity the gateway forwards to services after it has looked the session up.
 * Sent as base64url JSON in IDENTITY_HEADER with an HMAC-SHA256 in IDENTITY_SIGNATURE_HEADER.
 */
export const IDENTITY_HEADER = 'x-safarsaathi-identity';
export const IDENTITY_SIGNATURE_HEADER = 'x-safarsaathi-identity-signature';
export const CORRELATION_HEADER = 'x-correlation-id';
export const SESSION_COOKIE = 'ss_session';
/**
 * The browser's device cookie (auth routes only): a random token signed by the auth service
 * (platform/src/device-token.ts). Codes belong to it, and the gateway counts a signed one as the browser.
 */
export const DEVICE_COOKIE = 'ss_device';

export const identitySchema = z.object({
  userId: z.string(),
  email: z.string(),
  role: z.enum(['user', 'admin']),
  /** Hash of the session token: lets auth end this session without seeing the token. */
  sessionId: z.string(),
  /** Issued-at, epoch milliseconds: a signed identity is only valid for a short time. */
  iat: z.number(),
});
export type Identity = z.infer<typeof identitySchema>;
