/**
 * The auditor's scan of issue 40: looks for a person's values (e-mail, phone, names, words they wrote)
 * everywhere the product keeps anything, reading it all as an auditor would rather than where the code says:
 * - every collection of every database of this test run (TEST_DB_PREFIX);
 * - every Redis key and value (names and values: strings, hashes, lists, sets, sorted sets, streams);
 * - every message of every topic of this run (KAFKA_TOPIC_PREFIX; dead-letter topics included), its key,
 *   headers and value as stored, and the value once more with every sealed field opened with the product's
 *   keys (pii.ts): a value found there is readable by anyone holding the keys, so it counts as found.
 * Each finding names where it is; the data catalogue's item for that collection, when it lists one.
 */
import { randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import { Kafka, logLevel, type Consumer, type Admin } from 'kafkajs';
import { MongoClient } from 'mongodb';
import { ALL_TOPICS, DATA_CATALOGUE, deadLetterTopic } from '@safarsaathi/contracts';
import { fixIdleKafkaConnections } from '../kafka/idle-connection-fix';
import { hasSealed, openKeyring, openSealed } from '../pii';
import { testTopic } from './run-scope';

export interface Finding {
  where: 'mongo' | 'redis' | 'kafka' | 'kafka (opened with the keys)';
  place: string;
  value: string;
  /** The data catalogue's item for that collection, when it names one. */
  item?: string;
}

/** Case-insensitive search of every value in a text; answers the values found. */
function found(text: string, values: readonly string[]): string[] {
  const lower = text.toLowerCase();
  return values.filter((value) => lower.includes(value.toLowerCase()));
}

function catalogueItemOf(database: string, collection: string): string | undefined {
  const service = database.split('_').pop();
  return DATA_CATALOGUE.find((item) =>
    item.where.some(
      (store) =>
        'collection' in store &&
        (store.collection === collection || store.collection === '*') &&
        (store.service === service || store.service === '*'),
    ),
  )?.id;
}

/** Every document of every collection of this run's databases. */
export async function scanMongo(values: readonly string[], url = process.env.MONGO_URL!): Promise<Finding[]> {
  const prefix = process.env.TEST_DB_PREFIX ?? 'test_';
  const client = new MongoClient(url);
  await client.connect();
  const findings: Finding[] = [];
  try {
    const { databases } = await client.db('admin').admin().listDatabases();
    for (const { name } of databases.filter((db) => db.name.startsWith(prefix))) {
      const db = client.db(name);
      for (const { name: collection } of await db.listCollections({}, { nameOnly: true }).toArray()) {
        for (const document of await db.collection(collection).find({}).toArray()) {
          for (const value of found(JSON.stringify(document), values)) {
            findings.push({
              where: 'mongo',
              place: `${name}.${collection} ${String(document._id)}`,
              value,
              item: catalogueItemOf(name, collection),
            });
          }
        }
      }
    }
  } finally {
    await client.close();
  }
  return findings;
}

/** Every key of the Redis the product uses, with its value whatever its type. */
export async function scanRedis(values: readonly string[], url = process.env.REDIS_URL!): Promise<Finding[]> {
  const redis = new Redis(url, { maxRetriesPerRequest: null });
  const findings: Finding[] = [];
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'COUNT', 1000);
      cursor = next;
      if (keys.length === 0) continue;
      const types = (await redis.pipeline(keys.map((key) => ['type', key])).exec()) ?? [];
      const reads = keys.map((key, i): [string, ...string[]] => {
        switch (types[i]?.[1]) {
          case 'string':
            return ['get', key];
          case 'hash':
            return ['hgetall', key];
          case 'list':
            return ['lrange', key, '0', '-1'];
          case 'set':
            return ['smembers', key];
          case 'zset':
            return ['zrange', key, '0', '-1'];
          case 'stream':
            return ['xrange', key, '-', '+'];
          default:
            return ['exists', key];
        }
      });
      const contents = (await redis.pipeline(reads).exec()) ?? [];
      keys.forEach((key, i) => {
        for (const value of found(`${key} ${JSON.stringify(contents[i]?.[1] ?? null)}`, values))
          findings.push({ where: 'redis', place: key, value });
      });
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
  return findings;
}

