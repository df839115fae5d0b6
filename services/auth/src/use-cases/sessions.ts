import { SESSION_MESSAGES, type Identity, type SessionView } from '@safarsaathi/contracts';
import { notFound } from '@safarsaathi/platform';
import type { AuthContext } from './context';

/** GET /api/auth/sessions: the caller's live sessions, the current one marked. */
export async function listSessions(
  ctx: AuthContext,
  identity: Identity,
): Promise<{ sessions: SessionView[] }> {
  const sessions = await ctx.sessions.listForUser(identity.userId);
  return {
    sessions: sessions.map((session) => ({
      id: session.publicId,
      created_at: session.createdAt,
      user_agent: session.userAgent,
      current: session.sessionId === identity.sessionId,
    })),
  };
}

/**
 * DELETE /api/auth/sessions/:id: ends one of the caller's sessions. Another user's session id answers
 * 404 exactly like an unknown one. Returns whether it was the current session (its cookie is cleared).
 */
export async function endSession(
  ctx: AuthContext,
  identity: Identity,
  publicId: string,
): Promise<{ current: boolean }> {
  const session = (await ctx.sessions.listForUser(identity.userId)).find(
    (candidate) => candidate.publicId === publicId,
  );
  if (!session) throw notFound(SESSION_MESSAGES.notFound);
  await ctx.sessions.end(session.sessionId);
  // After the session is gone: a stream opening meanwhile sees either the signal or the missing session.
  void ctx.live.publish({ userId: identity.userId, sessionId: session.sessionId }, 'session.ended', {
    reason: 'signed_out',
  });
  return { current: session.sessionId === identity.sessionId };
}

/** POST /api/auth/logout-others: "sign out other sessions"; their open browsers sign out at once. */
export async function endOtherSessions(
  ctx: AuthContext,
  identity: Identity,
): Promise<{ success: true; ended: number }> {
  const ended = await ctx.sessions.endOthers(identity.userId, identity.sessionId);
  if (ended.length > 0) {
    void ctx.live.publishToAll(
      ended.map((sessionId) => ({ userId: identity.userId, sessionId })),
      'session.ended',
      { reason: 'signed_out' },
    );
  }
  return { success: true, ended: ended.length };
}
