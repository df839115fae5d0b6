/**
 * Consumer runner: idempotent handling, bounded retries with backoff, dead-letter topic.
 * kafkajs retries a throwing eachMessage forever, so a handler's error never escapes this runner
 * unless even the dead-letter publish fails (then kafkajs redelivers: no silent drop).
 */
import type { IHeaders, KafkaMessage } from 'kafkajs';
import { deadLetterTopic, parseEvent, type EventData, type EventEnvelope, type EventType } from '@safarsaathi/contracts';
import { CORRELATION_HEADER } from '@safarsaathi/contracts';
import { withCorrelationId, type Logger } from '../logger';

export type EventHandler<T extends EventType> = (event: EventEnvelope<EventData<T>>) => Promise<void>;
export type EventHandlers = { [T in EventType]?: EventHandler<T> };

/** Remembers which (event, handler) pairs are done, so a redelivered event is handled once. */
export interface IdempotencyStore {
  isProcessed(eventId: string, handler: string): Promise<boolean>;
  markProcessed(eventId: string, handler: string): Promise<void>;
}

/** For handlers whose effect is harmless to repeat (e.g. dropping a cache entry): remembers nothing. */
export const naturallyIdempotent: IdempotencyStore = {
  isProcessed: async () => false,
  markProcessed: async () => undefined,
};

export interface DeadLetter {
  topic: string;
  key: Buffer | string | null;
  value: Buffer | string | null;
  headers: IHeaders;
}

/** Counters the runner reports to (ServiceMetrics.consumerHooks); optional so the rules stay testable alone. */
export interface ConsumerMetricHooks {
  messageHandled(group: string, topic: string, outcome: HandlingOutcome): void;
  handlerFailed(group: string, topic: string, eventType: string): void;
  deadLettered(group: string, topic: string): void;
}

export interface MessageHandlingDeps {
  groupId: string;
  handlers: EventHandlers;
  store: IdempotencyStore;
  sendToDeadLetter: (letter: DeadLetter) => Promise<void>;
  logger: Logger;
  maxAttempts: number;
  backoffMs: number;
  sleep?: (ms: number) => Promise<void>;
  metrics?: ConsumerMetricHooks;
}

export type HandlingOutcome = 'handled' | 'duplicate' | 'ignored' | 'dead-lettered';

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Handles one Kafka message; exported on its own so the retry and dead-letter rules are unit-testable. */
export async function handleMessage(
  topic: string,
  partition: number,
  message: KafkaMessage,
  deps: MessageHandlingDeps,
): Promise<HandlingOutcome> {
  const sleep = deps.sleep ?? defaultSleep;
  let event: EventEnvelope;
  try {
    event = parseEvent(JSON.parse(message.value?.toString('utf8') ?? 'null'));
  } catch (error) {
    // A malformed message will never succeed: straight to the dead-letter topic.
    await deadLetter(topic, partition, message, deps, 'unparseable', error, 1);
    return 'dead-lettered';
  }
  const handler = deps.handlers[event.type as EventType] as EventHandler<EventType> | undefined;
  if (!handler) return 'ignored';

  const handlerName = `${deps.groupId}:${event.type}`;
  return withCorrelationId(event.correlationId, async () => {
    if (await deps.store.isProcessed(event.id, handlerName)) return 'duplicate';
    let lastError: unknown;
    for (let attempt = 1; attempt <= deps.maxAttempts; attempt += 1) {
      try {
        await handler(event as EventEnvelope<never>);
        await deps.store.markProcessed(event.id, handlerName);
        return 'handled';
      } catch (error) {
        lastError = error;
        deps.metrics?.handlerFailed(deps.groupId, topic, event.type);
        deps.logger.warn({ err: error, eventId: event.id, type: event.type, attempt }, 'event handler failed');
        if (attempt < deps.maxAttempts) await sleep(deps.backoffMs * 2 ** (attempt - 1));
      }
    }
    await deadLetter(topic, partition, message, deps, handlerName, lastError, deps.maxAttempts);
    return 'dead-lettered';
  });
}

async function deadLetter(
  topic: string,
  partition: number,
  message: KafkaMessage,
  deps: MessageHandlingDeps,
  handlerName: string,
  error: unknown,
  attempts: number,
): Promise<void> {
  const reason = error instanceof Error ? error.message : String(error);
  deps.logger.error({ topic, partition, offset: message.offset, handler: handlerName, reason }, 'message dead-lettered');
  await deps.sendToDeadLetter({
    topic: deadLetterTopic(topic),
    key: message.key,
    value: message.value,
    headers: {
      ...message.headers,
      'x-error-message': reason.slice(0, 1000),
      'x-error-handler': handlerName,
      'x-original-topic': topic,
      'x-original-partition': String(partition),
      'x-original-offset': message.offset,
      'x-attempts': String(attempts),
      'x-failed-at': new Date().toISOString(),
    },
  });
  deps.metrics?.deadLettered(deps.groupId, topic);
}

export function correlationIdOf(message: KafkaMessage): string | undefined {
  const value = message.headers?.[CORRELATION_HEADER];
  return value ? value.toString() : undefined;
}
