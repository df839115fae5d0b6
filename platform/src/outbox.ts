/**
 * Crash-safe outbox without multi-document transactions (FerretDB has none).
 *
 * The events of a change are written INTO the changed document, in the same single-document write
 * (`pendingEvents`), so the change and its events cannot part ways. A relay publishes pending events
 * and then removes them. A crash after the write but before the publish leaves them in the document,
 * and the next relay pass (of any instance) publishes them: at least once, consumers are idempotent.
 *
 * Finding what a crash left behind: before each staging write, the writer notes the event in a small
 * collection of markers (`outbox_markers`, keyed by event id: which collection and document will hold
 * it). The relay's periodic sweep reads the markers, not the outbox collections: on FerretDB any filter
 * but `{ _id }` reads the whole collection (about 1 s at 5,000 companion requests, every sweep), while the
 * markers hold only what is pending right now. Once at start the relay sweeps the outbox collections
 * themselves, which also covers documents staged before markers existed.
 */
import { Schema, type Connection, type Model, type Query } from 'mongoose';
import type { EventData, EventEnvelope, EventType } from '@safarsaathi/contracts';
import type { Logger } from './logger';
import type { EventBus } from './kafka/bus';
import { buildEnvelope } from './kafka/envelope';
import type { DocumentLocks } from './document-locks';
import type { OutboxStats } from './metrics';
import { eraseSubjectFields } from './pii';

export interface OutboxFields {
  pendingEvents: EventEnvelope[];
  hasPendingEvents: boolean;
  outboxVersion: number;
}

/*
 * FerretDB does not support `$pull` with a condition, so the relay removes published events of a named
 * document with `$pullAll` (exact values, by `_id`) or under the document's lock, and in a sweep with an
 * optimistic compare-and-set on `outboxVersion`, which every staging write increments.
 */

/** The collection, in each service's database, where writers mark events before staging them. */
export const OUTBOX_MARKERS_COLLECTION = 'outbox_markers';

interface OutboxMarker {
  /** The event's id. */
  _id: string;
  /** The outbox collection whose document holds (or is about to hold) the event. */
  collection: string;
  documentId: unknown;
  markedAt: Date;
}

/**
 * A marker whose event is not in its document may belong to a write still under way (marked, not yet
 * staged): it is left alone this long, then taken for the trace of a write that failed or of an event
 * published before its marker could be removed.
 */
const ORPHAN_MARKER_AGE_MS = 60_000;
/** Markers read per sweep pass. */
const MARKERS_PER_PASS = 500;

function markersOf(connection: Connection) {
  return connection.collection<OutboxMarker>(OUTBOX_MARKERS_COLLECTION);
}

/** Marks events before the write that stages them (a marker without its event is harmless, the reverse not). */
async function markEvents(model: AnyModel, documentId: unknown, events: EventEnvelope[]): Promise<void> {
  if (events.length === 0) return;
  const markedAt = new Date();
  const markers = events.map((event) => ({
    _id: event.id,
    collection: model.collection.collectionName,
    documentId,
    markedAt,
  }));
  try {
    if (markers.length === 1) await markersOf(model.db).insertOne(markers[0]!);
    else await markersOf(model.db).insertMany(markers, { ordered: false });
  } catch (error) {
    // The same event staged again (a retried write): its marker is already there.
    if (!isOnlyDuplicateKeys(error)) throw error;
  }
}

function isOnlyDuplicateKeys(error: unknown): boolean {
  const { code, writeErrors } = error as {
    code?: number;
    writeErrors?: Array<{ code?: number }> | { code?: number };
  };
  if (Array.isArray(writeErrors))
    return writeErrors.length > 0 && writeErrors.every((writeError) => writeError.code === 11000);
  return code === 11000 || (writeErrors as { code?: number } | undefined)?.code === 11000;
}

/** The events an update stages with `stageEvents`. */
function stagedBy(update: unknown): EventEnvelope[] {
  const pushed = (update as { $push?: { pendingEvents?: { $each?: EventEnvelope[] } } } | null)?.$push
    ?.pendingEvents;
  return pushed?.$each ?? [];
}

