/**
 * Crash-safe outbox without multi-document transactions (FerretDB has none).
 *
 * The events of a change are written INTO the changed document, in the same single-document write
 * (`pendingEvents`), so the change and its events cannot part ways. A relay publishes pending events
 * and then removes them. A crash after the write but before the publish leaves them in the document,
 * and the next relay pass (of any instance) publishes them: at least once, consumers are idempotent.
 */
import { Schema, type Model } from 'mongoose';
import type { EventData, EventEnvelope, EventType } from '@safarsaathi/contracts';
import type { Logger } from './logger';
import type { EventBus } from './kafka/bus';
import { buildEnvelope } from './kafka/envelope';
import type { OutboxStats } from './metrics';

export interface OutboxFields {
  pendingEvents: EventEnvelope[];
  hasPendingEvents: boolean;
  outboxVersion: number;
}

/*
 * FerretDB does not support `$pull` with a condition, so the relay removes published events with an
 * optimistic compare-and-set on `outboxVersion`, which every staging write increments.
 */

/** Adds the outbox fields and their index to a schema. */
export function outboxPlugin(schema: Schema): void {
  schema.add({
    pendingEvents: { type: [Schema.Types.Mixed], default: [] },
    hasPendingEvents: { type: Boolean, default: false },
    outboxVersion: { type: Number, default: 0 },
  });
  schema.index({ hasPendingEvents: 1 });
}

/** Stages events for a document being created: spread into the `create()` payload. */
export function withEvents(events: EventEnvelope[]): OutboxFields {
  return { pendingEvents: events, hasPendingEvents: events.length > 0, outboxVersion: 0 };
}

/** The part of an update that stages events on an existing document: merge into `updateOne()`. */
export function stageEvents(
  events: EventEnvelope[],
  update: { $set?: Record<string, unknown>; $inc?: Record<string, number>; [op: string]: unknown } = {},
): Record<string, unknown> {
  return {
    ...update,
    $push: { ...(update.$push as object), pendingEvents: { $each: events } },
    $set: { ...update.$set, hasPendingEvents: true },
    $inc: { ...update.$inc, outboxVersion: 1 },
  };
}

export function outboxEvent<T extends EventType>(producer: string, type: T, key: string, data: EventData<T>): EventEnvelope {
  return buildEnvelope(type, key, data, producer);
}

/**
 * Writers nudge the relay right after staging events, so the timer is only a sweep for what a crash
 * left behind. It is slow on purpose: a sweep reads every outbox collection, and FerretDB (SQLite)
 * scans whole collections for any filter other than `{ _id }`.
 */
const SWEEP_INTERVAL_MS = 15_000;

/** The document a writer has just staged events on: the relay publishes it by `_id` at once. */
export interface OutboxTarget {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  model: Model<any>;
  id: unknown;
}

export interface OutboxRelayOptions {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  models: Array<Model<any>>;
  bus: Pick<EventBus, 'publishEnvelope'>;
  logger: Logger;
  intervalMs?: number;
  batchSize?: number;
}

export class OutboxRelay {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private again = false;
  private stopped = true;
  /** Publishes of written documents, one after another (events of one document keep their order). */
  private targeted: Promise<void> = Promise.resolve();
  /**
   * What the relay knows is pending, per collection and document (events, oldest occurredAt), from its own
   * passes: set when a pass finds a document, removed once its events are published, cleared when a pass
   * finds nothing. Metrics read this instead of querying (on FerretDB every such query scans the collection).
   */
  private readonly pending = new Map<string, Map<string, { events: number; oldest: number }>>();
  private readonly published = new Map<string, number>();

  constructor(private readonly options: OutboxRelayOptions) {}

  start(): void {
    this.stopped = false;
    const tick = () => {
      if (this.stopped) return;
      this.nudge();
      this.timer = setTimeout(tick, this.options.intervalMs ?? SWEEP_INTERVAL_MS);
    };
    tick();
  }

