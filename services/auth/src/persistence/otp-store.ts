/**
 * One-time codes in Redis: only an HMAC of the code is stored, it expires with the key's TTL, it is
 * single use, and it allows at most 5 wrong tries — checked and counted in one Lua script, so concurrent
 * guesses can never get more tries than that (a read followed by a separate increment could).
 *
 * Each browser has its own code (keyed by its device cookie): a code is checked only from the browser that
 * asked for it, so a stranger's wrong guesses can never use up the owner's code. Wrong codes for an address
 * from browsers that never signed in to it are also counted per address, with a growing wait and a ceiling
 * (OTP_POLICY, NIST SP 800-63B §5.2.2).
 *
 * Sends are limited so that abuse cannot lock the owner out (docs/security.md, "Sign-in limits"): per
 * (address, browser) a resend wait and 5 an hour; for browsers that never signed in to the address, a
 * ceiling per (mailbox, network) and a budget per network (an IPv4 address or an IPv6 /64). The ceiling is
 * not over all networks: strangers elsewhere must not be able to hold back a browser on a network that never
 * asked for the address. It counts the mailbox (the address without a `+tag`), so respelling the address
 * does not multiply it. Past the network budget a browser that solved a proof-of-work challenge still gets
 * its code; a browser the owner signed in with before (a known device) is never counted against its network
 * at all.
 */
import { createHash, createHmac, randomInt } from 'node:crypto';
import { SlidingWindowLimit, type Redis } from '@safarsaathi/platform';
import { LIMITS, OTP_POLICY, mailboxOf } from '@safarsaathi/contracts';

/*
 * Keys name an address by its keyed hash (`address`), never by the address itself (issue 40): a Redis
 * dump, a key listing or a log of keys holds no e-mail address, and erasing a user deletes them by name.
 */
const codeKey = (address: string, device: string) => `otp:${address}:${device}`;
const cooldownKey = (address: string, device: string) => `otp-cooldown:${address}|${device}`;
const devicesKey = (address: string) => `otp-devices:${address}`;
const failuresKey = (address: string) => `otp-failures:${address}`;

/** How keys name an address: its keyed hash (INTERNAL_HMAC_SECRET). */
export function otpAddress(secret: string, email: string): string {
  return createHmac('sha256', secret).update(`otp-address:${email}`).digest('base64url').slice(0, 27);
}
/** The key of a browser's code for an address (tests expire it). */
export const otpCodeKey = (secret: string, email: string, device: string) =>
  codeKey(otpAddress(secret, email), device);
/** The key of an address's wrong-code record (tests read and set it). */
export const otpFailuresKey = (secret: string, email: string) => failuresKey(otpAddress(secret, email));

export type VerifyOutcome = 'ok' | 'invalid' | 'too-many-attempts' | 'backoff';
/** 'ok' says whether the e-mail consent box was ticked when this code was requested. */
export type Verified =
  | { outcome: 'ok'; emailConsent: boolean }
  | { outcome: 'invalid' | 'too-many-attempts' }
  | { outcome: 'backoff'; retryAfterSeconds: number };
export type IssueOutcome =
  | { code: string; release: () => Promise<void> }
  | { refused: 'cooldown' | 'too-many' | 'challenge'; retryAfterSeconds: number };

/** Who asks for a code: the browser (its device cookie, hashed), its network and what it proved. */
export interface CodeRequester {
  device: string;
  network: string;
  knownDevice: boolean;
  /**
   * Redeems the proof-of-work solution the request carried, if any: asked only when the network's budget
   * is used up, so a solution is never spent on a request that did not need it.
   */
  proveWork: () => Promise<boolean>;
}

// KEYS[1]: the browser's code. KEYS[2]: the address's failure record. ARGV: the given code's HMAC, '1' to
// accept any code, the wrong-try limit per code, '1' for a known device, now (ms), free failures, base wait
// (ms), longest wait (ms), failure ceiling, how long failures are remembered (ms).
// A code used up: the hash is dropped and the count kept, so every later try answers too-many until a new
// code. Answers { outcome, consent ('1' when given with the request), ms to wait (backoff) }.
const VERIFY_SCRIPT = `
local stored = redis.call('HMGET', KEYS[1], 'hash', 'attempts', 'consent')
local attempts = tonumber(stored[2] or '0')
if attempts >= tonumber(ARGV[3]) then
  redis.call('HDEL', KEYS[1], 'hash')
  return { 'too-many-attempts', '0', '0' }
end
if not stored[1] then return { 'invalid', '0', '0' } end
local known = ARGV[4] == '1'
local now = tonumber(ARGV[5])
if not known then
  local record = redis.call('HMGET', KEYS[2], 'count', 'last')
  local failures = tonumber(record[1] or '0')
  local last = tonumber(record[2] or '0')
  if failures >= tonumber(ARGV[9]) then
    return { 'backoff', '0', tostring(math.max(1000, last + tonumber(ARGV[10]) - now)) }
  end
  if failures >= tonumber(ARGV[6]) then
    local wait = math.min(tonumber(ARGV[7]) * 2 ^ (failures - tonumber(ARGV[6])), tonumber(ARGV[8]))
    if now < last + wait then return { 'backoff', '0', tostring(math.floor(last + wait - now)) } end
  end
end
if ARGV[2] == '1' or stored[1] == ARGV[1] then
  redis.call('DEL', KEYS[1])
  redis.call('DEL', KEYS[2])
  return { 'ok', stored[3] or '0', '0' }
end
redis.call('HINCRBY', KEYS[1], 'attempts', 1)
if not known then
  redis.call('HINCRBY', KEYS[2], 'count', 1)
  redis.call('HSET', KEYS[2], 'last', tostring(now))
  redis.call('PEXPIRE', KEYS[2], ARGV[10])
end
return { 'invalid', '0', '0' }
`;