/** The document an update names: a plain `_id` value (every writer of an outbox document names it so). */
function documentIdOf(query: Query<unknown, unknown>): unknown {
  const id = (query.getFilter() as { _id?: unknown })._id;
  const isOperator = typeof id === 'object' && id !== null && Object.getPrototypeOf(id) === Object.prototype;
  if (id === undefined || id === null || isOperator) {
    throw new Error(`${query.model.modelName}: events are staged on one document named by a plain _id`);
  }
  return id;
}

/**
 * Adds the outbox fields and their index to a schema, and the hooks that mark staged events
 * (`OUTBOX_MARKERS_COLLECTION`) before each write: creating a document with events, `updateOne` and
 * `findOneAndUpdate` with `stageEvents`. Writes that could stage on many documents at once are refused.
 */
export function outboxPlugin(schema: Schema): void {
  schema.add({
    pendingEvents: { type: [Schema.Types.Mixed], default: [] },
    hasPendingEvents: { type: Boolean, default: false },
    outboxVersion: { type: Number, default: 0 },
  });
  schema.index({ hasPendingEvents: 1 });
  schema.pre('save', async function markSavedEvents() {
    if (!this.isNew && !this.isModified('pendingEvents')) return;
    const events = (this.get('pendingEvents') ?? []) as EventEnvelope[];
    await markEvents(this.constructor as AnyModel, this._id, [...events]);
  });
  schema.pre(['updateOne', 'findOneAndUpdate'], async function markStagedEvents() {
    const events = stagedBy(this.getUpdate());
    if (events.length > 0) await markEvents(this.model, documentIdOf(this), events);
  });
  const manyRefused = 'events are staged one document at a time (create, save, updateOne, findOneAndUpdate)';
  schema.pre('updateMany', function refuseStagedOnMany() {
    if (stagedBy(this.getUpdate()).length > 0) throw new Error(manyRefused);
  });
  schema.pre('insertMany', function refuseStagedOnMany(next: (error?: Error) => void, documents: unknown) {
    const staged = (Array.isArray(documents) ? documents : [documents]).some(
      (d) => (d as { pendingEvents?: unknown[] } | null)?.pendingEvents?.length,
    );
    next(staged ? new Error(manyRefused) : undefined);
  });
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

/**
 * Erasure (issue 40): the personal fields of `subject` in the events still staged on one document are
 * erased in place, so a document erased before the relay published its events never publishes the person
 * (the key is destroyed too, this also covers an event published before the key is). Call it holding the
 * document's lock when the collection has one (`locked`); otherwise a compare-and-set on `outboxVersion`
 * keeps an event staged meanwhile. Markers stay valid: event ids do not change.
 */
export async function erasePendingEvents(
  model: AnyModel,
  id: unknown,
  subject: string,
  locked: boolean,
): Promise<boolean> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const current = await model
      .findOne({ _id: id }, { pendingEvents: 1, outboxVersion: 1 })
      .lean<{ pendingEvents?: EventEnvelope[]; outboxVersion?: number }>();
    const events = current?.pendingEvents ?? [];
    const erased = events.map((event) => eraseSubjectFields(event, subject));
    if (erased.every((event, index) => event === events[index])) return false;
    const filter = locked ? { _id: id } : { _id: id, outboxVersion: current?.outboxVersion ?? 0 };
    const result = await model.updateOne(filter, { $set: { pendingEvents: erased } });
    if (result.matchedCount === 1) return true;
  }
  return false;
}

export function outboxEvent<T extends EventType>(
  producer: string,
  type: T,
  key: string,
  data: EventData<T>,
): EventEnvelope {
  return buildEnvelope(type, key, data, producer);
}

/**
 * Writers nudge the relay right after staging events, so the timer is only a sweep for what a crash
 * left behind (read from the markers; services set their own interval, OUTBOX_SWEEP_MS).
 */
const SWEEP_INTERVAL_MS = 15_000;
/** After a failed pass, named documents are tried again this soon. */
const RETRY_AFTER_FAILURE_MS = 1_000;
/**
 * How many published event ids the relay remembers. A document written twice before the relay removed its
 * first events carries them again in the second write; remembering them keeps quick successive writes (a
 * chat conversation's messages) from publishing the same event twice. Consumers stay idempotent anyway.
 */
