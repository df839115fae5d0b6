/**
 * Consumer runner: idempotent handling, bounded retries with backoff, dead-letter topic.
 * kafkajs retries a throwing eachMessage forever, so a handler's error never escapes this runner
 * unless even the dead-letter publish or the bookkeeping fails (then kafkajs redelivers: no silent drop).
 * Attempts are counted in the store before each one runs, so a message whose handler kills the process,
 * or that is retried across restarts, still reaches the dead-letter topic after `maxAttempts` in all.
 */
import type { IHeaders, KafkaMessage } from 'kafkajs';
import {
  deadLetterTopic,
  parseEvent,
  type EventData,
  type EventEnvelope,
  type EventType,
} from '@safarsaathi/contracts';
import { CORRELATION_HEADER } from '@safarsaathi/contracts';
import { withCorrelationId, type Logger } from '../logger';
import { SEALED_PREFIX } from '../pii';

export type EventHandler<T extends EventType> = (event: EventEnvelope<EventData<T>>) => Promise<void>;
export type EventHandlers = { [T in EventType]?: EventHandler<T> };

/** Remembers which (event, handler) pairs are done, so a redelivered event is handled once. */
export interface IdempotencyStore {
  isProcessed(eventId: string, handler: string): Promise<boolean>;
  markProcessed(eventId: string, handler: string): Promise<void>;
  /** Durable attempt counts (mongoIdempotencyStore); without them attempts are counted in this process only. */
  attempts?: AttemptLog;
}

/** How many times a handler has started on an event, kept where a crash or a restart cannot lose it. */
export interface AttemptLog {
  /** Counts one more attempt before it runs; returns its number and the error the previous one recorded. */
  begin(eventId: string, handler: string): Promise<{ attempt: number; lastError?: string }>;
  /** Records why an attempt failed, so a later process can name the error in the dead letter. */
  failed(eventId: string, handler: string, reason: string): Promise<void>;
  /** Forgets the count once the message is dead-lettered, so a replay of it gets its attempts again. */
  reset(eventId: string, handler: string): Promise<void>;
}

/** Attempts counted in memory: for consumers without a database (their handlers only touch memory). */
export function memoryAttemptLog(): AttemptLog {
  const counts = new Map<string, { attempt: number; lastError?: string }>();
  return {
    async begin(eventId, handler) {
      const key = `${handler}|${eventId}`;
      const entry = { attempt: (counts.get(key)?.attempt ?? 0) + 1, lastError: counts.get(key)?.lastError };
      counts.set(key, entry);
      return entry;
    },
    async failed(eventId, handler, reason) {
      const entry = counts.get(`${handler}|${eventId}`);
      if (entry) entry.lastError = reason;
    },
    async reset(eventId, handler) {
      counts.delete(`${handler}|${eventId}`);
    },
  };
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
  /** Where attempts are counted when the store keeps none (default: this process's memory, per call). */
  attempts?: AttemptLog;
  sendToDeadLetter: (letter: DeadLetter) => Promise<void>;
  logger: Logger;
  maxAttempts: number;
  backoffMs: number;
  sleep?: (ms: number) => Promise<void>;
  metrics?: ConsumerMetricHooks;
  /**
   * Opens the sealed personal fields of a message's JSON (pii.ts; the bus passes its keyring's). A failure
   * here (Redis unreachable) leaves the runner, so kafkajs delivers the message again: never a dead letter.
   */
  open?: (raw: unknown) => Promise<unknown>;
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
  const text = message.value?.toString('utf8') ?? 'null';
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    await deadLetter(topic, partition, message, deps, 'unparseable', error, 1);
    return 'dead-lettered';
  }
  if (deps.open && text.includes(SEALED_PREFIX)) raw = await deps.open(raw);
  try {
    event = parseEvent(raw);
  } catch (error) {
    // A malformed message will never succeed: straight to the dead-letter topic.
    await deadLetter(topic, partition, message, deps, 'unparseable', error, 1);
    return 'dead-lettered';
  }
  const handler = deps.handlers[event.type as EventType] as EventHandler<EventType> | undefined;
  if (!handler) return 'ignored';

  const handlerName = `${deps.groupId}:${event.type}`;
  const attempts = deps.store.attempts ?? deps.attempts ?? memoryAttemptLog();
  return withCorrelationId(event.correlationId, async () => {
    if (await deps.store.isProcessed(event.id, handlerName)) return 'duplicate';
    for (;;) {
      const { attempt, lastError } = await attempts.begin(event.id, handlerName);
      if (attempt > deps.maxAttempts) {
        // The attempts were used up by earlier deliveries: the last one never finished (its process died).
        const reason = `the consumer stopped during attempt ${deps.maxAttempts}${lastError ? `; the attempt before failed with: ${lastError}` : ''}`;
        await deadLetter(topic, partition, message, deps, handlerName, reason, deps.maxAttempts);
        await attempts.reset(event.id, handlerName);
        return 'dead-lettered';
      }
      try {
        await handler(event as EventEnvelope<never>);
        await deps.store.markProcessed(event.id, handlerName);
        return 'handled';
      } catch (error) {
        deps.metrics?.handlerFailed(deps.groupId, topic, event.type);
        deps.logger.warn(
          { err: error, eventId: event.id, type: event.type, attempt },
          'event handler failed',
        );
        if (attempt >= deps.maxAttempts) {
          await deadLetter(topic, partition, message, deps, handlerName, error, attempt);
          await attempts.reset(event.id, handlerName);
          return 'dead-lettered';
        }
        await attempts.failed(event.id, handlerName, errorText(error));
        await sleep(deps.backoffMs * 2 ** (attempt - 1));
      }
    }
  });
}

function errorText(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 1000);
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
  const reason = errorText(error);
  deps.logger.error(
    { topic, partition, offset: message.offset, handler: handlerName, reason },
    'message dead-lettered',
  );
  await deps.sendToDeadLetter({
    topic: deadLetterTopic(topic),
    key: message.key,
    value: message.value,
    headers: {
      ...message.headers,
      'x-error-message': reason,
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
