/**
 * Redis caches in front of the reads FerretDB makes expensive (it parses a whole document for any read,
 * about 0.2 ms per kB here): a user's inbox (70 kB for 200 conversations), and a conversation with its
 * newest page of messages (the conversation document holds the newest chunk; older chunks are more reads).
 * MongoDB/FerretDB stay the truth.
 *
 * Each cached value is stored under a version: a random token in Redis that every write of the underlying
 * documents replaces right after the database write. A value built from a read is stored under the version
 * seen *before* that read, so a write in between always makes it miss. A crash between a database write
 * and its new version leaves a value stale until its TTL ends (2 minutes).
 */
import { randomUUID } from 'node:crypto';
import type { Redis } from '@safarsaathi/platform';

const VALUE_TTL_SECONDS = 120;
const VERSION_TTL_SECONDS = 86_400;

export class VersionedCache {
  constructor(
    private readonly redis: Redis,
    private readonly name: string,
  ) {}

  private versionKey(id: string): string {
    return `chat:${this.name}-version:${id}`;
  }

  private valueKey(id: string): string {
    return `chat:${this.name}:${id}`;
  }

  /** After every database write of what `id` caches. */
  async changed(id: string): Promise<void> {
    await this.redis.set(this.versionKey(id), randomUUID(), 'EX', VERSION_TTL_SECONDS);
  }

  /** Erasure (issue 40): the cached value goes at once (a new version alone leaves it until its TTL). */
  async forget(id: string): Promise<void> {
    await this.redis
      .multi()
      .del(this.valueKey(id))
      .set(this.versionKey(id), randomUUID(), 'EX', VERSION_TTL_SECONDS)
      .exec();
  }

  /** The cached value when it is current; otherwise the version a value built now must be stored under. */
  async read(id: string): Promise<{ value: string } | { version: string }> {
    const [version, stored] = await this.redis.mget(this.versionKey(id), this.valueKey(id));
    if (version && stored) {
      // `${version}\n${value}`
      const split = stored.indexOf('\n');
      if (stored.slice(0, split) === version) return { value: stored.slice(split + 1) };
    }
    if (version) return { version };
    await this.redis.set(this.versionKey(id), randomUUID(), 'EX', VERSION_TTL_SECONDS, 'NX');
    return { version: (await this.redis.get(this.versionKey(id))) ?? '' };
  }

  async store(id: string, version: string, value: string): Promise<void> {
    if (version) await this.redis.set(this.valueKey(id), `${version}\n${value}`, 'EX', VALUE_TTL_SECONDS);
  }
}
