/**
 * Processed-event markers (and attempt counts, idempotency.ts) expire after a retention: a redelivery
 * within it is still recognised, and `processed_events` stops growing for ever. MongoDB removes them
 * itself with TTL indexes. FerretDB 1.24 has none, so one instance per database at a time (a Redis lease)
 * deletes them in bounded batches. FerretDB reads the whole collection for any filter but `{ _id }`, and
 * no marker `_id` can be ordered by time while it is looked up by (handler, event) alone, so each batch
 * costs a read of the collection: the sweep runs rarely (hourly by default) on a connection of its own,
 * so the service's own connection never waits behind it.
 */
import { randomUUID } from 'node:crypto';
import type { Connection } from 'mongoose';
import type { Redis } from 'ioredis';
import type { Logger } from '../logger';
import { processedEventModel } from './idempotency';

/** Markers whose latest write is older than `cutoff`: handled before it, or attempted before it and never handled. */
export function expiredMarkers(cutoff: Date): Record<string, unknown> {
  return {
    $or: [
      { processedAt: { $lt: cutoff } },
      { processedAt: { $exists: false }, attemptedAt: { $lt: cutoff } },
    ],
  };
}

/** MongoDB: TTL indexes do the expiry (a changed retention is applied to the existing indexes). */
export async function ensureMarkerTtlIndexes(connection: Connection, retentionMs: number): Promise<void> {
  const collection = processedEventModel(connection).collection;
  const expireAfterSeconds = Math.max(1, Math.round(retentionMs / 1000));
  for (const field of ['processedAt', 'attemptedAt']) {
    const name = `${field}_ttl`;
    try {
      await collection.createIndex({ [field]: 1 }, { name, expireAfterSeconds });
    } catch (error) {
      const code = (error as { code?: number }).code;
      // IndexOptionsConflict / IndexKeySpecsConflict: made earlier with another retention.
      if (code !== 85 && code !== 86) throw error;
      await connection.db!.command({
        collMod: collection.collectionName,
        index: { name, expireAfterSeconds },
      });
    }
  }
}

export interface MarkerSweeperOptions {
  retentionMs: number;
  /** How often an instance tries; the lease makes it at most once per interval over all instances. */
  intervalMs: number;
  /** Markers deleted per batch (each batch reads the collection twice on FerretDB). */
  batchSize?: number;
  /** A backlog larger than batchSize × maxBatches is left for the next sweep. */
  maxBatches?: number;
  logger: Logger;
}

export class MarkerSweeper {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  /** The Redis key of the lease (per database: the instances of one service share it). */
  readonly leaseKey: string;

  /** `connection` should be a connection of its own (the sweep's reads take seconds on FerretDB). */
  constructor(
    private readonly connection: Connection,
    private readonly redis: Redis,
    private readonly options: MarkerSweeperOptions,
  ) {
    this.leaseKey = `processed-events-sweep:${connection.name}`;
  }

  start(): void {
    const tick = () => {
      this.running = this.sweep().catch((error: unknown) =>
        this.options.logger.warn({ err: error }, 'processed-event sweep failed'),
      );
      this.timer = setTimeout(tick, this.options.intervalMs);
      this.timer.unref();
    };
    tick();
  }

  /**
   * One sweep if this instance gets the lease (kept for the whole interval, never released early, so the
   * sweeps of all instances together stay one per interval); returns how many markers it deleted, or
   * undefined when another instance holds the lease.
   */
  async sweep(now = Date.now()): Promise<number | undefined> {
    const leased = await this.redis.set(
      this.leaseKey,
      randomUUID(),
      'PX',
      Math.max(1, Math.round(this.options.intervalMs)),
      'NX',
    );
    if (leased !== 'OK') return undefined;
    const model = processedEventModel(this.connection);
    const filter = expiredMarkers(new Date(now - this.options.retentionMs));
    const batchSize = this.options.batchSize ?? 1000;
    let deleted = 0;
    for (let batch = 0; batch < (this.options.maxBatches ?? 10); batch += 1) {
      const ids = (await model.find(filter, { _id: 1 }).limit(batchSize).lean()).map((marker) => marker._id);
      if (ids.length === 0) break;
      // Deleted by the ids found, so a batch stays bounded whatever the backlog.
      deleted += (await model.deleteMany({ _id: { $in: ids } })).deletedCount;
      if (ids.length < batchSize) break;
    }
    if (deleted > 0)
      this.options.logger.info(
        { deleted, database: this.connection.name },
        'expired processed-event markers deleted',
      );
    return deleted;
  }

  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }
}
