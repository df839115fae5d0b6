/**
 * One-time codes in Redis: only an HMAC of the code is stored, it expires with the key's TTL, it is
 * single use, and it allows at most 5 wrong tries — checked and counted in one Lua script, so concurrent
 * guesses can never get more tries than that (a read followed by a separate increment could).
 *
 * Sends are limited so that abuse cannot lock the owner out (OTP_POLICY): per (address, client IP) a
 * resend wait and 5 an hour; per client IP a total; per address a ceiling over all IPs, which a browser
 * the owner signed in with before (a known device) does not count against.
 */
import { createHash, createHmac, randomInt } from 'node:crypto';
import { SlidingWindowLimit, type Redis } from '@safarsaathi/platform';
import { LIMITS, OTP_POLICY } from '@safarsaathi/contracts';

const codeKey = (email: string) => `otp:${email}`;
const cooldownKey = (email: string, ip: string) => `otp-cooldown:${email}|${ip}`;
const devicesKey = (email: string) => `otp-devices:${email}`;

export type VerifyOutcome = 'ok' | 'invalid' | 'too-many-attempts';
/** 'ok' says whether the e-mail consent box was ticked when this code was requested. */
export type Verified = { outcome: 'ok'; emailConsent: boolean } | { outcome: Exclude<VerifyOutcome, 'ok'> };
export type IssueOutcome =
  | { code: string; release: () => Promise<void> }
  | { refused: 'cooldown' | 'too-many'; retryAfterSeconds: number };

// KEYS[1]: the code's hash. ARGV: the given code's HMAC, '1' to accept any code, the wrong-try limit.
// Used up: the hash is dropped and the count kept, so every later try answers too-many until a new code.
// Answers { outcome, consent } (consent '1' when the e-mail consent was given with the request).
const VERIFY_SCRIPT = `
local stored = redis.call('HMGET', KEYS[1], 'hash', 'attempts', 'consent')
local attempts = tonumber(stored[2] or '0')
if attempts >= tonumber(ARGV[3]) then
  redis.call('HDEL', KEYS[1], 'hash')
  return { 'too-many-attempts', '0' }
end
if not stored[1] then return { 'invalid', '0' } end
if ARGV[2] == '1' or stored[1] == ARGV[1] then
  redis.call('DEL', KEYS[1])
  return { 'ok', stored[3] or '0' }
end
redis.call('HINCRBY', KEYS[1], 'attempts', 1)
return { 'invalid', '0' }
`;

export interface OtpLimits {
  sendsPerIpPerHour: number;
  keyPrefix: string;
}

export class OtpStore {
  private readonly sendsPerAddressAndIp: SlidingWindowLimit;
  private readonly sendsPerIp: SlidingWindowLimit;
  private readonly sendsPerAddress: SlidingWindowLimit;

  constructor(
    private readonly redis: Redis,
    private readonly secret: string,
    private readonly cooldownSeconds: number = LIMITS.otpResendCountdownMs / 1000,
    limits: OtpLimits = { sendsPerIpPerHour: 30, keyPrefix: 'limit' },
  ) {
    this.sendsPerAddressAndIp = new SlidingWindowLimit(
      redis,
      'otp-sends',
      OTP_POLICY.maxSendsPerWindow,
      OTP_POLICY.resendWindowSeconds * 1000,
      limits.keyPrefix,
    );
    this.sendsPerIp = new SlidingWindowLimit(redis, 'otp-sends-ip', limits.sendsPerIpPerHour, 3600_000, limits.keyPrefix);
    this.sendsPerAddress = new SlidingWindowLimit(
      redis,
      'otp-sends-address',
      OTP_POLICY.addressCeiling,
      OTP_POLICY.addressCeilingWindowSeconds * 1000,
      limits.keyPrefix,
    );
  }

  private hash(email: string, code: string): string {
    return createHmac('sha256', this.secret).update(`${email}:${code}`).digest('base64url');
  }