const REMEMBERED_PUBLISHED_IDS = 10_000;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyModel = Model<any>;

/**
 * A collection whose documents carry staged events. With `lockKey`, every writer of those documents
 * holds `locks.around(lockKey(id))` while it stages events, and the relay removes published events under
 * the same lock with a write by `_id` alone. Without it the relay removes them with a compare-and-set on
 * `outboxVersion`, which FerretDB answers by reading the whole collection (fine for small collections).
 */
export type OutboxSource = AnyModel | { model: AnyModel; lockKey: (id: string) => string };

/** One document whose staged events should be published now (see `OutboxRelay.nudge`). */
export interface OutboxTarget {
  model: AnyModel;
  id: unknown;
  /** The events the write just staged there, when the writer has them: saves the relay reading them back. */
  events?: EventEnvelope[];
}

/** Per document named since the last pass: the events its writers staged, or null when unknown (read them). */
type Named = Map<string, EventEnvelope[] | null>;

export interface OutboxRelayOptions {
  models: OutboxSource[];
  bus: Pick<EventBus, 'publishEnvelope'> & Partial<Pick<EventBus, 'publishEnvelopes'>>;
  logger: Logger;
  /** Needed for sources with a `lockKey`. */
  locks?: DocumentLocks;
  intervalMs?: number;
  batchSize?: number;
  /**
   * Where the sweeps read (the markers, and the collections at start), when not on the models' own
   * connection. On FerretDB the full sweep's filter reads the whole collection (about 1 s at 5,000
   * requests), and on the service's one connection every request waited behind it (the whole-journey
   * benchmark's p95 of posting a request); a connection of its own lets requests go on meanwhile. The
   * clean-up writes stay on the models.
   */
  sweepConnection?: Connection;
}

interface Source {
  model: AnyModel;
  lockKey?: (id: string) => string;
}

export class OutboxRelay {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private again = false;
  private retryTimer: NodeJS.Timeout | undefined;
  private stopped = true;
  /** The next pass sweeps: the outbox collections themselves ('full') or only the marked documents. */
  private sweepWanted: false | 'full' | 'marked' = false;
  private readonly sources: Source[];
  /** Documents named by writers since the last pass, by model: published by `_id`, no sweep needed. */
  private readonly targets = new Map<AnyModel, Named>();
  /**
   * What the relay knows is pending, per collection and document (events, oldest occurredAt), from its own
   * passes: set when a pass finds a document, removed once its events are published, cleared when a sweep
   * finds nothing. Metrics read this instead of querying (on FerretDB every such query scans the collection).
   */
  private readonly pending = new Map<string, Map<string, { events: number; oldest: number }>>();
  private readonly published = new Map<string, number>();
  /** Ids of events this relay has published, oldest first (a Set keeps insertion order). */
  private readonly publishedIds = new Set<string>();

  constructor(private readonly options: OutboxRelayOptions) {
    this.sources = options.models.map((source) => ('lockKey' in source ? source : { model: source }));
  }

  start(): void {
    this.stopped = false;
    // The first sweep reads the collections (what was staged before markers existed, or without one);
    // the later ones read the markers.
    let sweep: 'full' | 'marked' = 'full';
    const tick = () => {
      if (this.stopped) return;
      this.sweepWanted = this.sweepWanted === 'full' ? 'full' : sweep;
      sweep = 'marked';
      this.kick();
      this.timer = setTimeout(tick, this.options.intervalMs ?? SWEEP_INTERVAL_MS);
    };
    tick();
  }

  /**
   * Publish now (called right after a write, so events do not wait for the next tick). With a target, only
   * that document is handled (its events as handed over, or read by `_id`); without one, every outbox
   * collection is swept whole.
   */
  nudge(target?: OutboxTarget): void {
    if (this.stopped) return;
    if (target) this.name(target.model, String(target.id), target.events ?? null);
    else this.sweepWanted = 'full';
    this.kick();
  }

  /**
   * Publishes one document's pending events now and resolves once they are on Kafka (or throws). Used
   * before deleting a document: a delete would otherwise take its unpublished events with it.
   */
  async publishNow(target: OutboxTarget): Promise<void> {
    await this.publishBatch([[target.model, new Map([[String(target.id), target.events ?? null]])]]);
  }

