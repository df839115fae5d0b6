/** Processed-event markers in the consuming service's own database: unique on (eventId, handler). */
import { Schema, type Connection, type Model } from 'mongoose';
import type { IdempotencyStore } from './consumer';

interface ProcessedEvent {
  eventId: string;
  handler: string;
  processedAt: Date;
}

const processedEventSchema = new Schema<ProcessedEvent>(
  {
    eventId: { type: String, required: true },
    handler: { type: String, required: true },
    processedAt: { type: Date, required: true },
  },
  { collection: 'processed_events', versionKey: false },
);
processedEventSchema.index({ eventId: 1, handler: 1 }, { unique: true });

export function mongoIdempotencyStore(connection: Connection): IdempotencyStore {
  const model: Model<ProcessedEvent> =
    connection.models.ProcessedEvent ?? connection.model<ProcessedEvent>('ProcessedEvent', processedEventSchema);
  return {
    async isProcessed(eventId, handler) {
      return (await model.exists({ eventId, handler })) !== null;
    },
    async markProcessed(eventId, handler) {
      try {
        await model.create({ eventId, handler, processedAt: new Date() });
      } catch (error) {
        if ((error as { code?: number }).code !== 11000) throw error;
      }
    },
  };
}