export interface OtpLimits {
  /** Codes per network and hour for browsers that never signed in to the address (then a challenge). */
  sendsPerNetworkPerHour: number;
  /** Codes per network and hour with a solved challenge: bounds what one solution farm can send. */
  solvedSendsPerNetworkPerHour: number;
  keyPrefix: string;
}

export class OtpStore {
  private readonly sendsPerAddressAndDevice: SlidingWindowLimit;
  private readonly sendsPerNetwork: SlidingWindowLimit;
  private readonly solvedSendsPerNetwork: SlidingWindowLimit;
  private readonly sendsPerMailboxAndNetwork: SlidingWindowLimit;

  constructor(
    private readonly redis: Redis,
    private readonly secret: string,
    private readonly cooldownSeconds: number = LIMITS.otpResendCountdownMs / 1000,
    limits: OtpLimits = {
      sendsPerNetworkPerHour: 30,
      solvedSendsPerNetworkPerHour: 1000,
      keyPrefix: 'limit',
    },
  ) {
    this.sendsPerAddressAndDevice = new SlidingWindowLimit(
      redis,
      'otp-sends-device',
      OTP_POLICY.maxSendsPerWindow,
      OTP_POLICY.resendWindowSeconds * 1000,
      limits.keyPrefix,
    );
    this.sendsPerNetwork = new SlidingWindowLimit(
      redis,
      'otp-sends-ip',
      limits.sendsPerNetworkPerHour,
      3600_000,
      limits.keyPrefix,
    );
    this.solvedSendsPerNetwork = new SlidingWindowLimit(
      redis,
      'otp-sends-ip-solved',
      limits.solvedSendsPerNetworkPerHour,
      3600_000,
      limits.keyPrefix,
    );
    this.sendsPerMailboxAndNetwork = new SlidingWindowLimit(
      redis,
      'otp-sends-mailbox-network',
      OTP_POLICY.addressCeiling,
      OTP_POLICY.addressCeilingWindowSeconds * 1000,
      limits.keyPrefix,
    );
  }

  private hash(email: string, code: string): string {
    return createHmac('sha256', this.secret).update(`${email}:${code}`).digest('base64url');
  }

  /** What keys say for an address: its keyed hash. */
  private address(email: string): string {
    return otpAddress(this.secret, email);
  }

  /** What the per-address ceiling counts: the inbox (keyed hash), on one network. */
  private mailboxSubject(email: string, network: string): string {
    const mailbox = createHmac('sha256', this.secret).update(`otp-mailbox:${mailboxOf(email)}`);
    return `${mailbox.digest('base64url').slice(0, 27)}|${network}`;
  }

  /**
   * Erasure (issue 40): the address's codes, waits, failures, known browsers and per-browser counts go at
   * once. The per-(mailbox, network) counts name no network here and expire with their window (an hour);
   * they hold only hashes.
   */
  async forgetAddress(email: string): Promise<void> {
    const address = this.address(email);
    const devices = await this.redis.smembers(devicesKey(address));
    const multi = this.redis.multi().del(devicesKey(address), failuresKey(address));
    for (const device of devices) multi.del(codeKey(address, device), cooldownKey(address, device));
    await multi.exec();
    await Promise.all(devices.map((device) => this.sendsPerAddressAndDevice.reset(`${address}|${device}`)));
  }

  /** Rounded up, so a client that waits this long is never refused again. */
  private async secondsLeft(key: string): Promise<number> {
    return Math.max(1, Math.ceil((await this.redis.pttl(key)) / 1000));
  }

