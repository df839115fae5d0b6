/**
 * FerretDB 1.x applies an update as read, modify, write without a transaction, so two processes that
 * update one document at the same moment can lose one of the updates (and two conditional updates can
 * both "succeed"). MongoDB applies each single-document update atomically. Where a document may be
 * written by several instances at once, the write runs inside `locks.around(key, fn)`: on FerretDB it
 * holds a short Redis lock on that document (one writer at a time across all instances); on MongoDB it
 * just runs `fn`.
 */
import { randomUUID } from 'node:crypto';
import type Redis from 'ioredis';
import { HttpError } from './http/errors';

const RELEASE_SCRIPT = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`;

export interface DocumentLockOptions {
  /** The lock expires by itself after this long, so a crashed holder never blocks others for good. */
  ttlMs?: number;
  /** How long to wait for the lock before answering 503. */
  waitMs?: number;
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
    try {
      return await fn();
    } finally {
      await this.redis.eval(RELEASE_SCRIPT, 1, lockKey, token).catch(() => undefined);
    }
  }
}