  private name(model: AnyModel, id: string, events: EventEnvelope[] | null): void {
    const named: Named = this.targets.get(model) ?? new Map();
    const known = named.get(id);
    // Known events add up in staging order; one writer without them means reading the document.
    if (!events || known === null) named.set(id, null);
    else named.set(id, known ? [...known, ...events] : events);
    this.targets.set(model, named);
  }

  private kick(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.pass()
      .catch((error: unknown) => {
        this.options.logger.warn({ err: error }, 'outbox relay pass failed; will retry');
        // Named documents whose publish failed (e.g. the broker was away) are retried soon, not only at
        // the next write or sweep, which may be a minute away.
        if (!this.retryTimer) {
          this.retryTimer = setTimeout(() => {
            this.retryTimer = undefined;
            if (!this.stopped && this.targets.size > 0) this.kick();
          }, RETRY_AFTER_FAILURE_MS);
        }
        return 0;
      })
      .finally(() => {
        this.running = undefined;
        if (this.again && !this.stopped) {
          this.again = false;
          this.kick();
        }
      });
  }

  private async pass(): Promise<number> {
    let published = 0;
    while (this.targets.size > 0) published += await this.publishTargets();
    const sweep = this.sweepWanted;
    this.sweepWanted = false;
    if (sweep === 'full') published += await this.drain();
    else if (sweep === 'marked') published += await this.sweepMarked();
    return published;
  }

  /** Publishes the named documents' events in one batch, then removes them from each document. */
  private async publishTargets(): Promise<number> {
    const batch = [...this.targets];
    this.targets.clear();
    try {
      return await this.publishBatch(batch);
    } catch (error) {
      // Named again, so the next pass (the next write's nudge or the sweep) tries them first.
      for (const [model, named] of batch) for (const [id, events] of named) this.name(model, id, events);
      throw error;
    }
  }

  private async publishBatch(batch: Array<[AnyModel, Named]>): Promise<number> {
    const named = batch.flatMap(([model, documents]) => {
      const source = this.sources.find((candidate) => candidate.model === model) ?? { model };
      return [...documents].map(([id, events]) => ({ source, id, events }));
    });
    // Different documents: read and cleaned up side by side (each clean-up holds only its own document).
    const found = (
      await Promise.all(
        named.map(async ({ source, id, events }) => {
          if (events) return { source, id, events };
          const document = await source.model
            .findOne({ _id: id }, { pendingEvents: 1 })
            .lean<{ pendingEvents?: EventEnvelope[] }>();
          return document?.pendingEvents?.length ? { source, id, events: document.pendingEvents } : undefined;
        }),
      )
    ).filter((entry) => entry !== undefined);
    for (const entry of found) this.notePending(entry.source.model, entry.id, entry.events);
    await this.publish(found.flatMap((entry) => entry.events));
    await Promise.all(
      found.map(async (entry) => {
        await this.removePublished(
          entry.source,
          entry.id,
          new Set(entry.events.map((event) => event.id)),
          entry.events,
        );
        await this.unmark(entry.source.model, entry.events);
        this.notePublished(entry.source.model, entry.id, entry.events.length);
      }),
    );
    return found.reduce((sum, entry) => sum + entry.events.length, 0);
  }

  /** Publishes what this relay has not published yet (events still in their documents are only removed). */
  private async publish(events: EventEnvelope[]): Promise<void> {
    const unpublished = [
      ...new Map(
        events.filter((event) => !this.publishedIds.has(event.id)).map((event) => [event.id, event]),
      ).values(),
    ];
    if (unpublished.length === 0) return;
    if (this.options.bus.publishEnvelopes) await this.options.bus.publishEnvelopes(unpublished);
    else for (const event of unpublished) await this.options.bus.publishEnvelope(event);
    for (const event of unpublished) this.publishedIds.add(event.id);
    for (const id of this.publishedIds) {
      if (this.publishedIds.size <= REMEMBERED_PUBLISHED_IDS) break;
      this.publishedIds.delete(id);
    }
  }

