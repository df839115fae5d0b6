/**
 * One-time codes in Redis: only an HMAC of the code is stored, it expires with the key's TTL,
 * it is single use (DEL decides the winner of concurrent verifies) and allows at most 5 wrong tries.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { Redis } from '@safarsaathi/platform';
import { LIMITS, OTP_POLICY } from '@safarsaathi/contracts';

const codeKey = (email: string) => `otp:${email}`;
const sendsKey = (email: string) => `otp-sends:${email}`;
const cooldownKey = (email: string) => `otp-cooldown:${email}`;

export type VerifyOutcome = 'ok' | 'invalid' | 'too-many-attempts';
/** 'ok' says whether the e-mail consent box was ticked when this code was requested. */
export type Verified = { outcome: 'ok'; emailConsent: boolean } | { outcome: Exclude<VerifyOutcome, 'ok'> };
export type IssueOutcome = { code: string } | { refused: 'cooldown' | 'too-many'; retryAfterSeconds: number };

export class OtpStore {
  constructor(
    private readonly redis: Redis,
    private readonly secret: string,
    private readonly cooldownSeconds: number = LIMITS.otpResendCountdownMs / 1000,
  ) {}

  private hash(email: string, code: string): string {
    return createHmac('sha256', this.secret).update(`${email}:${code}`).digest('base64url');
  }

  /** Rounded up, so a client that waits this long is never refused again. */
  private async secondsLeft(key: string): Promise<number> {
    return Math.max(1, Math.ceil((await this.redis.pttl(key)) / 1000));
  }

  /**
   * A new code replaces the previous one; sends are limited per e-mail (cooldown + hourly cap). The e-mail
   * consent given with the request travels with the code, so a first sign-in (no account yet) keeps it.
   */
  async issue(email: string, emailConsent = false): Promise<IssueOutcome> {
    const free = await this.redis.set(cooldownKey(email), '1', 'EX', this.cooldownSeconds, 'NX');
    if (free !== 'OK') return { refused: 'cooldown', retryAfterSeconds: await this.secondsLeft(cooldownKey(email)) };
    const sends = await this.redis.incr(sendsKey(email));
    if (sends === 1) await this.redis.expire(sendsKey(email), OTP_POLICY.resendWindowSeconds);
    if (sends > OTP_POLICY.maxSendsPerWindow) {
      return { refused: 'too-many', retryAfterSeconds: await this.secondsLeft(sendsKey(email)) };
    }
    const code = String(randomInt(0, 10 ** LIMITS.otpLength)).padStart(LIMITS.otpLength, '0');
    await this.redis
      .multi()
      .del(codeKey(email))
      .hset(codeKey(email), { hash: this.hash(email, code), attempts: '0', consent: emailConsent ? '1' : '0' })
      .expire(codeKey(email), OTP_POLICY.ttlSeconds)
      .exec();
    return { code };
  }

  /** `acceptAnyCode` is the development aid of spec §4 (real OTP switched off); never set in production. */
  async verify(email: string, code: string, acceptAnyCode = false): Promise<Verified> {
    const stored = await this.redis.hgetall(codeKey(email));
    if (!stored.hash) return { outcome: 'invalid' };
    if (Number(stored.attempts) >= OTP_POLICY.maxWrongAttempts) {
      await this.redis.del(codeKey(email));
      return { outcome: 'too-many-attempts' };
    }
    const expected = Buffer.from(stored.hash);
    const given = Buffer.from(this.hash(email, code));
    const matches = acceptAnyCode || (expected.length === given.length && timingSafeEqual(expected, given));
    if (!matches) {
      await this.redis.hincrby(codeKey(email), 'attempts', 1);
      return { outcome: 'invalid' };
    }
    // Single use: only the request that deletes the key wins.
    return (await this.redis.del(codeKey(email))) === 1 ? { outcome: 'ok', emailConsent: stored.consent === '1' } : { outcome: 'invalid' };
  }
}
