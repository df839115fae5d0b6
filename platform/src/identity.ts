/**
 * The gateway signs the identity it derived from the session; services verify it.
 * A client can never forge it: it does not know INTERNAL_HMAC_SECRET, and the gateway strips
 * any identity header a client sends.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import {
  IDENTITY_HEADER,
  IDENTITY_SIGNATURE_HEADER,
  identitySchema,
  type Identity,
} from '@safarsaathi/contracts';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      identity?: Identity;
    }
  }
}

/** A signed identity older than this is refused (limits replay of a captured internal request). */
const MAX_AGE_MS = 60_000;

function sign(payload: string, secret: string): string {
  return createHmac('sha256', secret).update(payload).digest('base64url');
}

export function signIdentity(
  identity: Omit<Identity, 'iat'>,
  secret: string,
  now = Date.now(),
): Record<string, string> {
  const payload = Buffer.from(JSON.stringify({ ...identity, iat: now })).toString('base64url');
  return { [IDENTITY_HEADER]: payload, [IDENTITY_SIGNATURE_HEADER]: sign(payload, secret) };
}

export function verifyIdentity(
  payload: string | undefined,
  signature: string | undefined,
  secret: string,
  now = Date.now(),
): Identity | undefined {
  if (!payload || !signature) return undefined;
  const expected = Buffer.from(sign(payload, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  try {
    const identity = identitySchema.parse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
    if (Math.abs(now - identity.iat) > MAX_AGE_MS) return undefined;
    return identity;
  } catch {
    return undefined;
  }
}

/** Sets `req.identity` when the request carries a valid signed identity; never refuses by itself. */
export function identityMiddleware(secret: string): RequestHandler {
  return (req, _res, next) => {
    req.identity = verifyIdentity(req.header(IDENTITY_HEADER), req.header(IDENTITY_SIGNATURE_HEADER), secret);
    next();
  };
}
