/** Metrics against real Kafka and FerretDB/MongoDB: consumer lag that moves, and the outbox backlog. */
import { randomUUID } from 'node:crypto';
import { Schema, type Connection } from 'mongoose';
import { connectMongo } from '../src/mongo';
import { createLogger } from '../src/logger';
import { EventBus, ensureTopics } from '../src/kafka/bus';
import { naturallyIdempotent } from '../src/kafka/consumer';
import { OutboxRelay, outboxEvent, outboxPlugin, withEvents } from '../src/outbox';
import { ServiceMetrics } from '../src/metrics';
import { parseMetrics, sumOf, testDatabase, waitFor } from '../src/testing';

const logger = createLogger('metrics-test', 'fatal');
let connection: Connection;
let bus: EventBus;
const metrics = new ServiceMetrics('platform-test');

beforeAll(async () => {
  connection = await connectMongo(process.env.MONGO_URL!, testDatabase('platform'));
  const topicPrefix = process.env.KAFKA_TOPIC_PREFIX;
  bus = new EventBus({
    clientId: 'metrics-test',
    brokers: process.env.KAFKA_BROKERS!.split(','),
    logger,
    topicPrefix,
    metrics: metrics.consumerHooks(),
  });
  metrics.trackConsumerLag(() => bus.consumerLag());
  await ensureTopics(bus.admin(), topicPrefix);
  await bus.connect();
});

afterAll(async () => {
  await bus.disconnect();
  await connection.close();
});

const scrape = async () => parseMetrics(await metrics.registry.metrics());

test('consumer lag per group and partition grows while a handler is stuck and falls to zero once it goes on', async () => {
  let released = false;
  const key = `lag-${randomUUID()}`;
  const groupId = `metrics-lag-${randomUUID()}`;
  const group = bus.topicName(groupId); // as the metrics name it: with this run's prefix
  // A fresh group reads the topic from the beginning; every user_deleted waits until released.
  await bus.subscribe({
    groupId,
    store: naturallyIdempotent,
    handlers: {
      user_deleted: async () => {
        while (!released) await new Promise((resolve) => setTimeout(resolve, 50));
      },
    },
  });
  for (let i = 0; i < 3; i += 1)
    await bus.publish('user_deleted', key, { userId: key, email: `lag${i}@example.test` });

  const lagOf = async () => sumOf(await scrape(), 'kafka_consumer_lag', { group });
  const stuck = await waitFor(async () => ((await lagOf()) >= 3 ? lagOf() : undefined), 30_000, 250);
  expect(stuck).toBeGreaterThanOrEqual(3);
  const partitions = (await scrape()).filter(
    (s) => s.name === 'kafka_consumer_lag' && s.labels.group === group,
  );
  expect(partitions.length).toBeGreaterThanOrEqual(1);
  expect(
    partitions.every(
      (s) => /^\d+$/.test(s.labels.partition ?? '') && s.labels.topic?.endsWith('auth.users.v1'),
    ),
  ).toBe(true);

  released = true;
  await waitFor(async () => ((await lagOf()) === 0 ? true : undefined), 30_000, 250);
  expect(
    sumOf(await scrape(), 'kafka_consumer_messages_total', { group, outcome: 'handled' }),
  ).toBeGreaterThanOrEqual(3);
});

test('the outbox backlog and its oldest pending age come from the relay passes, and clear once published', async () => {
  const schema = new Schema({ text: String }, { collection: `outbox_metrics_${randomUUID().slice(0, 8)}` });
  schema.plugin(outboxPlugin);
  const model = connection.model(`MetricsNote${randomUUID().slice(0, 8)}`, schema);
  const key = `outbox-${randomUUID()}`;
  await model.create({
    text: 'pending',
    ...withEvents([
      outboxEvent('auth', 'user_deleted', key, { userId: key, email: 'a@example.test' }),
      outboxEvent('auth', 'user_deleted', key, { userId: key, email: 'b@example.test' }),
    ]),
  });
  let kafkaDown = true;
  const relay = new OutboxRelay({
    models: [model],
    logger,
    bus: {
      publishEnvelope: async (event) => {
        if (kafkaDown) throw new Error('kafka is down');
        await bus.publishEnvelope(event);
      },
    },
  });
  metrics.trackOutbox(() => relay.stats());
  const collection = model.collection.name;

  await expect(relay.drain()).rejects.toThrow('kafka is down');
  await new Promise((resolve) => setTimeout(resolve, 1100));
  let all = await scrape();
  expect(sumOf(all, 'outbox_pending_events', { collection })).toBe(2);
  expect(sumOf(all, 'outbox_oldest_pending_age_seconds', { collection })).toBeGreaterThanOrEqual(1);
  expect(sumOf(all, 'outbox_published_events_total', { collection })).toBe(0);

  kafkaDown = false;
  expect(await relay.drain()).toBe(2);
  all = await scrape();
  expect(sumOf(all, 'outbox_pending_events', { collection })).toBe(0);
  expect(sumOf(all, 'outbox_oldest_pending_age_seconds', { collection })).toBe(0);
  expect(sumOf(all, 'outbox_published_events_total', { collection })).toBe(2);
});
