/**
 * FerretDB 1.x applies an update as read, modify, write without a transaction, so two processes that
 * update one document at the same moment can lose one of the updates (and two conditional updates can
 * both "succeed"). MongoDB applies each single-document update atomically. Where a document may be
 * written by several instances at once, the write runs inside `locks.around(key, fn)`: on FerretDB it
 * holds a short Redis lock on that document (one writer at a time across all instances); on MongoDB it
 * just runs `fn`.
 *
 * The lock is renewed while `fn` runs. Its time-to-live only frees the lock of a holder that crashed: a
 * holder that is merely slow (its database stalled, e.g. while FerretDB restarts) keeps it. Otherwise a
 * second writer would take the expired lock, read the document the first has not written yet, and one of
 * the two writes would undo the other once the database answers again (the fault test lost a chat message
 * that way). Renewal stops after `maxHoldMs`, so a holder hung for good cannot block its document forever.
 */
import { randomUUID } from 'node:crypto';
import type Redis from 'ioredis';
import { HttpError } from './http/errors';

const RELEASE_SCRIPT = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`;
const RENEW_SCRIPT = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0
`;

export interface DocumentLockOptions {
  /** The lock expires by itself this long after its holder stopped renewing it (a crashed holder). */
  ttlMs?: number;
  /** How long to wait for the lock before answering 503. */
  waitMs?: number;
  /** The longest a holder keeps renewing the lock; past it the lock expires even while `fn` still runs. */
  maxHoldMs?: number;
}

export class DocumentLocks {
  constructor(
    private readonly redis: Redis,
    /** True on FerretDB (see connectedToFerretDb); false makes `around` a plain call. */
    readonly enabled: boolean,
    private readonly namespace: string,
  ) {}

  async around<T>(key: string, fn: () => Promise<T>, options: DocumentLockOptions = {}): Promise<T> {
    if (!this.enabled) return fn();
    const lockKey = `doclock:${this.namespace}:${key}`;
    const token = randomUUID();
    const ttlMs = options.ttlMs ?? 5_000;
    const deadline = Date.now() + (options.waitMs ?? 5_000);
    for (let pause = 2; ; pause = Math.min(pause * 2, 50)) {
      if ((await this.redis.set(lockKey, token, 'PX', ttlMs, 'NX')) === 'OK') break;
      if (Date.now() > deadline) throw new HttpError(503, 'The service is busy. Please try again.');
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
    const renewUntil = Date.now() + (options.maxHoldMs ?? 60_000);
    // Renewed at a third of its life, so one renewal may fail (a Redis hiccup) before it lapses.
    const renewal = setInterval(
      () => {
        if (Date.now() > renewUntil) {
          clearInterval(renewal);
          return;
        }
        this.redis.eval(RENEW_SCRIPT, 1, lockKey, token, String(ttlMs)).catch(() => undefined);
      },
      Math.max(10, Math.floor(ttlMs / 3)),
    );
    renewal.unref();
    try {
      return await fn();
    } finally {
      clearInterval(renewal);
      await this.redis.eval(RELEASE_SCRIPT, 1, lockKey, token).catch(() => undefined);
    }
  }
}