  /**
   * Publish now (called right after a write, so events do not wait for the next tick). With the written
   * document named, only that document is read, by `_id`: on FerretDB any other filter reads the whole
   * collection, so a full pass costs more as the collection grows, and a nudge would also wait for a
   * sweep already running. Without it, a full pass.
   */
  nudge(target?: OutboxTarget): void {
    if (this.stopped) return;
    if (target) {
      this.targeted = this.targeted
        .then(() => this.publishDocument(target))
        .catch((error: unknown) => {
          // The sweep publishes what is left.
          this.options.logger.warn({ err: error }, 'outbox publish of a written document failed; the sweep retries');
        });
      return;
    }
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch((error: unknown) => {
        this.options.logger.warn({ err: error }, 'outbox relay pass failed; will retry');
        return 0;
      })
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.nudge();
        }
      });
  }

  /** Publishes every pending event once; returns how many were published. */
  async drain(): Promise<number> {
    let published = 0;
    for (const model of this.options.models) {
      const collection = model.collection.name;
      const known = this.pendingOf(collection);
      // Until a pass finds nothing: events staged during a pass are picked up by the next one.
      for (let pass = 0; pass < 100; pass += 1) {
        const documents = await model
          .find({ hasPendingEvents: true }, { pendingEvents: 1 })
          .limit(this.options.batchSize ?? 100)
          .lean<Array<{ _id: unknown; pendingEvents: EventEnvelope[] }>>();
        if (documents.length === 0) {
          known.clear();
          break;
        }
        for (const document of documents) {
          const oldest = Math.min(Date.now(), ...document.pendingEvents.map((event) => Date.parse(event.occurredAt) || Date.now()));
          known.set(String(document._id), { events: document.pendingEvents.length, oldest });
        }
        for (const document of documents) {
          for (const event of document.pendingEvents) await this.options.bus.publishEnvelope(event);
          await this.removePublished(model, document._id, new Set(document.pendingEvents.map((event) => event.id)));
          known.delete(String(document._id));
          published += document.pendingEvents.length;
          this.published.set(collection, (this.published.get(collection) ?? 0) + document.pendingEvents.length);
        }
      }
    }
    return published;
  }

  /**
   * Publishes one document's pending events and removes exactly those with `$pullAll` by `_id` (events
   * staged meanwhile are different values and stay). `hasPendingEvents` stays set until the next sweep
   * finds the array empty and clears it with its compare-and-set: clearing it here could hide an event
   * staged between this read and that write.
   */
  private async publishDocument({ model, id }: OutboxTarget): Promise<void> {
    const document = await model.findOne({ _id: id }, { pendingEvents: 1 }).lean<{ pendingEvents?: EventEnvelope[] }>();
    const events = document?.pendingEvents ?? [];
    if (events.length === 0) return;
    for (const event of events) await this.options.bus.publishEnvelope(event);
    await model.updateOne({ _id: id }, { $pullAll: { pendingEvents: events } });
    const collection = model.collection.name;
    this.published.set(collection, (this.published.get(collection) ?? 0) + events.length);
  }

  /** The backlog as of the latest passes, per outbox collection (for metrics). */
  stats(): OutboxStats[] {
    return this.options.models.map((model) => {
      const collection = model.collection.name;
      const known = [...this.pendingOf(collection).values()];
      return {
        collection,
        pendingEvents: known.reduce((sum, entry) => sum + entry.events, 0),
        oldestPendingAt: known.length > 0 ? Math.min(...known.map((entry) => entry.oldest)) : undefined,
        publishedEvents: this.published.get(collection) ?? 0,
      };
    });
  }

  private pendingOf(collection: string): Map<string, { events: number; oldest: number }> {
    let known = this.pending.get(collection);
    if (!known) {
      known = new Map();
      this.pending.set(collection, known);
    }
    return known;
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  private async removePublished(model: Model<any>, id: unknown, published: Set<string>): Promise<void> {
    for (;;) {
      const current = await model
        .findOne({ _id: id }, { pendingEvents: 1, outboxVersion: 1 })
        .lean<{ pendingEvents: EventEnvelope[]; outboxVersion?: number }>();
      if (!current) return;
      const remaining = current.pendingEvents.filter((event) => !published.has(event.id));
      const result = await model.updateOne(
        { _id: id, outboxVersion: current.outboxVersion ?? 0 },
        { $set: { pendingEvents: remaining, hasPendingEvents: remaining.length > 0 }, $inc: { outboxVersion: 1 } },
      );
      // Lost the race with a write that staged new events: read again and retry.
      if (result.modifiedCount === 1) return;
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
    await this.targeted;
  }
}