  /** Rounded up, so a client that waits this long is never refused again. */
  private async secondsLeft(key: string): Promise<number> {
    return Math.max(1, Math.ceil((await this.redis.pttl(key)) / 1000));
  }

  /**
   * A new code replaces the previous one. Every limit is counted atomically; a refused request takes
   * back what it counted, and `release` takes the send back when the e-mail could not be queued. The
   * e-mail consent given with the request travels with the code, so a first sign-in (no account yet) keeps it.
   */
  async issue(email: string, ip: string, knownDevice: boolean, emailConsent = false): Promise<IssueOutcome> {
    const cooldown = cooldownKey(email, ip);
    const free = await this.redis.set(cooldown, '1', 'EX', this.cooldownSeconds, 'NX');
    if (free !== 'OK') return { refused: 'cooldown', retryAfterSeconds: await this.secondsLeft(cooldown) };
    const counted: Array<() => Promise<void>> = [() => this.redis.del(cooldown).then(() => undefined)];
    const undo = async () => {
      for (const release of counted.reverse()) await release();
    };
    const checks: Array<[SlidingWindowLimit, string]> = [
      [this.sendsPerAddressAndIp, `${email}|${ip}`],
      [this.sendsPerIp, ip],
    ];
    if (!knownDevice) checks.push([this.sendsPerAddress, email]);
    for (const [limit, subject] of checks) {
      const hit = await limit.hit(subject);
      if (!hit.allowed) {
        await undo();
        return { refused: 'too-many', retryAfterSeconds: hit.retryAfterSeconds };
      }
      counted.push(hit.release);
    }
    const code = String(randomInt(0, 10 ** LIMITS.otpLength)).padStart(LIMITS.otpLength, '0');
    await this.redis
      .multi()
      .del(codeKey(email))
      .hset(codeKey(email), { hash: this.hash(email, code), attempts: '0', consent: emailConsent ? '1' : '0' })
      .expire(codeKey(email), OTP_POLICY.ttlSeconds)
      .exec();
    return {
      code,
      release: async () => {
        await this.redis.del(codeKey(email));
        await undo();
      },
    };
  }

  /** `acceptAnyCode` is the development aid of spec §4 (real OTP switched off); never set in production. */
  async verify(email: string, code: string, acceptAnyCode = false): Promise<Verified> {
    const [outcome, consent] = (await this.redis.eval(
      VERIFY_SCRIPT,
      1,
      codeKey(email),
      this.hash(email, code),
      acceptAnyCode ? '1' : '0',
      OTP_POLICY.maxWrongAttempts,
    )) as [VerifyOutcome, string];
    return outcome === 'ok' ? { outcome, emailConsent: consent === '1' } : { outcome };
  }

  /** The owner signed in from this IP: their own earlier requests no longer count against them. */
  async resetAfterSignIn(email: string, ip: string): Promise<void> {
    await Promise.all([this.sendsPerAddressAndIp.reset(`${email}|${ip}`), this.sendsPerAddress.reset(email)]);
  }

  /** Whether this browser's device token signed in to `email` before. */
  async isKnownDevice(email: string, deviceToken: string | undefined): Promise<boolean> {
    if (!deviceToken) return false;
    return (await this.redis.sismember(devicesKey(email), deviceHash(deviceToken))) === 1;
  }

  /** Remembers the browser after a successful sign-in (a few devices per address, for half a year). */
  async rememberDevice(email: string, deviceToken: string): Promise<void> {
    const key = devicesKey(email);
    const [, , [, size]] = (await this.redis
      .multi()
      .sadd(key, deviceHash(deviceToken))
      .expire(key, OTP_POLICY.knownDeviceDays * 86_400)
      .scard(key)
      .exec()) as [unknown, unknown, [null, number]];
    if (size > 20) await this.redis.spop(key, size - 20);
  }
}

function deviceHash(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
