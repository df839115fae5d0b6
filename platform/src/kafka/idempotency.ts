/**
 * Processed-event markers in the consuming service's own database, one document per (handler, event).
 * The pair is the document's `_id`: FerretDB (SQLite) pushes only `{ _id }` filters down to storage,
 * so this lookup stays fast however many events were processed; MongoDB uses its _id index.
 * The same document counts the handler's attempts on the event before each one runs, so the count
 * survives a crash inside the handler and a restart between retries (consumer.ts dead-letters on it).
 */
import { Schema, type Connection, type Model } from 'mongoose';
import type { AttemptLog, IdempotencyStore } from './consumer';

interface ProcessedEvent {
  _id: string;
  /** Set once the handler succeeded: the marker proper. */
  processedAt?: Date;
  /** Attempts started so far, counted before each one runs. */
  attempts?: number;
  attemptedAt?: Date;
  /** Why the latest attempt failed (named in the dead letter, also by a later process). */
  lastError?: string;
}

const processedEventSchema = new Schema<ProcessedEvent>(
  {
    _id: { type: String, required: true },
    processedAt: { type: Date },
    attempts: { type: Number },
    attemptedAt: { type: Date },
    lastError: { type: String },
  },
  { collection: 'processed_events', versionKey: false },
);

const markerId = (eventId: string, handler: string) => `${handler}|${eventId}`;

export function processedEventModel(connection: Connection): Model<ProcessedEvent> {
  return (
    connection.models.ProcessedEvent ??
    connection.model<ProcessedEvent>('ProcessedEvent', processedEventSchema)
  );
}

const isDuplicateKey = (error: unknown) => (error as { code?: number }).code === 11000;

export function mongoAttemptLog(connection: Connection): AttemptLog {
  const model = processedEventModel(connection);
  const begin = async (eventId: string, handler: string) => {
    // Only `{ _id }` in the filter: FerretDB reads nothing else. `new: false` gives the error of the
    // attempt before this one without a second read. No projection: FerretDB 1.24's findAndModify has none.
    const before = await model
      .findOneAndUpdate(
        { _id: markerId(eventId, handler) },
        { $inc: { attempts: 1 }, $set: { attemptedAt: new Date() } },
        { upsert: true, new: false },
      )
      .lean();
    return { attempt: (before?.attempts ?? 0) + 1, lastError: before?.lastError };
  };
  return {
    async begin(eventId, handler) {
      try {
        return await begin(eventId, handler);
      } catch (error) {
        // Two deliveries upserting the same new marker at once (a rebalance): the loser counts again.
        if (!isDuplicateKey(error)) throw error;
        return begin(eventId, handler);
      }
    },
    async failed(eventId, handler, reason) {
      await model.updateOne({ _id: markerId(eventId, handler) }, { $set: { lastError: reason } });
    },
    async reset(eventId, handler) {
      // By `_id` alone (FerretDB scans for anything more); a dead-lettered event has no processed marker.
      await model.deleteOne({ _id: markerId(eventId, handler) });
    },
  };
}

export function mongoIdempotencyStore(connection: Connection): IdempotencyStore {
  const model = processedEventModel(connection);
  return {
    async isProcessed(eventId, handler) {
      const marker = await model.findById(markerId(eventId, handler), { processedAt: 1 }).lean();
      return Boolean(marker?.processedAt);
    },
    async markProcessed(eventId, handler) {
      const id = markerId(eventId, handler);
      try {
        await model.updateOne(
          { _id: id },
          { $set: { processedAt: new Date() }, $unset: { lastError: 1 } },
          { upsert: true },
        );
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
        await model.updateOne({ _id: id }, { $set: { processedAt: new Date() }, $unset: { lastError: 1 } });
      }
    },
    attempts: mongoAttemptLog(connection),
  };
}
