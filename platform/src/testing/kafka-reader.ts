/** Reads events from a topic in tests, with a throwaway consumer group that starts at the end. */
import { randomUUID } from 'node:crypto';
import { Kafka, logLevel, type Consumer } from 'kafkajs';
import { parseEvent, type EventEnvelope } from '@safarsaathi/contracts';
import { fixIdleKafkaConnections } from '../kafka/idle-connection-fix';
import { hasSealed, openKeyring, openSealed, type PiiKeyring } from '../pii';
import { testTopic } from './run-scope';

/**
 * `events` are opened as a consumer reads them (personal fields in the clear, or '' once erased); `raw` is
 * what the topic holds (sealed).
 */
export class TopicRecorder {
  readonly events: EventEnvelope[] = [];
  readonly raw: Array<{ topic: string; headers: Record<string, string>; value: string }> = [];
  private keyring: Promise<PiiKeyring> | undefined;
  private constructor(private readonly consumer: Consumer) {}

  /**
   * Starts recording `topics` (product names: this run's KAFKA_TOPIC_PREFIX is put before them) from now on
   * (offsets at the end, so only new messages are seen).
   */
  static async start(
    topics: string[],
    brokers = process.env.KAFKA_BROKERS ?? '127.0.0.1:9092',
  ): Promise<TopicRecorder> {
    fixIdleKafkaConnections();
    const kafka = new Kafka({
      clientId: 'test-recorder',
      brokers: brokers.split(','),
      logLevel: logLevel.NOTHING,
    });
    const consumer = kafka.consumer({ groupId: `test-recorder-${randomUUID()}` });
    const recorder = new TopicRecorder(consumer);
    await consumer.connect();
    await consumer.subscribe({ topics: topics.map(testTopic), fromBeginning: false });
    let joined!: () => void;
    const ready = new Promise<void>((resolve) => (joined = resolve));
    consumer.on(consumer.events.GROUP_JOIN, () => joined());
    await consumer.run({
      eachMessage: async ({ topic, message }) => {
        const value = message.value?.toString('utf8') ?? '';
        const headers = Object.fromEntries(
          Object.entries(message.headers ?? {}).map(([k, v]) => [k, String(v)]),
        );
        recorder.raw.push({ topic, headers, value });
        try {
          let parsed: unknown = JSON.parse(value);
          if (hasSealed(value)) {
            recorder.keyring ??= openKeyring(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
            parsed = await openSealed(parsed, await recorder.keyring);
          }
          recorder.events.push(parseEvent(parsed));
        } catch {
          // raw keeps what could not be parsed (dead letters may be anything)
        }
      },
    });
    await ready;
    return recorder;
  }

  find(predicate: (event: EventEnvelope) => boolean): EventEnvelope | undefined {
    return this.events.find(predicate);
  }

  async stop(): Promise<void> {
    await this.consumer.disconnect();
    await this.keyring?.then((keyring) => keyring.close());
  }
}
