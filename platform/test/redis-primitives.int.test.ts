/** The sliding-window limit and the document locks against real Redis and FerretDB/MongoDB. */
import { randomUUID } from 'node:crypto';
import mongoose, { type Connection } from 'mongoose';
import { createRedis, type Redis } from '../src/redis';
import { SlidingWindowLimit } from '../src/sliding-window';
import { DocumentLocks } from '../src/document-locks';
import { testDatabase } from '../src/testing';

let redis: Redis;
const connections: Connection[] = [];

beforeAll(() => {
  redis = createRedis(process.env.REDIS_URL!);
});
afterAll(async () => {
  await Promise.all(connections.map((c) => c.close()));
  await redis.quit();
});

test('concurrent hits never pass a sliding-window limit together, and a released hit frees its place', async () => {
  const limit = new SlidingWindowLimit(redis, `test-${randomUUID()}`, 5, 60_000);
  const hits = await Promise.all(Array.from({ length: 30 }, () => limit.hit('alice')));
  expect(hits.filter((h) => h.allowed)).toHaveLength(5);
  const refused = hits.find((h) => !h.allowed)!;
  expect(refused.retryAfterSeconds).toBeGreaterThan(0);
  expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
  expect((await limit.hit('bob')).allowed).toBe(true);

  await hits.find((h) => h.allowed)!.release();
  expect((await limit.hit('alice')).allowed).toBe(true);
  expect((await limit.hit('alice')).allowed).toBe(false);
});

test('hits older than the window no longer count', async () => {
  const limit = new SlidingWindowLimit(redis, `test-${randomUUID()}`, 2, 1_000);
  const start = Date.now();
  expect((await limit.hit('x', start)).allowed).toBe(true);
  expect((await limit.hit('x', start + 10)).allowed).toBe(true);
  expect((await limit.hit('x', start + 20)).allowed).toBe(false);
  expect((await limit.hit('x', start + 1_100)).allowed).toBe(true);
});

test('writes from two connections to one document under the lock lose nothing', async () => {
  // Two connections behave like two instances of a service (each has its own FerretDB connection).
  for (let i = 0; i < 2; i += 1) {
    const connection = mongoose.createConnection(process.env.MONGO_URL!, {
      dbName: testDatabase('platform'),
      maxPoolSize: 1,
    });
    await connection.asPromise();
    connections.push(connection);
  }
  const id = `lock-${randomUUID()}`;
  const locks = connections.map(() => new DocumentLocks(redis, true, 'test_platform'));
  const lockedDocs = (connection: Connection) =>
    connection.collection<{ _id: string; items: string[] }>('locked_docs');
  await lockedDocs(connections[0]!).insertOne({ _id: id, items: [] });
  await Promise.all(
    connections.flatMap((connection, i) =>
      Array.from({ length: 25 }, (_, n) =>
        locks[i]!.around(id, () =>
          lockedDocs(connection).updateOne({ _id: id }, { $push: { items: `${i}-${n}` } }),
        ),
      ),
    ),
  );
  const stored = await lockedDocs(connections[0]!).findOne({ _id: id });
  expect(stored?.items).toHaveLength(50);
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('a holder slower than the lock’s time to live keeps it: the next writer waits for it, or hears 503', async () => {
  const locks = new DocumentLocks(redis, true, 'test_platform');
  const key = `slow-${randomUUID()}`;
  const order: string[] = [];
  const slow = locks.around(
    key,
    async () => {
      await sleep(1_000);
      order.push('slow holder done');
    },
    { ttlMs: 200 },
  );
  await sleep(50);
  // Five lifetimes of the lock pass while the first holder works: it is renewed, not taken over.
  await expect(locks.around(key, async () => order.push('impatient'), { waitMs: 600 })).rejects.toMatchObject(
    {
      status: 503,
    },
  );
  const next = locks.around(key, async () => order.push('next writer'), { waitMs: 3_000 });
  await Promise.all([slow, next]);
  expect(order).toEqual(['slow holder done', 'next writer']);
});

test('a holder hung past maxHoldMs stops renewing: its lock expires and another writer gets in', async () => {
  const locks = new DocumentLocks(redis, true, 'test_platform');
  const key = `hung-${randomUUID()}`;
  let hungDone = false;
  const hung = locks.around(
    key,
    async () => {
      await sleep(1_500);
      hungDone = true;
    },
    { ttlMs: 200, maxHoldMs: 300 },
  );
  await sleep(50);
  const gotInWhileHung = await locks.around(key, async () => !hungDone, { waitMs: 1_200 });
  await hung;
  expect(gotInWhileHung).toBe(true);
});
