/** The live primitive against real Redis: publish, one subscription fanning out, replay, resync, merge. */
import { randomUUID } from 'node:crypto';
import type { LiveEventType } from '@safarsaathi/contracts';
import { createLogger } from '../src/logger';
import { createRedis, type Redis } from '../src/redis';
import { LiveHub, LivePublisher, compareStreamIds, type LiveEntry, type LiveSink } from '../src/live';

const logger = createLogger('live-test', 'warn');
const prefix = `${process.env.LIVE_PREFIX ?? 'live-test'}-${randomUUID().slice(0, 8)}`;
let redis: Redis;
let publisher: LivePublisher;
const hubs: LiveHub[] = [];

async function startHub(): Promise<LiveHub> {
  const hub = new LiveHub({ redis, prefix, logger });
  await hub.start();
  hubs.push(hub);
  return hub;
}

function sink(userId: string, sessionId = 'session-a', sessionStartedAt = 0) {
  const received: LiveEntry[] = [];
  let ended = false;
  const value: LiveSink & { received: LiveEntry[]; ended: () => boolean } = {
    userId,
    sessionId,
    sessionStartedAt,
    send: (entry) => received.push(entry),
    end: () => (ended = true),
    received,
    ended: () => ended,
  };
  return value;
}

async function until(check: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const types = (entries: LiveEntry[]) => entries.map((entry) => entry.type as LiveEventType);

beforeAll(() => {
  redis = createRedis(process.env.REDIS_URL!);
  publisher = new LivePublisher(redis, { prefix, logger });
});
afterAll(async () => {
  await Promise.all(hubs.map((hub) => hub.stop()));
  await redis.quit();
});

test('a published event reaches the user on every hub, and nobody else', async () => {
  const [hubA, hubB] = await Promise.all([startHub(), startHub()]);
  const asha = sink(`u-${randomUUID()}`);
  const ashaElsewhere = sink(asha.userId, 'session-b');
  const ravi = sink(`u-${randomUUID()}`);
  await hubA.open(asha);
  await hubB.open(ashaElsewhere);
  await hubB.open(ravi);
  expect(types(asha.received)).toEqual(['ready']);

  const id = await publisher.publish(asha.userId, 'notification.created', { notification_id: 'n1' });
  expect(id).toMatch(/^\d+-\d+$/);
  await until(() => asha.received.length === 2 && ashaElsewhere.received.length === 2);
  expect(asha.received[1]).toEqual({ id, type: 'notification.created', data: '{"notification_id":"n1"}' });
  expect(ashaElsewhere.received[1]!.id).toBe(id);
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(types(ravi.received)).toEqual(['ready']);
});

test('an invalid body is refused before it reaches Redis', async () => {
  const userId = `u-${randomUUID()}`;
  // A body that names a message's text is not one of the live bodies.
  const id = await publisher.publish(userId, 'chat.message', {
    conversation_id: 'c1',
    seq: 1,
    text: 'hello',
  } as never);
  expect(id).toBeUndefined();
  expect(await redis.exists(`${prefix}:stream:${userId}`)).toBe(0);
});

test('a stream opened with Last-Event-ID gets exactly what it missed, then live events, in order', async () => {
  const hub = await startHub();
  const userId = `u-${randomUUID()}`;
  const first = await publisher.publish(userId, 'chat.message', { conversation_id: 'c1', seq: 1 });
  await publisher.publish(userId, 'chat.message', { conversation_id: 'c1', seq: 2 });
  await publisher.publish(userId, 'chat.read', { conversation_id: 'c1', last_read_seq: 2 });

  const back = sink(userId);
  await hub.open(back, first);
  expect(back.received.map((entry) => entry.data)).toEqual([
    '{"conversation_id":"c1","seq":2}',
    '{"conversation_id":"c1","last_read_seq":2}',
  ]);
  await publisher.publish(userId, 'chat.message', { conversation_id: 'c1', seq: 3 });
  await until(() => back.received.length === 3);
  expect(back.received[2]!.data).toBe('{"conversation_id":"c1","seq":3}');
});

test('publishing all the while a stream catches up: no event lost, none twice', async () => {
  const hub = await startHub();
  const userId = `u-${randomUUID()}`;
  const start = await publisher.publish(userId, 'chat.message', { conversation_id: 'c', seq: 1 });
  let seq = 1;
  let publishing = true;
  const producer = (async () => {
    while (publishing) {
      seq += 1;
      await publisher.publish(userId, 'chat.message', { conversation_id: 'c', seq });
    }
  })();
  await new Promise((resolve) => setTimeout(resolve, 50));
  const late = sink(userId);
  await hub.open(late, start);
  await new Promise((resolve) => setTimeout(resolve, 100));
  publishing = false;
  await producer;
  await until(() => late.received.length === seq - 1);
  const seqs = late.received.map((entry) => (JSON.parse(entry.data) as { seq: number }).seq);
  expect(seqs).toEqual(Array.from({ length: seq - 1 }, (_, i) => i + 2));
  for (let i = 1; i < late.received.length; i += 1) {
    expect(compareStreamIds(late.received[i]!.id, late.received[i - 1]!.id)).toBeGreaterThan(0);
  }
});

test('resync when the id is older than what is kept (trimmed, expired, unknown or from the future)', async () => {
  const hub = await startHub();
  const userId = `u-${randomUUID()}`;
  const first = await publisher.publish(userId, 'notification.created', {});
  await publisher.publishToAll(
    Array.from({ length: 800 }, () => userId),
    'notification.created',
    {},
  );
  expect(await redis.xlen(`${prefix}:stream:${userId}`)).toBeGreaterThanOrEqual(500);
  expect(await redis.xlen(`${prefix}:stream:${userId}`)).toBeLessThan(801);
  const ttl = await redis.ttl(`${prefix}:stream:${userId}`);
  expect(ttl).toBeGreaterThan(24 * 3600 - 60);

  const trimmed = sink(userId);
  await hub.open(trimmed, first);
  expect(types(trimmed.received)).toEqual(['resync']);
  const [[lastId]] = (await redis.xrevrange(`${prefix}:stream:${userId}`, '+', '-', 'COUNT', 1)) as [
    [string, string[]],
  ];
  expect(trimmed.received[0]!.id).toBe(lastId);

  // The newest kept id still replays (nothing after it is missing).
  const recent = sink(userId);
  await hub.open(recent, lastId);
  expect(recent.received).toEqual([]);

  for (const id of [`${Date.now() - 25 * 3600_000}-0`, 'not-an-id', `${Date.now() + 3600_000}-0`]) {
    const stale = sink(userId);
    await hub.open(stale, id);
    expect(types(stale.received)).toEqual(['resync']);
  }
  // A user whose stream expired (or never existed) with an old id: resync too.
  const gone = sink(`u-${randomUUID()}`);
  await hub.open(gone, `${Date.now() - 25 * 3600_000}-5`);
  expect(types(gone.received)).toEqual(['resync']);
  // ...but a recent id of an empty stream is simply up to date.
  const quiet = sink(`u-${randomUUID()}`);
  await hub.open(quiet, `${Date.now() - 1000}-0`);
  expect(quiet.received).toEqual([]);
});

test('an id Redis could not have issued is never taken for a position: one resync, no failed read', async () => {
  const hub = await startHub();
  const userId = `u-${randomUUID()}`;
  const kept = await publisher.publish(userId, 'notification.created', {});
  const now = Date.now();
  // A sequence past 64 bits (Redis refuses it in a read), leading zeros, the largest id there is.
  const absurd = [
    `${now}-99999999999999999999`,
    `${now - 1000}-18446744073709551616`,
    `0${now}-0`,
    '999999999999999-18446744073709551615',
  ];
  for (const [user, position] of [
    [userId, kept],
    [`u-${randomUUID()}`, undefined],
  ] as const) {
    for (const id of absurd) {
      const back = sink(user);
      await hub.open(back, id);
      expect([id, types(back.received)]).toEqual([id, ['resync']]);
      if (position) expect(back.received[0]!.id).toBe(position);
    }
  }
  // The stream goes on from the resync's position.
  const back = sink(userId);
  await hub.open(back, absurd[0]);
  const next = await publisher.publish(userId, 'chat.message', { conversation_id: 'c', seq: 1 });
  await until(() => back.received.length === 2);
  expect(back.received.map((entry) => [entry.type, entry.id])).toEqual([
    ['resync', kept],
    ['chat.message', next],
  ]);
});

test('the ready position of an empty stream is before every later event', async () => {
  const hub = await startHub();
  const userId = `u-${randomUUID()}`;
  const first = sink(userId);
  const subscription = await hub.open(first);
  const position = first.received[0]!.id;
  subscription.close();
  const id = await publisher.publish(userId, 'request.matched', { caseid: 'CMP-1' });
  expect(compareStreamIds(id!, position)).toBeGreaterThan(0);
  const back = sink(userId);
  await hub.open(back, position);
  expect(back.received.map((entry) => entry.id)).toEqual([id]);
});

test('session.ended for one session ends only that session’s streams; a closed stream gets nothing', async () => {
  const hub = await startHub();
  const userId = `u-${randomUUID()}`;
  const here = sink(userId, 'session-here');
  const there = sink(userId, 'session-there');
  const gone = sink(userId, 'session-gone');
  await hub.open(here);
  await hub.open(there);
  const goneSubscription = await hub.open(gone);
  goneSubscription.close();
  expect(hub.openStreams).toBe(2);

  await publisher.publish({ userId, sessionId: 'session-here' }, 'session.ended', { reason: 'signed_out' });
  await until(() => here.ended());
  expect(types(here.received)).toEqual(['ready', 'session.ended']);
  await publisher.publish(userId, 'notification.created', {});
  await until(() => there.received.length === 2);
  expect(types(there.received)).toEqual(['ready', 'notification.created']);
  expect(there.ended()).toBe(false);
  expect(types(gone.received)).toEqual(['ready']);

  // Replayed to a later session of the same user, an older session.ended is not about it.
  const later = sink(userId, 'session-later', Date.now() + 1);
  await hub.open(later, here.received[0]!.id);
  expect(types(later.received)).toEqual(['notification.created']);
  expect(later.ended()).toBe(false);
});

test('after the subscription is lost and restored, a stream catches up on what was published meanwhile', async () => {
  const hub = await startHub();
  const userId = `u-${randomUUID()}`;
  const open = sink(userId);
  await hub.open(open);
  const clients = (await redis.client('LIST')) as string;
  const line = clients.split('\n').find((entry) => entry.includes(`name=${hub.subscriberName} `));
  const clientId = /id=(\d+)/.exec(line ?? '')?.[1];
  expect(clientId).toBeDefined();
  await redis.client('KILL', 'ID', clientId!);
  // Published while the hub is not subscribed: only the replay buffer has it.
  const missed = await publisher.publish(userId, 'request.matched', { caseid: 'CMP-42' });
  await until(() => open.received.length === 2, 10_000);
  expect(open.received[1]).toMatchObject({ id: missed, type: 'request.matched' });
  const next = await publisher.publish(userId, 'notification.created', {});
  await until(() => open.received.length === 3, 10_000);
  expect(open.received[2]!.id).toBe(next);
});
