/** kafkajs event bus: typed publish, explicit subscriptions, topic creation and a readiness probe. */
import {
  Kafka,
  logLevel,
  Partitioners,
  type Admin,
  type Consumer,
  type Producer,
  type LogEntry,
} from 'kafkajs';
import {
  ALL_TOPICS,
  CORRELATION_HEADER,
  EVENT_CATALOG,
  deadLetterTopic,
  isEventType,
  type EventData,
  type EventEnvelope,
  type EventType,
} from '@safarsaathi/contracts';
import type { Logger } from '../logger';
import { buildEnvelope, topicOf } from './envelope';
import {
  handleMessage,
  memoryAttemptLog,
  type ConsumerMetricHooks,
  type EventHandlers,
  type IdempotencyStore,
} from './consumer';
import type { ConsumerLag } from '../metrics';
import { TRACEPARENT_HEADER, traceparentFor } from '../trace-context';
import { fixIdleKafkaConnections } from './idle-connection-fix';
import { openKeyring, openSealed, sealEnvelope, type PiiKeyring } from '../pii';

export interface EventBusOptions {
  clientId: string;
  brokers: string[];
  logger: Logger;
  /** Put before every topic and consumer group name (KAFKA_TOPIC_PREFIX); tests use a fresh one per run. */
  topicPrefix?: string;
  /** Where the consumer runner reports messages, handler failures and dead letters (ServiceMetrics). */
  metrics?: ConsumerMetricHooks;
  /**
   * The keys that seal personal fields on publish and open them on consume (pii.ts). Without one, the bus
   * opens a keyring of its own on `redisUrl` (else REDIS_URL) when it first needs it: no event ever leaves
   * a bus with its personal fields readable.
   */
  pii?: PiiKeyring;
  redisUrl?: string;
}

export interface SubscriptionOptions {
  groupId: string;
  /** Topics to read (contracts' names); default: the topics of the handlers' event types. */
  topics?: readonly string[];
  handlers: EventHandlers;
  /** Processed markers and, when it keeps them (mongoIdempotencyStore), durable attempt counts. */
  store: IdempotencyStore;
  /** Attempts in all, over every delivery and restart, before a message goes to `<topic>.dlt`. */
  maxAttempts?: number;
  backoffMs?: number;
  /** How long the broker waits for a silent member before giving its partitions to others (default 30 s). */
  sessionTimeoutMs?: number;
  /** New groups read from the beginning by default, so nothing published before first start is missed. */
  fromBeginning?: boolean;
}

function pinoLogCreator(logger: Logger) {
  return () =>
    ({ level, log }: LogEntry) => {
      const { message, ...extra } = log;
      if (level === logLevel.ERROR) logger.error(extra, `kafka: ${message}`);
      else if (level === logLevel.WARN) logger.warn(extra, `kafka: ${message}`);
      else logger.debug(extra, `kafka: ${message}`);
    };
}

export class EventBus {
  private readonly kafka: Kafka;
  private readonly producer: Producer;
  private readonly consumers: Consumer[] = [];
  private readonly groups: Array<{ groupId: string; topics: string[] }> = [];
  private lagAdmin: Promise<Admin> | undefined;
  private connected = false;
  private ownKeyring: Promise<PiiKeyring> | undefined;

  constructor(private readonly options: EventBusOptions) {
    fixIdleKafkaConnections();
    this.kafka = new Kafka({
      clientId: options.clientId,
      brokers: options.brokers,
      logLevel: logLevel.WARN,
      logCreator: pinoLogCreator(options.logger),
      retry: { initialRetryTime: 300, retries: 8 },
    });
    // At-least-once delivery with idempotent consumers; one request in flight keeps per-key order.
    this.producer = this.kafka.producer({
      createPartitioner: Partitioners.DefaultPartitioner,
      maxInFlightRequests: 1,
    });
  }

  async connect(): Promise<void> {
    await this.producer.connect();
    this.connected = true;
  }

  /** Builds, validates and publishes an event straight away (use the outbox when a database write goes with it). */
  async publish<T extends EventType>(
    type: T,
    key: string,
    data: EventData<T>,
  ): Promise<EventEnvelope<EventData<T>>> {
    const envelope = buildEnvelope(type, key, data, this.options.clientId);
    await this.publishEnvelope(envelope);
    return envelope;
  }

  /** The physical name of a topic of the contracts list (with this bus's prefix). */
  topicName(topic: string): string {
    return `${this.options.topicPrefix ?? ''}${topic}`;
  }

