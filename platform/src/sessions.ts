/**
 * Sessions in Redis, shared by the auth service (creates and ends them) and the gateway (reads them).
 * The cookie holds a random token of 256 bits; Redis holds only its SHA-256, so a leaked Redis dump
 * cannot be replayed as a cookie.
 */
import { createHash, randomBytes } from 'node:crypto';
import type Redis from 'ioredis';
import { SESSION_LIFETIME_SECONDS } from '@safarsaathi/contracts';

/**
 * A signed-in browser. No role: the gateway decides it from ADMIN_EMAILS on every call, so removing an
 * admin takes effect at once, not when their sessions end.
 */
export interface SessionRecord {
  userId: string;
  email: string;
  createdAt: string;
  /** The browser that signed in (shortened), so its owner can tell sessions apart. */
  userAgent?: string;
}

/** A session as listed for its owner. */
export interface ListedSession {
  sessionId: string;
  /** Opaque and stable: neither the token nor its hash (the Redis key) leaves the server. */
  publicId: string;
  createdAt: string;
  userAgent: string;
}

/** What a session becomes when its user is blocked: the gateway answers 403 with the reason. */
export interface BlockedSessionRecord {
  blockedReason: string;
}

export const SESSION_TTL_SECONDS = SESSION_LIFETIME_SECONDS;

const sessionKey = (sessionId: string) => `session:${sessionId}`;
const userSessionsKey = (userId: string) => `user-sessions:${userId}`;
const blockedUserKey = (userId: string) => `blocked-user:${userId}`;

export function sessionIdOf(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

export function publicSessionId(sessionId: string): string {
  return createHash('sha256').update(`public:${sessionId}`).digest('base64url').slice(0, 24);
}

export class SessionStore {
  constructor(
    private readonly redis: Redis,
    private readonly ttlSeconds = SESSION_TTL_SECONDS,
  ) {}

  /** A new token at every login (no fixation); returns the token for the cookie. */
  async create(record: Omit<SessionRecord, 'createdAt'>): Promise<{ token: string; sessionId: string }> {
    const token = randomBytes(32).toString('base64url');
    const sessionId = sessionIdOf(token);
    const value: SessionRecord = {
      ...record,
      ...(record.userAgent !== undefined ? { userAgent: record.userAgent.slice(0, 200) } : {}),
      createdAt: new Date().toISOString(),
    };
    await this.redis
      .multi()
      .set(sessionKey(sessionId), JSON.stringify(value), 'EX', this.ttlSeconds)
      .sadd(userSessionsKey(record.userId), sessionId)
      .expire(userSessionsKey(record.userId), this.ttlSeconds)
      .exec();
    return { token, sessionId };
  }

  async findByToken(
    token: string,
  ): Promise<
    (SessionRecord & { sessionId: string }) | (BlockedSessionRecord & { sessionId: string }) | undefined
  > {
    const sessionId = sessionIdOf(token);
    const raw = await this.redis.get(sessionKey(sessionId));
    return raw ? { ...(JSON.parse(raw) as SessionRecord | BlockedSessionRecord), sessionId } : undefined;
  }

  async end(sessionId: string): Promise<void> {
    const raw = await this.redis.get(sessionKey(sessionId));
    const multi = this.redis.multi().del(sessionKey(sessionId));
    if (raw) multi.srem(userSessionsKey((JSON.parse(raw) as SessionRecord).userId), sessionId);
    await multi.exec();
  }

  /** The user's live sessions, newest first; ids of expired ones are dropped from the user's set. */
  async listForUser(userId: string): Promise<ListedSession[]> {
    const sessionIds = await this.redis.smembers(userSessionsKey(userId));
    if (sessionIds.length === 0) return [];
    const values = await this.redis.mget(...sessionIds.map(sessionKey));
    const listed: ListedSession[] = [];
    const gone: string[] = [];
    sessionIds.forEach((sessionId, index) => {
      const raw = values[index];
      if (!raw) {
        gone.push(sessionId);
        return;
      }
      const record = JSON.parse(raw) as SessionRecord | BlockedSessionRecord;
      if (isBlockedSession(record) || record.userId !== userId) return;
      listed.push({
        sessionId,
        publicId: publicSessionId(sessionId),
        createdAt: record.createdAt,
        userAgent: record.userAgent ?? '',
      });
    });
    if (gone.length > 0) await this.redis.srem(userSessionsKey(userId), ...gone);
    return listed.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  }

  /** Ends every session of a user but `keepSessionId`; answers the ids of those that ended. */
  async endOthers(userId: string, keepSessionId: string): Promise<string[]> {
    const others = (await this.listForUser(userId)).filter((session) => session.sessionId !== keepSessionId);
    if (others.length === 0) return [];
    await this.redis
      .multi()
      .del(...others.map((session) => sessionKey(session.sessionId)))
      .srem(userSessionsKey(userId), ...others.map((session) => session.sessionId))
      .exec();
    return others.map((session) => session.sessionId);
  }

  /** Ends every session of a user at once (profile deletion, unblocking clears the blocked markers). */
  async endAllForUser(userId: string): Promise<number> {
    const sessionIds = await this.redis.smembers(userSessionsKey(userId));
    const multi = this.redis.multi();
    for (const sessionId of sessionIds) multi.del(sessionKey(sessionId));
    multi.del(userSessionsKey(userId));
    await multi.exec();
    return sessionIds.length;
  }

  /**
   * Blocking: every session of the user becomes a marker that carries the reason, so the user's next
   * call is answered 403 with the blocked message (not a confusing "please sign in"), and the user-level
   * flag stops any session created in a race with the block.
   */
  async block(userId: string, reason: string): Promise<void> {
    const sessionIds = await this.redis.smembers(userSessionsKey(userId));
    const marker: BlockedSessionRecord = { blockedReason: reason };
    const multi = this.redis.multi().set(blockedUserKey(userId), reason);
    for (const sessionId of sessionIds)
      multi.set(sessionKey(sessionId), JSON.stringify(marker), 'EX', this.ttlSeconds);
    await multi.exec();
  }

  /** Erasure (issue 40): every session of the user ends and the user-level block marker (its reason) goes. */
  async forgetUser(userId: string): Promise<void> {
    await this.endAllForUser(userId);
    await this.redis.del(blockedUserKey(userId));
  }

  async unblock(userId: string): Promise<void> {
    await this.redis.del(blockedUserKey(userId));
    await this.endAllForUser(userId);
  }

  /** For each session id, whether the session still stands (not ended, expired or turned into a block marker). */
  async stillLive(sessionIds: readonly string[]): Promise<boolean[]> {
    if (sessionIds.length === 0) return [];
    const values = await this.redis.mget(...sessionIds.map(sessionKey));
    return values.map((raw) => raw !== null && !isBlockedSession(JSON.parse(raw) as object));
  }

  /** The block reason, or null when the user is not blocked. */
  async blockedReason(userId: string): Promise<string | null> {
    return this.redis.get(blockedUserKey(userId));
  }
}

export function isBlockedSession(record: object): record is BlockedSessionRecord {
  return 'blockedReason' in record;
}
