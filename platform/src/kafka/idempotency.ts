/**
 * Processed-event markers in the consuming service's own database, one document per (handler, event).
 * The pair is the document's `_id`: FerretDB (SQLite) pushes only `{ _id }` filters down to storage,
 * so this lookup stays fast however many events were processed; MongoDB uses its _id index.
 */
import { Schema, type Connection, type Model } from 'mongoose';
import type { IdempotencyStore } from './consumer';

interface ProcessedEvent {
  _id: string;
  processedAt: Date;
}

const processedEventSchema = new Schema<ProcessedEvent>(
  { _id: { type: String, required: true }, processedAt: { type: Date, required: true } },
  { collection: 'processed_events', versionKey: false },
);

const markerId = (eventId: string, handler: string) => `${handler}|${eventId}`;

export function mongoIdempotencyStore(connection: Connection): IdempotencyStore {
  const model: Model<ProcessedEvent> =
    connection.models.ProcessedEvent ?? connection.model<ProcessedEvent>('ProcessedEvent', processedEventSchema);
  return {
    async isProcessed(eventId, handler) {
      return (await model.findById(markerId(eventId, handler), { _id: 1 }).lean()) !== null;
    },
    async markProcessed(eventId, handler) {
      try {
        await model.create({ _id: markerId(eventId, handler), processedAt: new Date() });
      } catch (error) {
        if ((error as { code?: number }).code !== 11000) throw error;
      }
    },
  };
}