  /** The keyring sealing and opening personal fields (the one given, or the bus's own). */
  keyring(): Promise<PiiKeyring> {
    if (this.options.pii) return Promise.resolve(this.options.pii);
    this.ownKeyring ??= openKeyring(
      this.options.redisUrl ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    );
    return this.ownKeyring;
  }

  /** The envelope as it travels: its personal fields sealed (contracts' PERSONAL_FIELDS). */
  async sealed(envelope: EventEnvelope): Promise<EventEnvelope> {
    return sealEnvelope(envelope, await this.keyring());
  }

  async publishEnvelope(envelope: EventEnvelope): Promise<void> {
    if (!isEventType(envelope.type)) throw new Error(`unknown event type ${envelope.type}`);
    const sealed = await this.sealed(envelope);
    await this.producer.send({
      topic: this.topicName(topicOf(envelope.type)),
      messages: [
        {
          key: envelope.key,
          value: JSON.stringify(sealed),
          headers: messageHeaders(envelope),
        },
      ],
    });
  }

  /** Publishes several envelopes in one request (per key, in the order given). */
  async publishEnvelopes(envelopes: EventEnvelope[]): Promise<void> {
    const byTopic = new Map<string, Array<{ key: string; value: string; headers: Record<string, string> }>>();
    for (const envelope of envelopes) {
      if (!isEventType(envelope.type)) throw new Error(`unknown event type ${envelope.type}`);
      const topic = this.topicName(topicOf(envelope.type));
      const messages = byTopic.get(topic) ?? [];
      messages.push({
        key: envelope.key,
        value: JSON.stringify(await this.sealed(envelope)),
        headers: messageHeaders(envelope),
      });
      byTopic.set(topic, messages);
    }
    if (byTopic.size === 0) return;
    await this.producer.sendBatch({
      topicMessages: [...byTopic].map(([topic, messages]) => ({ topic, messages })),
    });
  }

  /**
   * Starts one consumer group over the topics its handlers need. New groups read from the beginning,
   * so nothing published before a service first starts is missed.
   */
  async subscribe(options: SubscriptionOptions): Promise<Consumer> {
    const types = Object.keys(options.handlers);
    if (types.length === 0) throw new Error(`consumer group ${options.groupId} has no handlers`);
    for (const type of types) {
      if (!isEventType(type))
        throw new Error(`consumer group ${options.groupId} subscribes to unknown event ${type}`);
    }
    const topics = [
      ...new Set(
        (options.topics ?? types.map((type) => EVENT_CATALOG[type as EventType].topic)).map((topic) =>
          this.topicName(topic),
        ),
      ),
    ];
    const groupId = this.topicName(options.groupId);
    const sessionTimeout = options.sessionTimeoutMs ?? 30_000;
    const consumer = this.kafka.consumer({
      groupId,
      sessionTimeout,
      heartbeatInterval: Math.min(3_000, sessionTimeout / 3),
    });
    await consumer.connect();
    await consumer.subscribe({ topics, fromBeginning: options.fromBeginning ?? true });
    const deps = {
      groupId,
      handlers: options.handlers,
      store: options.store,
      // Used only when the store keeps no counts: then they last as long as this process.
      attempts: memoryAttemptLog(),
      logger: this.options.logger,
      metrics: this.options.metrics,
      maxAttempts: options.maxAttempts ?? 4,
      backoffMs: options.backoffMs ?? 250,
      open: async (data: unknown) => openSealed(data, await this.keyring()),
      sendToDeadLetter: async (letter: {
        topic: string;
        key: Buffer | string | null;
        value: Buffer | string | null;
        headers: Record<string, unknown>;
      }) => {
        await this.producer.send({
          topic: letter.topic,
          messages: [
            { key: letter.key, value: letter.value, headers: letter.headers as Record<string, string> },
          ],
        });
      },
    };
    await consumer.run({
      eachMessage: async ({ topic, partition, message }) => {
        const outcome = await handleMessage(topic, partition, message, deps);
        this.options.metrics?.messageHandled(groupId, topic, outcome);
      },
    });
    this.consumers.push(consumer);
    this.groups.push({ groupId, topics });
    return consumer;
  }

