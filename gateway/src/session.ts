/**
 * Turns the session cookie into a signed identity for the services. Any identity header a client
 * sends is removed first, so only the gateway can assert who is calling.
 */
import type { RequestHandler } from 'express';
import {
  IDENTITY_HEADER,
  IDENTITY_SIGNATURE_HEADER,
  SESSION_COOKIE,
  AUTH_MESSAGES,
  ADMIN_MESSAGES,
  blockedMessage,
  type Access,
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

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      session?: SessionRecord & { sessionId: string };
    }
  }
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

export function loadSession(sessions: SessionStore, blockedUsers: BlockedUsers): RequestHandler {
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
      req.session = record;
      next();
    } catch (error) {
      next(error);
    }
  };
}

/** Enforces the route's access level, then forwards the identity (HMAC-signed) to the service. */
export function requireAccess(access: Access, secret: string): RequestHandler {
  return (req, _res, next) => {
    const session = req.session;
    if (!session && (access === 'session' || access === 'admin')) return next(unauthorized(AUTH_MESSAGES.notSignedIn));
    if (access === 'admin' && session?.role !== 'admin') return next(forbidden(ADMIN_MESSAGES.notAuthorised));
    if (session) {
      Object.assign(
        req.headers,
        signIdentity({ userId: session.userId, email: session.email, role: session.role, sessionId: session.sessionId }, secret),
      );
    }
    next();
  };
}
