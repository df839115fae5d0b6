/**
 * Sliding-window limits in Redis, checked and counted in one atomic script, so concurrent requests on
 * any number of instances can never pass a limit together (a check followed by a separate increment can).
 * Used wherever a resource must be protected where it lives (messages per minute, new conversations a
 * day, codes and e-mails per address).
 */
import { createHmac, randomUUID } from 'node:crypto';
import type Redis from 'ioredis';

// KEYS[1]: sorted set of hits (score = time in ms). ARGV: now, window ms, limit, member.
// Answers { 1, 0 } when counted, or { 0, ms until the oldest hit leaves the window } when refused.
const HIT_SCRIPT = `
local key = KEYS[1]
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local limit = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
if redis.call('ZCARD', key) >= limit then
  local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
  return { 0, math.max(1, tonumber(oldest[2]) + window - now) }
end
redis.call('ZADD', key, now, ARGV[4])
redis.call('PEXPIRE', key, window)
return { 1, 0 }
`;

export interface SlidingWindowHit {
  allowed: boolean;
  /** When refused: seconds until one more is allowed (for Retry-After). */
  retryAfterSeconds: number;
  /** Takes this hit back (e.g. the conversation already existed, so nothing new was opened). */
  release: () => Promise<void>;
}

export class SlidingWindowLimit {
  constructor(
    private readonly redis: Redis,
    private readonly name: string,
    private readonly limit: number,
    private readonly windowMs: number,
    /** RATE_LIMIT_KEY_PREFIX: tests count in keys of their own. */
    private readonly prefix = 'limit',
    /**
     * For subjects that are personal (an e-mail address): keys name them by an HMAC with this secret, so
     * no key holds the address (issue 40).
     */
    private readonly hashSubjectsWith?: string,
  ) {}

  private key(subject: string): string {
    const named = this.hashSubjectsWith
      ? createHmac('sha256', this.hashSubjectsWith)
          .update(`${this.name}:${subject}`)
          .digest('base64url')
          .slice(0, 27)
      : subject;
    return `${this.prefix}:${this.name}:${named}`;
  }

  /** Counts one hit for `subject` unless the limit is reached; atomic across every instance. */
  async hit(subject: string, now = Date.now()): Promise<SlidingWindowHit> {
    const key = this.key(subject);
    const member = `${now}:${randomUUID()}`;
    const [allowed, retryMs] = (await this.redis.eval(
      HIT_SCRIPT,
      1,
      key,
      now,
      this.windowMs,
      this.limit,
      member,
    )) as [number, number];
    return {
      allowed: allowed === 1,
      retryAfterSeconds: allowed === 1 ? 0 : Math.ceil(retryMs / 1000),
      release: async () => {
        if (allowed === 1) await this.redis.zrem(key, member);
      },
    };
  }

  /** Forgets every hit of `subject` (e.g. after a successful sign-in). */
  async reset(subject: string): Promise<void> {
    await this.redis.del(this.key(subject));
  }
}