  /**
   * Publishes the events of every marked document; returns how many were published. Reads the markers
   * (what is pending now, a few documents) and each marked document by `_id`: no collection scan.
   */
  async sweepMarked(): Promise<number> {
    let published = 0;
    for (const connection of new Set(this.sources.map((source) => source.model.db))) {
      const sources = this.sources.filter((source) => source.model.db === connection);
      // On the sweep's own connection when there is one (FerretDB), like the full sweep's reads.
      const markers = await markersOf(this.options.sweepConnection ?? connection)
        .find({})
        .limit(MARKERS_PER_PASS)
        .toArray();
      for (const source of sources) {
        const collection = source.model.collection.collectionName;
        const own = markers.filter((marker) => marker.collection === collection);
        // Nothing marked: nothing is pending here (metrics).
        if (own.length === 0) this.pendingOf(source.model).clear();
        const byDocument = new Map<string, OutboxMarker[]>();
        for (const marker of own)
          byDocument.set(String(marker.documentId), [
            ...(byDocument.get(String(marker.documentId)) ?? []),
            marker,
          ]);
        for (const documentMarkers of byDocument.values()) {
          published += await this.publishMarked(source, documentMarkers);
        }
      }
    }
    return published;
  }

  private async publishMarked(source: Source, markers: OutboxMarker[]): Promise<number> {
    const id = markers[0]!.documentId;
    const document = await source.model
      .findOne({ _id: id }, { pendingEvents: 1 })
      .lean<{ pendingEvents?: EventEnvelope[] }>();
    const events = document?.pendingEvents ?? [];
    if (events.length > 0) {
      this.notePending(source.model, String(id), events);
      await this.publish(events);
      // As for a named document: by `_id` alone (the compare-and-set of a full sweep reads the collection).
      await this.removePublished(source, id, new Set(events.map((event) => event.id)), events);
      this.notePublished(source.model, String(id), events.length);
    }
    const pendingIds = new Set(events.map((event) => event.id));
    const orphanBefore = Date.now() - ORPHAN_MARKER_AGE_MS;
    const done = markers.filter(
      (marker) => pendingIds.has(marker._id) || new Date(marker.markedAt).getTime() < orphanBefore,
    );
    await this.unmark(
      source.model,
      done.map((marker) => ({ id: marker._id })),
    );
    return events.length;
  }

  /** Removes the markers of published events (by `_id`, one write each: no scan on FerretDB). */
  private async unmark(model: AnyModel, events: Array<{ id: string }>): Promise<void> {
    await Promise.all(events.map((event) => markersOf(model.db).deleteOne({ _id: event.id })));
  }

  /** Publishes every pending event once (a sweep of every outbox collection); returns how many were published. */
  async drain(): Promise<number> {
    let published = 0;
    for (const source of this.sources) {
      // Until a pass finds nothing: events staged during a pass are picked up by the next one.
      for (let pass = 0; pass < 100; pass += 1) {
        const documents = await this.findPending(source.model, this.options.batchSize ?? 100);
        if (documents.length === 0) {
          this.pendingOf(source.model).clear();
          break;
        }
        for (const document of documents)
          this.notePending(source.model, String(document._id), document.pendingEvents);
        for (const document of documents) {
          await this.publish(document.pendingEvents);
          await this.removePublished(
            source,
            document._id,
            new Set(document.pendingEvents.map((event) => event.id)),
          );
          await this.unmark(source.model, document.pendingEvents);
          this.notePublished(source.model, String(document._id), document.pendingEvents.length);
          published += document.pendingEvents.length;
        }
      }
    }
    return published;
  }

  private async findPending(
    model: AnyModel,
    limit: number,
  ): Promise<Array<{ _id: unknown; pendingEvents: EventEnvelope[] }>> {
    const filter = { hasPendingEvents: true };
    const sweepDb = this.options.sweepConnection?.db;
    if (!sweepDb) {
      return model
        .find(filter, { pendingEvents: 1 })
        .limit(limit)
        .lean<Array<{ _id: unknown; pendingEvents: EventEnvelope[] }>>();
    }
    const documents = await sweepDb
      .collection(model.collection.collectionName)
      .find(filter, { projection: { pendingEvents: 1 } })
      .limit(limit)
      .toArray();
    return documents.map((document) => ({
      _id: document._id,
      pendingEvents: (document.pendingEvents ?? []) as EventEnvelope[],
    }));
  }