  /**
   * How far each of this bus's consumer groups is behind: end offset minus committed offset, per
   * partition (everything retained when the group has committed nothing yet). Read from the brokers, so
   * a stuck handler shows as growing lag even though its consumer reports nothing.
   */
  async consumerLag(): Promise<ConsumerLag[]> {
    if (this.groups.length === 0) return [];
    this.lagAdmin ??= (async () => {
      const admin = this.kafka.admin();
      await admin.connect();
      return admin;
    })().catch((error: unknown) => {
      this.lagAdmin = undefined;
      throw error;
    });
    const admin = await this.lagAdmin;
    const ends = new Map<string, Map<number, { high: number; low: number }>>();
    for (const topic of new Set(this.groups.flatMap((group) => group.topics))) {
      const offsets = await admin.fetchTopicOffsets(topic);
      ends.set(
        topic,
        new Map(offsets.map((o) => [o.partition, { high: Number(o.high), low: Number(o.low) }])),
      );
    }
    const lags: ConsumerLag[] = [];
    for (const { groupId, topics } of this.groups) {
      for (const { topic, partitions } of await admin.fetchOffsets({ groupId, topics })) {
        for (const { partition, offset } of partitions) {
          const end = ends.get(topic)?.get(partition);
          if (!end) continue;
          const committed = Number(offset);
          lags.push({
            group: groupId,
            topic,
            partition,
            lag: committed < 0 ? end.high - end.low : Math.max(0, end.high - committed),
          });
        }
      }
    }
    return lags;
  }

  admin(): Admin {
    return this.kafka.admin();
  }

  /**
   * Stops taking messages: each consumer finishes the message it is handling (and commits it), then leaves
   * its group. The producer stays, so what those handlers staged can still be published.
   */
  async stopConsumers(): Promise<void> {
    await Promise.allSettled(this.consumers.map((consumer) => consumer.disconnect()));
    this.consumers.length = 0;
    this.groups.length = 0;
  }

  /** Stops consumers first (drains in-flight messages), then the producer. */
  async disconnect(): Promise<void> {
    await this.stopConsumers();
    const lagAdmin = this.lagAdmin;
    this.lagAdmin = undefined;
    if (lagAdmin) await lagAdmin.then((admin) => admin.disconnect()).catch(() => undefined);
    if (this.connected) await this.producer.disconnect();
    this.connected = false;
    const own = this.ownKeyring;
    this.ownKeyring = undefined;
    if (own) await own.then((keyring) => keyring.close()).catch(() => undefined);
  }
}

/** The correlation id, as it is and as W3C `traceparent` (tracing tools read that), and the event type. */
function messageHeaders(envelope: EventEnvelope): Record<string, string> {
  const traceparent = traceparentFor(envelope.correlationId);
  return {
    [CORRELATION_HEADER]: envelope.correlationId,
    ...(traceparent ? { [TRACEPARENT_HEADER]: traceparent } : {}),
    'x-event-type': envelope.type,
  };
}

/**
 * Creates every topic of the contracts list and its dead-letter topic (with `prefix`, see
 * KAFKA_TOPIC_PREFIX); existing ones are left alone.
 */
export async function ensureTopics(admin: Admin, prefix = '', partitions = 3): Promise<void> {
  await admin.connect();
  try {
    const all = ALL_TOPICS.flatMap((topic) => [`${prefix}${topic}`, deadLetterTopic(`${prefix}${topic}`)]);
    const existing = new Set(await admin.listTopics());
    const wanted = all.filter((t) => !existing.has(t));
    if (wanted.length > 0) {
      await admin
        // Not kafkajs's own wait for leaders: it gives up at once when the broker's metadata does not list a new
        // topic yet ("This server does not host this topic-partition", seen on a loaded machine); the wait below
        // retries that too.
        .createTopics({
          waitForLeaders: false,
          topics: wanted.map((topic) => ({
            topic,
            numPartitions: partitions,
            replicationFactor: 1,
            // The search read model is rebuilt from these topics: keep their history.
            configEntries: [{ name: 'retention.ms', value: '-1' }],
          })),
        })
        .catch((error: unknown) => {
          // Another service may have created them at the same moment.
          if (!(error instanceof Error && /already exists/i.test(error.message))) throw error;
        });
    }
    // Topics another process has just created may not have partition leaders yet: reading offsets or
    // publishing would then fail with "not the leader". Wait until every partition has one.
    await waitForLeaders(admin, all);
  } finally {
    await admin.disconnect();
  }
}

async function waitForLeaders(admin: Admin, topics: string[], timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      // Listing offsets asks each partition's leader itself: it fails until the partitions are really served.
      for (const topic of topics) await admin.fetchTopicOffsets(topic);
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export async function pingKafka(admin: Admin): Promise<boolean> {
  try {
    await admin.connect();
    const cluster = await Promise.race([
      admin.describeCluster(),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), 2000)),
    ]);
    return cluster.brokers.length > 0;
  } catch {
    return false;
  }
}
