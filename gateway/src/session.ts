/**
 * Turns the session cookie into a signed identity for the services. Any identity header a client
 * sends is removed first, so only the gateway can assert who is calling. The role is decided here on every
 * call from ADMIN_EMAILS, never kept in the session: an address removed from it is no admin at its next call.
 */
import type { Request, RequestHandler } from 'express';
import {
  IDENTITY_HEADER,
  IDENTITY_SIGNATURE_HEADER,
  SESSION_COOKIE,
  AUTH_MESSAGES,
  ADMIN_MESSAGES,
  blockedMessage,
  type Access,
  type Identity,
} from '@safarsaathi/contracts';
import {
  HttpError,
  forbidden,
  isBlockedSession,
  signIdentity,
  unauthorized,
  type SessionRecord,
  type SessionStore,
} from '@safarsaathi/platform';
import type { BlockedUsers } from './blocked-users';

/** A session as the gateway uses it: the stored record with the role ADMIN_EMAILS gives it now. */
export type SignedInSession = SessionRecord & { sessionId: string; role: Identity['role'] };

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      session?: SignedInSession;
    }
  }
}

/**
 * Whether the request is from a signed-in browser (it carries a session cookie). Its API answers hold that
 * user's data: never stored by the browser or any cache on the way (`noStoreWhenSignedIn`, and proxy.ts
 * over whatever a service sends), so no service can forget it.
 */
export function carriesSession(req: Request): boolean {
  const token: unknown = req.cookies?.[SESSION_COOKIE];
  return typeof token === 'string' && token.length > 0;
}

export const NO_STORE = 'no-store';

export function noStoreWhenSignedIn(): RequestHandler {
  return (req, res, next) => {
    if (carriesSession(req)) res.setHeader('Cache-Control', NO_STORE);
    next();
  };
}

export function stripClientIdentity(): RequestHandler {
  return (req, _res, next) => {
    delete req.headers[IDENTITY_HEADER];
    delete req.headers[IDENTITY_SIGNATURE_HEADER];
    next();
  };
}

/** A blocked user's every call: 403 with the spec's message; `details.blocked` lets the web show its screen. */
function blocked(reason: string): HttpError {
  return new HttpError(403, blockedMessage(reason), { blocked: true, reason });
}

export function loadSession(
  sessions: SessionStore,
  blockedUsers: BlockedUsers,
  /** ADMIN_EMAILS, lower-cased (platform adminEmailSet). */
  adminEmails: ReadonlySet<string>,
): RequestHandler {
  return async (req, _res, next) => {
    try {
      const token: unknown = req.cookies?.[SESSION_COOKIE];
      if (typeof token !== 'string' || token.length === 0 || token.length > 200) return next();
      const record = await sessions.findByToken(token);
      if (!record) return next();
      // The cookie is kept: every visit shows the blocked screen until an admin unblocks the user.
      if (isBlockedSession(record)) return next(blocked(record.blockedReason));
      const reason = await blockedUsers.reasonFor(record.userId);
      if (reason !== null) return next(blocked(reason));
      req.session = { ...record, role: adminEmails.has(record.email.toLowerCase()) ? 'admin' : 'user' };
      next();
    } catch (error) {
      next(error);
    }
  };
}

type SignedIdentity = Record<string, string>;
export type IdentitySigner = (session: SignedInSession) => SignedIdentity;

/** Signatures are reused for this long; services accept one for 60 s (platform/src/identity.ts). */
const SIGNATURE_REUSE_MS = 10_000;

/**
 * Signs a session's identity, reusing the signature of the same identity for up to 10 s (one HMAC per
 * session and 10 s instead of one per request). Only the signature is kept: the session itself is read
 * from Redis on every request, so a signed-out or blocked session never reaches the signer.
 */
export function identitySigner(secret: string, now: () => number = Date.now): IdentitySigner {
  const signed = new Map<string, { identity: string; at: number; headers: SignedIdentity }>();
  return (session) => {
    const identity = `${session.userId}\n${session.email}\n${session.role}`;
    const at = now();
    const kept = signed.get(session.sessionId);
    if (kept && kept.identity === identity && at - kept.at < SIGNATURE_REUSE_MS) return kept.headers;
    const headers = signIdentity(
      { userId: session.userId, email: session.email, role: session.role, sessionId: session.sessionId },
      secret,
      at,
    );
    if (signed.size >= 50_000) signed.clear();
    signed.set(session.sessionId, { identity, at, headers });
    return headers;
  };
}

/** Enforces the route's access level, then forwards the identity (HMAC-signed) to the service. */
export function requireAccess(access: Access, signer: IdentitySigner | string): RequestHandler {
  const sign = typeof signer === 'string' ? identitySigner(signer) : signer;
  return (req, _res, next) => {
    const session = req.session;
    if (!session && (access === 'session' || access === 'admin'))
      return next(unauthorized(AUTH_MESSAGES.notSignedIn));
    if (access === 'admin' && session?.role !== 'admin') return next(forbidden(ADMIN_MESSAGES.notAuthorised));
    if (session) Object.assign(req.headers, sign(session));
    next();
  };
}
