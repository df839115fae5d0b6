/** The consumer runner against real Kafka and FerretDB/MongoDB: idempotency and the dead-letter topic. */
import { randomUUID } from 'node:crypto';
import { Kafka, Partitioners, logLevel } from 'kafkajs';
import type { Connection } from 'mongoose';
import { TOPICS, deadLetterTopic, type EventEnvelope } from '@safarsaathi/contracts';
import { connectMongo, ensureIndexes } from '../src/mongo';
import { createLogger } from '../src/logger';
import { EventBus, ensureTopics } from '../src/kafka/bus';
import { buildEnvelope } from '../src/kafka/envelope';
import { mongoIdempotencyStore } from '../src/kafka/idempotency';
import { TopicRecorder, testDatabase, testTopic, waitFor } from '../src/testing';

const logger = createLogger('consumer-test', 'fatal');
let connection: Connection;
let bus: EventBus;
let deadLetters: TopicRecorder;
const handled: EventEnvelope[] = [];
const poisonKey = `poison-${randomUUID()}`;
let poisonAttempts = 0;

beforeAll(async () => {
  connection = await connectMongo(process.env.MONGO_URL!, testDatabase('platform'));
  const topicPrefix = process.env.KAFKA_TOPIC_PREFIX;
  bus = new EventBus({
    clientId: 'consumer-test',
    brokers: process.env.KAFKA_BROKERS!.split(','),
    logger,
    topicPrefix,
  });
  await ensureTopics(bus.admin(), topicPrefix);
  await bus.connect();
  const store = mongoIdempotencyStore(connection);
  await ensureIndexes(connection);
  deadLetters = await TopicRecorder.start([deadLetterTopic(TOPICS.authUsers)]);
  await bus.subscribe({
    // A fresh group per run: it reads from the beginning, so handlers only act on this run's keys.
    groupId: `consumer-test-${randomUUID()}`,
    store,
    maxAttempts: 3,
    backoffMs: 10,
    handlers: {
      user_deleted: async (event) => {
        if (event.key === poisonKey) {
          poisonAttempts += 1;
          throw new Error('this handler always fails for the poison key');
        }
        if (event.key.startsWith('dup-')) handled.push(event);
      },
    },
  });
});

afterAll(async () => {
  await deadLetters.stop();
  await bus.disconnect();
  await connection.close();
});

test('an event delivered twice is handled once', async () => {
  const key = `dup-${randomUUID()}`;
  const event = buildEnvelope('user_deleted', key, { userId: key, email: 'twice@example.test' }, 'test');
  await bus.publishEnvelope(event);
  await bus.publishEnvelope(event);
  const marker = buildEnvelope(
    'user_deleted',
    `dup-marker-${key}`,
    { userId: key, email: 'marker@example.test' },
    'test',
  );
  await bus.publishEnvelope(marker);
  // Same partition order is not guaranteed across keys, so wait for both, then check the count.
  await waitFor(
    async () =>
      handled.some((e) => e.id === event.id) && handled.some((e) => e.id === marker.id) ? true : undefined,
    30_000,
  );
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(handled.filter((e) => e.id === event.id)).toHaveLength(1);
});

test('a message that keeps failing goes to the dead-letter topic after bounded retries, with error headers', async () => {
  const event = buildEnvelope(
    'user_deleted',
    poisonKey,
    { userId: poisonKey, email: 'poison@example.test' },
    'test',
  );
  await bus.publishEnvelope(event);
  const letter = await waitFor(async () => deadLetters.raw.find((m) => m.value.includes(event.id)), 30_000);
  expect(poisonAttempts).toBe(3);
  expect(letter.headers['x-error-message']).toBe('this handler always fails for the poison key');
  expect(letter.headers['x-original-topic']).toBe(testTopic(TOPICS.authUsers));
  expect(letter.headers['x-attempts']).toBe('3');
  expect(JSON.parse(letter.value).id).toBe(event.id);
});

test('a malformed message goes straight to the dead-letter topic', async () => {
  const marker = `malformed-${randomUUID()}`;
  // Published raw, bypassing the envelope validation of publishEnvelope.
  const producer = new Kafka({
    clientId: 'raw',
    brokers: process.env.KAFKA_BROKERS!.split(','),
    logLevel: logLevel.NOTHING,
  }).producer({
    createPartitioner: Partitioners.DefaultPartitioner,
  });
  await producer.connect();
  await producer.send({
    topic: testTopic(TOPICS.authUsers),
    messages: [{ key: marker, value: `{"not":"an envelope","marker":"${marker}"}` }],
  });
  await producer.disconnect();
  const letter = await waitFor(async () => deadLetters.raw.find((m) => m.value.includes(marker)), 30_000);
  expect(letter.headers['x-error-handler']).toBe('unparseable');
});
