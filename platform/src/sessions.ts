/**
 * Sessions in Redis, shared by the auth service (creates and ends them) and the gateway (reads them).
 * The cookie holds a random token of 256 bits; Redis holds only its SHA-256, so a leaked Redis dump
 * cannot be replayed as a cookie.
 */
import { createHash, randomBytes } from 'node:crypto';
import type Redis from 'ioredis';

export interface SessionRecord {
  userId: string;
  email: string;
  role: 'user' | 'admin';
  createdAt: string;
}

/** What a session becomes when its user is blocked: the gateway answers 403 with the reason. */
export interface BlockedSessionRecord {
  blockedReason: string;
}

export const SESSION_TTL_SECONDS = 7 * 24 * 3600;

const sessionKey = (sessionId: string) => `session:${sessionId}`;
const userSessionsKey = (userId: string) => `user-sessions:${userId}`;
const blockedUserKey = (userId: string) => `blocked-user:${userId}`;

export function sessionIdOf(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
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
    const value: SessionRecord = { ...record, createdAt: new Date().toISOString() };
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
  ): Promise<(SessionRecord & { sessionId: string }) | (BlockedSessionRecord & { sessionId: string }) | undefined> {
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
    for (const sessionId of sessionIds) multi.set(sessionKey(sessionId), JSON.stringify(marker), 'EX', this.ttlSeconds);
    await multi.exec();
  }

  async unblock(userId: string): Promise<void> {
    await this.redis.del(blockedUserKey(userId));
    await this.endAllForUser(userId);
  }

  /** The block reason, or null when the user is not blocked. */
  async blockedReason(userId: string): Promise<string | null> {
    return this.redis.get(blockedUserKey(userId));
  }
}

export function isBlockedSession(record: object): record is BlockedSessionRecord {
  return 'blockedReason' in record;
}
