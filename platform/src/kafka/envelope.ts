import { randomUUID } from 'node:crypto';
import { EVENT_CATALOG, type EventData, type EventEnvelope, type EventType } from '@safarsaathi/contracts';
import { currentCorrelationId } from '../logger';
import { newTraceId } from '../trace-context';

/** Builds a validated envelope; an invalid payload throws here, in the producer, not in every consumer. */
export function buildEnvelope<T extends EventType>(
  type: T,
  key: string,
  data: EventData<T>,
  producer: string,
  correlationId: string = currentCorrelationId() ?? newTraceId(),
): EventEnvelope<EventData<T>> {
  const entry = EVENT_CATALOG[type];
  return {
    id: randomUUID(),
    type,
    version: entry.version,
    occurredAt: new Date().toISOString(),
    producer,
    correlationId,
    key,
    data: entry.data.parse(data) as EventData<T>,
  };
}

export function topicOf(type: EventType): string {
  return EVENT_CATALOG[type].topic;
}