interface StoredMessage {
  topic: string;
  partition: number;
  offset: string;
  key: string;
  headers: string;
  value: string;
}

/**
 * Reads every topic of this run from the beginning and keeps reading (so events published after an
 * erasure are seen too); `scan` waits until it has read up to each partition's end as of the call.
 */
export class TopicScanner {
  private readonly messages: StoredMessage[] = [];
  private readonly read = new Map<string, number>();

  private constructor(
    private readonly consumer: Consumer,
    private readonly admin: Admin,
    readonly topics: string[],
  ) {}

  static async start(brokers = process.env.KAFKA_BROKERS ?? '127.0.0.1:9092'): Promise<TopicScanner> {
    fixIdleKafkaConnections();
    const kafka = new Kafka({
      clientId: 'erasure-scan',
      brokers: brokers.split(','),
      logLevel: logLevel.NOTHING,
    });
    const topics = ALL_TOPICS.flatMap((topic) => [testTopic(topic), deadLetterTopic(testTopic(topic))]);
    const consumer = kafka.consumer({ groupId: `erasure-scan-${randomUUID()}` });
    const admin = kafka.admin();
    await Promise.all([consumer.connect(), admin.connect()]);
    const scanner = new TopicScanner(consumer, admin, topics);
    await consumer.subscribe({ topics, fromBeginning: true });
    await consumer.run({
      eachMessage: async ({ topic, partition, message }) => {
        scanner.messages.push({
          topic,
          partition,
          offset: message.offset,
          key: message.key?.toString('utf8') ?? '',
          headers: JSON.stringify(
            Object.fromEntries(Object.entries(message.headers ?? {}).map(([k, v]) => [k, String(v)])),
          ),
          value: message.value?.toString('utf8') ?? '',
        });
        scanner.read.set(`${topic}:${partition}`, Number(message.offset));
      },
    });
    return scanner;
  }

  /** Resolves once every partition has been read up to its end as of now. */
  async caughtUp(timeoutMs = 30_000): Promise<void> {
    const ends: Array<[string, number]> = [];
    for (const topic of this.topics)
      for (const { partition, high, low } of await this.admin.fetchTopicOffsets(topic))
        if (Number(high) > Number(low)) ends.push([`${topic}:${partition}`, Number(high) - 1]);
    const deadline = Date.now() + timeoutMs;
    while (ends.some(([key, last]) => (this.read.get(key) ?? -1) < last)) {
      if (Date.now() > deadline) throw new Error('the topic scan did not catch up');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** How many messages were read (all topics). */
  get size(): number {
    return this.messages.length;
  }

  /**
   * Every message read so far, as stored and opened with the product's keys (a keyring of its own, with
   * nothing cached: what Redis holds now decides).
   */
  async scan(values: readonly string[]): Promise<Finding[]> {
    await this.caughtUp();
    const findings: Finding[] = [];
    const keyring = await openKeyring(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
    try {
      for (const message of this.messages) {
        const place = `${message.topic}[${message.partition}]@${message.offset}`;
        for (const value of found(`${message.key} ${message.headers} ${message.value}`, values))
          findings.push({ where: 'kafka', place, value });
        if (!hasSealed(message.value)) continue;
        const opened = JSON.stringify(await openSealed(JSON.parse(message.value) as unknown, keyring));
        for (const value of found(opened, values))
          findings.push({ where: 'kafka (opened with the keys)', place, value });
      }
    } finally {
      await keyring.close();
    }
    return findings;
  }

  async stop(): Promise<void> {
    await this.consumer.disconnect();
    await this.admin.disconnect();
  }
}