  /** The backlog as of the latest passes, per outbox collection (for metrics). */
  stats(): OutboxStats[] {
    return this.sources.map(({ model }) => {
      const collection = model.collection.name;
      const known = [...this.pendingOf(model).values()];
      return {
        collection,
        pendingEvents: known.reduce((sum, entry) => sum + entry.events, 0),
        oldestPendingAt: known.length > 0 ? Math.min(...known.map((entry) => entry.oldest)) : undefined,
        publishedEvents: this.published.get(collection) ?? 0,
      };
    });
  }

  private pendingOf(model: AnyModel): Map<string, { events: number; oldest: number }> {
    const collection = model.collection.name;
    let known = this.pending.get(collection);
    if (!known) {
      known = new Map();
      this.pending.set(collection, known);
    }
    return known;
  }

  private notePending(model: AnyModel, id: string, events: EventEnvelope[]): void {
    const oldest = Math.min(Date.now(), ...events.map((event) => Date.parse(event.occurredAt) || Date.now()));
    this.pendingOf(model).set(id, { events: events.length, oldest });
  }

  private notePublished(model: AnyModel, id: string, count: number): void {
    const collection = model.collection.name;
    this.pendingOf(model).delete(id);
    this.published.set(collection, (this.published.get(collection) ?? 0) + count);
  }

  /**
   * Removes published events from their document. Under the source's lock when it has one; else, for a
   * named document, exactly those events with `$pullAll` by `_id` (events staged meanwhile are different
   * values and stay; `hasPendingEvents` stays set until a sweep finds the array empty, since clearing it
   * here could hide an event staged between the read and this write); else (the sweep) a compare-and-set
   * on `outboxVersion`.
   */
  private async removePublished(
    source: Source,
    id: unknown,
    published: Set<string>,
    namedEvents?: EventEnvelope[],
  ): Promise<void> {
    const { model, lockKey } = source;
    const remainingOf = (current: { pendingEvents: EventEnvelope[] }) =>
      current.pendingEvents.filter((event) => !published.has(event.id));
    const locks = this.options.locks;
    if (lockKey && locks?.enabled) {
      // Every writer of this document holds the same lock: nothing can stage events between read and write.
      await locks.around(lockKey(String(id)), async () => {
        const current = await model
          .findOne({ _id: id }, { pendingEvents: 1 })
          .lean<{ pendingEvents: EventEnvelope[] }>();
        if (!current) return;
        const remaining = remainingOf(current);
        await model.updateOne(
          { _id: id },
          {
            $set: { pendingEvents: remaining, hasPendingEvents: remaining.length > 0 },
            $inc: { outboxVersion: 1 },
          },
        );
      });
      return;
    }
    if (namedEvents) {
      await model.updateOne({ _id: id }, { $pullAll: { pendingEvents: namedEvents } });
      return;
    }
    for (;;) {
      const current = await model
        .findOne({ _id: id }, { pendingEvents: 1, outboxVersion: 1 })
        .lean<{ pendingEvents: EventEnvelope[]; outboxVersion?: number }>();
      if (!current) return;
      const remaining = remainingOf(current);
      const result = await model.updateOne(
        { _id: id, outboxVersion: current.outboxVersion ?? 0 },
        {
          $set: { pendingEvents: remaining, hasPendingEvents: remaining.length > 0 },
          $inc: { outboxVersion: 1 },
        },
      );
      // Lost the race with a write that staged new events: read again and retry.
      if (result.modifiedCount === 1) return;
    }
  }

  /**
   * Stops the relay after publishing what writers have named so far (a shutdown flushes the outbox once
   * the consumers have drained). What cannot be published now stays in its document for the next start's
   * sweep.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    await this.running;
    if (this.targets.size === 0) return;
    await this.publishTargets().catch((error: unknown) => {
      this.options.logger.warn(
        { err: error },
        'outbox flush at shutdown failed; the next start publishes it',
      );
    });
  }
}
