/**
 * Processed-event markers expire: old ones are deleted (FerretDB: the sweeper, one instance at a time;
 * MongoDB: TTL indexes), recent ones stay, and a redelivery within the retention is still a duplicate.
 */
import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import { z } from 'zod';
import type { Connection } from 'mongoose';
import type { KafkaMessage } from 'kafkajs';
import { TOPICS } from '@safarsaathi/contracts';
import { baseEnvSchema, loadConfig } from '../src/config';
import { connectMongo, connectedToFerretDb } from '../src/mongo';
import { createRedis, type Redis } from '../src/redis';
import { createLogger } from '../src/logger';
import { startService } from '../src/service';
import { buildEnvelope } from '../src/kafka/envelope';
import { handleMessage } from '../src/kafka/consumer';
import { mongoIdempotencyStore, processedEventModel } from '../src/kafka/idempotency';
import { MarkerSweeper } from '../src/kafka/marker-expiry';
import { testDatabase, waitFor } from '../src/testing';
import { testEnv } from '../../test/stack';

const DAY_MS = 86_400_000;
const logger = createLogger('marker-expiry-test', 'silent');
let connection: Connection;
const sweepConnections: Connection[] = [];
let redis: Redis;
let ferret: boolean;

beforeAll(async () => {
  connection = await connectMongo(process.env.MONGO_URL!, testDatabase('marker_expiry'));
  ferret = await connectedToFerretDb(connection);
  redis = createRedis(process.env.REDIS_URL!);
});

afterAll(async () => {
  await Promise.all(sweepConnections.map((c) => c.close()));
  await redis.quit();
  await connection.close();
});

async function sweeper(options: { batchSize?: number; maxBatches?: number } = {}) {
  const own = await connectMongo(process.env.MONGO_URL!, testDatabase('marker_expiry'));
  sweepConnections.push(own);
  return new MarkerSweeper(own, redis, { retentionMs: 7 * DAY_MS, intervalMs: 60_000, logger, ...options });
}

/** Markers as older versions and crashed deliveries leave them, written straight into the collection. */
async function seedOld(count: number): Promise<string[]> {
  const model = processedEventModel(connection);
  const old = new Date(Date.now() - 8 * DAY_MS);
  const ids = Array.from({ length: count }, (_, i) => `old-group:user_deleted|${randomUUID()}-${i}`);
  await model.insertMany(
    ids.map((_id, i) =>
      // Every third one was attempted and never handled (its consumer group is gone).
      i % 3 === 2 ? { _id, attempts: 2, attemptedAt: old, lastError: 'gone' } : { _id, processedAt: old },
    ),
  );
  return ids;
}

function message(value: unknown): KafkaMessage {
  return {
    key: Buffer.from('k'),
    value: Buffer.from(JSON.stringify(value)),
    timestamp: '0',
    attributes: 0,
    offset: '1',
    headers: {},
  } as KafkaMessage;
}

test('old markers are deleted, recent ones stay, and a redelivery within the retention is still a duplicate', async () => {
  const store = mongoIdempotencyStore(connection);
  const oldIds = await seedOld(6);
  const recent = buildEnvelope(
    'user_deleted',
    'u-recent',
    { userId: 'u-recent', email: 'recent@example.test' },
    'test',
  );
  const handler = 'marker-group:user_deleted';
  await store.attempts!.begin(recent.id, handler);
  await store.markProcessed(recent.id, handler);
  const stillTrying = randomUUID();
  await store.attempts!.begin(stillTrying, handler);
  const first = await sweeper();
  await redis.del(first.leaseKey);

  expect(await first.sweep()).toBe(6);

  const model = processedEventModel(connection);
  for (const id of oldIds) expect(await model.findById(id).lean()).toBeNull();
  expect(await model.findById(`${handler}|${recent.id}`).lean()).not.toBeNull();
  expect(await model.findById(`${handler}|${stillTrying}`).lean()).toMatchObject({ attempts: 1 });
  const handled = jest.fn(async () => undefined);
  const outcome = await handleMessage('auth.users.v1', 0, message(recent), {
    groupId: 'marker-group',
    handlers: { user_deleted: handled },
    store,
    sendToDeadLetter: async () => undefined,
    logger,
    maxAttempts: 3,
    backoffMs: 1,
  });
  expect(outcome).toBe('duplicate');
  expect(handled).not.toHaveBeenCalled();
});

test('one sweep at a time: while one instance holds the lease, another does not sweep', async () => {
  const [a, b] = [await sweeper(), await sweeper()];
  await redis.del(a.leaseKey);
  const oldIds = await seedOld(3);
  const results = await Promise.all([a.sweep(), b.sweep()]);
  expect(results.filter((result) => result === undefined)).toHaveLength(1);
  expect(results.find((result) => result !== undefined)).toBe(3);
  for (const id of oldIds) expect(await processedEventModel(connection).findById(id).lean()).toBeNull();
  // The lease lasts the interval: the next try, even by the instance that swept, waits for it.
  expect(await a.sweep()).toBeUndefined();
});

test('a sweep deletes at most batchSize × maxBatches markers; the rest wait for the next one', async () => {
  const bounded = await sweeper({ batchSize: 2, maxBatches: 2 });
  await redis.del(bounded.leaseKey);
  await seedOld(7);
  expect(await bounded.sweep()).toBe(4);
  await redis.del(bounded.leaseKey);
  expect(await bounded.sweep()).toBe(3);
});

test('a running service expires its markers by itself (FerretDB: its sweeper; MongoDB: TTL indexes)', async () => {
  const database = testDatabase('marker_expiry_service');
  const service = await startService(
    'support',
    loadConfig(
      'support',
      baseEnvSchema.extend({ PORT: z.coerce.number() }),
      testEnv({ MONGO_DB: database, METRICS_PORT: '0', PROCESSED_EVENT_SWEEP_MINUTES: '0.02' }),
    ),
    () => ({
      routes: Router(),
      subscriptions: { topics: [TOPICS.supportCases], ignores: ['case_updated', 'case_replied'] },
      handlers: { case_created: async () => undefined },
    }),
  );
  try {
    const model = processedEventModel(service.deps.mongo);
    if (!ferret) {
      const indexes = await model.collection.indexes();
      expect(
        indexes
          .filter((index) => index.expireAfterSeconds === 7 * 86_400)
          .map((index) => Object.keys(index.key)),
      ).toEqual([['processedAt'], ['attemptedAt']]);
      return;
    }
    const oldId = `support:case_created|${randomUUID()}`;
    const recentId = `support:case_created|${randomUUID()}`;
    await model.insertMany([
      { _id: oldId, processedAt: new Date(Date.now() - 8 * DAY_MS) },
      { _id: recentId, processedAt: new Date() },
    ]);
    await waitFor(async () => ((await model.findById(oldId).lean()) === null ? true : undefined), 20_000);
    expect(await model.findById(recentId).lean()).not.toBeNull();
  } finally {
    await service.stop();
  }
});