  /**
   * A new code replaces the browser's previous one (other browsers' codes stay). Every limit is counted
   * atomically; a refused request takes back what it counted, and `release` takes the send back when the
   * e-mail could not be queued. The e-mail consent given with the request travels with the code, so a
   * first sign-in (no account yet) keeps it.
   */
  async issue(email: string, requester: CodeRequester, emailConsent = false): Promise<IssueOutcome> {
    const address = this.address(email);
    const cooldown = cooldownKey(address, requester.device);
    const free = await this.redis.set(cooldown, '1', 'EX', this.cooldownSeconds, 'NX');
    if (free !== 'OK') return { refused: 'cooldown', retryAfterSeconds: await this.secondsLeft(cooldown) };
    const counted: Array<() => Promise<void>> = [() => this.redis.del(cooldown).then(() => undefined)];
    const undo = async () => {
      for (const release of counted.reverse()) await release();
    };
    const refuse = async (
      refused: 'too-many' | 'challenge',
      retryAfterSeconds: number,
    ): Promise<IssueOutcome> => {
      await undo();
      return { refused, retryAfterSeconds };
    };

    const perDevice = await this.sendsPerAddressAndDevice.hit(`${address}|${requester.device}`);
    if (!perDevice.allowed) return refuse('too-many', perDevice.retryAfterSeconds);
    counted.push(perDevice.release);
    if (!requester.knownDevice) {
      const perMailbox = await this.sendsPerMailboxAndNetwork.hit(
        this.mailboxSubject(email, requester.network),
      );
      if (!perMailbox.allowed) return refuse('too-many', perMailbox.retryAfterSeconds);
      counted.push(perMailbox.release);
      const perNetwork = await this.sendsPerNetwork.hit(requester.network);
      if (perNetwork.allowed) counted.push(perNetwork.release);
      else if (!(await requester.proveWork())) return refuse('challenge', perNetwork.retryAfterSeconds);
      else {
        const solved = await this.solvedSendsPerNetwork.hit(requester.network);
        if (!solved.allowed) return refuse('too-many', solved.retryAfterSeconds);
        counted.push(solved.release);
      }
    }

    const code = String(randomInt(0, 10 ** LIMITS.otpLength)).padStart(LIMITS.otpLength, '0');
    const key = codeKey(address, requester.device);
    await this.redis
      .multi()
      .del(key)
      .hset(key, { hash: this.hash(email, code), attempts: '0', consent: emailConsent ? '1' : '0' })
      .expire(key, OTP_POLICY.ttlSeconds)
      .exec();
    return {
      code,
      release: async () => {
        await this.redis.del(key);
        await undo();
      },
    };
  }

  /**
   * Checks `code` against the code this browser asked for. A browser with no code of its own gets
   * 'invalid' and counts nothing. `acceptAnyCode` is the development aid of spec §4 (real OTP switched
   * off); never set in production.
   */
  async verify(
    email: string,
    device: string | undefined,
    code: string,
    options: { knownDevice: boolean; acceptAnyCode?: boolean },
  ): Promise<Verified> {
    if (!device) return { outcome: 'invalid' };
    const [outcome, consent, waitMs] = (await this.redis.eval(
      VERIFY_SCRIPT,
      2,
      codeKey(this.address(email), device),
      failuresKey(this.address(email)),
      this.hash(email, code),
      options.acceptAnyCode ? '1' : '0',
      OTP_POLICY.maxWrongAttempts,
      options.knownDevice ? '1' : '0',
      Date.now(),
      OTP_POLICY.freeFailures,
      OTP_POLICY.backoffBaseSeconds * 1000,
      OTP_POLICY.backoffMaxSeconds * 1000,
      OTP_POLICY.maxConsecutiveFailures,
      OTP_POLICY.failureMemorySeconds * 1000,
    )) as [VerifyOutcome, string, string];
    if (outcome === 'ok') return { outcome, emailConsent: consent === '1' };
    if (outcome === 'backoff')
      return { outcome, retryAfterSeconds: Math.max(1, Math.ceil(Number(waitMs) / 1000)) };
    return { outcome };
  }

  /**
   * The owner signed in from this browser on this network: their own earlier requests (and its resend
   * wait) no longer count.
   */
  async resetAfterSignIn(email: string, device: string, network: string): Promise<void> {
    const address = this.address(email);
    await Promise.all([
      this.sendsPerAddressAndDevice.reset(`${address}|${device}`),
      this.sendsPerMailboxAndNetwork.reset(this.mailboxSubject(email, network)),
      this.redis.del(cooldownKey(address, device)),
    ]);
  }

  /** Whether this browser's device token signed in to `email` before. */
  async isKnownDevice(email: string, device: string): Promise<boolean> {
    return (await this.redis.sismember(devicesKey(this.address(email)), device)) === 1;
  }

  /** Remembers the browser after a successful sign-in (a few devices per address, for half a year). */
  async rememberDevice(email: string, device: string): Promise<void> {
    const key = devicesKey(this.address(email));
    const [, , [, size]] = (await this.redis
      .multi()
      .sadd(key, device)
      .expire(key, OTP_POLICY.knownDeviceDays * 86_400)
      .scard(key)
      .exec()) as [unknown, unknown, [null, number]];
    if (size > 20) await this.redis.spop(key, size - 20);
  }
}

/** What the store keeps of a device token: its hash, so a Redis dump does not hold usable cookies. */
export function deviceHash(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
