/** The outbox loses no event when the process dies between the database write and the publish. */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Connection } from 'mongoose';
import { TOPICS } from '@safarsaathi/contracts';
import { connectMongo } from '../src/mongo';
import { createLogger } from '../src/logger';
import { EventBus, ensureTopics } from '../src/kafka/bus';
import { OUTBOX_MARKERS_COLLECTION, OutboxRelay, outboxEvent, stageEvents } from '../src/outbox';
import { TopicRecorder, recordFilters, testDatabase, waitFor } from '../src/testing';
import { noteModel } from './fixtures/outbox-model';
import { createRedis, type Redis } from '../src/redis';
import { DocumentLocks } from '../src/document-locks';
import { revisedWrite } from '../src/revised-writes';

const logger = createLogger('platform-test', 'warn');
let connection: Connection;
let bus: EventBus;
let recorder: TopicRecorder;

beforeAll(async () => {
  connection = await connectMongo(process.env.MONGO_URL!, testDatabase('platform'));
  const topicPrefix = process.env.KAFKA_TOPIC_PREFIX;
  bus = new EventBus({
    clientId: 'platform-test',
    brokers: process.env.KAFKA_BROKERS!.split(','),
    logger,
    topicPrefix,
  });
  await ensureTopics(bus.admin(), topicPrefix);
  await bus.connect();
  recorder = await TopicRecorder.start([TOPICS.authUsers]);
});

afterAll(async () => {
  await recorder.stop();
  await bus.disconnect();
  await connection.close();
});

function runAndCrash(userId: string): Promise<{ stdout: string; signal: string | null }> {
  const script = path.join(__dirname, 'fixtures', 'write-then-crash.ts');
  return new Promise((resolve) => {
    // `--import tsx` runs the script in this very process (the tsx CLI would wrap it in a child).
    const child = execFile(
      process.execPath,
      ['--import', 'tsx', script, process.env.MONGO_URL!, userId],
      (_error, stdout) => {
        resolve({ stdout, signal: child.signalCode });
      },
    );
  });
}

test('an event written with its change survives a crash before the publish and is published by the relay', async () => {
  const userId = `crash-${randomUUID()}`;
  const { stdout, signal } = await runAndCrash(userId);
  expect(signal).toBe('SIGKILL');
  const eventId = stdout.trim();

  // Nothing was published by the dead process.
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(recorder.find((e) => e.id === eventId)).toBeUndefined();
  const model = noteModel(connection);
  expect(await model.countDocuments({ 'pendingEvents.id': eventId })).toBe(1);

  const relay = new OutboxRelay({ models: [model], bus, logger });
  await relay.drain();
  const published = await waitFor(async () => recorder.find((e) => e.id === eventId));
  expect(published).toMatchObject({ type: 'user_deleted', key: userId, data: { userId } });
  const stored = await model.findOne({ 'pendingEvents.id': eventId }).lean();
  expect(stored).toBeNull();
});

test("with a sweep connection, the sweep finds crash-left events there and the models' connection sees no scan", async () => {
  const userId = `crash-side-${randomUUID()}`;
  const { signal, stdout } = await runAndCrash(userId);
  expect(signal).toBe('SIGKILL');
  const eventId = stdout.trim();
  const model = noteModel(connection);
  const sweepConnection = await connectMongo(process.env.MONGO_URL!, connection.name);
  const recorded = recordFilters(connection);
  try {
    await new OutboxRelay({ models: [model], bus, logger, sweepConnection }).drain();
  } finally {
    recorded.stop();
    await sweepConnection.close();
  }
  expect(await waitFor(async () => recorder.find((e) => e.id === eventId))).toMatchObject({
    type: 'user_deleted',
    key: userId,
  });
  expect(await model.findOne({ 'pendingEvents.id': eventId }).lean()).toBeNull();
  // Only writes by `_id` (the clean-up) went through the models' connection; the scan went elsewhere.
  expect(
    recorded.calls.filter((call) => JSON.stringify(call.filter ?? {}).includes('hasPendingEvents')),
  ).toEqual([]);
  expect(recorded.calls.length).toBeGreaterThan(0);
});

const markers = () =>
  connection.collection<{ _id: string; collection: string; documentId: unknown; markedAt: Date }>(
    OUTBOX_MARKERS_COLLECTION,
  );

test('the periodic sweep finds crash-left events through their markers, reading the outbox collection by _id only', async () => {
  const userId = `crash-marked-${randomUUID()}`;
  const { signal, stdout } = await runAndCrash(userId);
  expect(signal).toBe('SIGKILL');
  const eventId = stdout.trim();
  // The writer marked the event before the write that staged it.
  expect(await markers().findOne({ _id: eventId })).toMatchObject({ collection: 'outbox_crash_notes' });
  const model = noteModel(connection);
  const recorded = recordFilters(connection);
  try {
    await new OutboxRelay({ models: [model], bus, logger }).sweepMarked();
  } finally {
    recorded.stop();
  }
  expect(await waitFor(async () => recorder.find((e) => e.id === eventId))).toMatchObject({
    type: 'user_deleted',
    key: userId,
  });
  expect(await model.findOne({ 'pendingEvents.id': eventId }).lean()).toBeNull();
  expect(await markers().findOne({ _id: eventId })).toBeNull();
  // Every read and write of the outbox collection named one document; the markers were read whole.
  const onNotes = recorded.calls.filter((call) => call.collection === 'outbox_crash_notes');
  expect(onNotes.length).toBeGreaterThan(0);
  expect(onNotes.filter((call) => Object.keys((call.filter ?? {}) as object).join() !== '_id')).toEqual([]);
});

test('a named publish removes its markers; a marker without its event is kept while young and removed once old', async () => {
  const model = noteModel(connection);
  const key = `marker-${randomUUID()}`;
  const event = outboxEvent('auth', 'user_deleted', key, { userId: key, email: 'm@example.test' });
  const note = await model.create({
    text: 'marked',
    pendingEvents: [],
    hasPendingEvents: false,
    outboxVersion: 0,
  });
  await model.updateOne({ _id: note._id }, stageEvents([event]));
  expect(await markers().findOne({ _id: event.id })).toMatchObject({
    collection: 'outbox_crash_notes',
    documentId: note._id,
  });
  const relay = new OutboxRelay({ models: [model], bus, logger });
  await relay.publishNow({ model, id: note._id });
  await waitFor(async () => recorder.find((e) => e.id === event.id));
  expect(await markers().findOne({ _id: event.id })).toBeNull();

  // Marked, but the staging write has not happened (yet, or ever).
  const young = `young-${randomUUID()}`;
  const old = `old-${randomUUID()}`;
  await markers().insertMany([
    { _id: young, collection: 'outbox_crash_notes', documentId: note._id, markedAt: new Date() },
    {
      _id: old,
      collection: 'outbox_crash_notes',
      documentId: note._id,
      markedAt: new Date(Date.now() - 120_000),
    },
  ]);
  expect(await relay.sweepMarked()).toBe(0);
  expect(await markers().findOne({ _id: young })).not.toBeNull();
  expect(await markers().findOne({ _id: old })).toBeNull();
  await markers().deleteOne({ _id: young });
});

test('events are staged on one document named by _id: other filters and writes to many documents are refused', async () => {
  const model = noteModel(connection);
  const key = `refused-${randomUUID()}`;
  const event = () => outboxEvent('auth', 'user_deleted', key, { userId: key, email: 'r@example.test' });
  await expect(model.updateOne({ text: 'anything' }, stageEvents([event()]))).rejects.toThrow('plain _id');
  await expect(model.updateMany({}, stageEvents([event()]))).rejects.toThrow('one document at a time');
  await expect(
    model.insertMany([{ text: 'many', pendingEvents: [event()], hasPendingEvents: true }]),
  ).rejects.toThrow('one document at a time');
  // Updates that stage nothing are untouched by the rule.
  await expect(
    model.updateMany({ text: 'no such note' }, { $set: { text: 'still none' } }),
  ).resolves.toMatchObject({ matchedCount: 0 });
});

test('events staged while the relay publishes are not lost', async () => {
  const model = noteModel(connection);
  const key = `race-${randomUUID()}`;
  const first = outboxEvent('auth', 'user_deleted', key, { userId: key, email: 'a@example.test' });
  const note = await model.create({
    text: 'race',
    pendingEvents: [first],
    hasPendingEvents: true,
    outboxVersion: 0,
  });
  const second = outboxEvent('auth', 'user_deleted', key, { userId: key, email: 'b@example.test' });
  // A publisher that stages another event on the same document mid-publish.
  const relay = new OutboxRelay({
    models: [model],
    logger,
    bus: {
      publishEnvelope: async (event) => {
        if (event.id === first.id) await model.updateOne({ _id: note._id }, stageEvents([second]));
        await bus.publishEnvelope(event);
      },
    },
  });
  await relay.drain();
  await waitFor(async () => recorder.find((e) => e.id === first.id));
  await waitFor(async () => recorder.find((e) => e.id === second.id));
  const after = await model
    .findById(note._id)
    .lean<{ pendingEvents: unknown[]; hasPendingEvents: boolean }>();
  expect(after).toMatchObject({ pendingEvents: [], hasPendingEvents: false });
});

test('a named document is published at once; a lock-keyed source keeps events staged under the lock mid-publish', async () => {
  const redis: Redis = createRedis(process.env.REDIS_URL!);
  // Enabled whatever the database: the FerretDB path (removal under the document lock, by _id alone).
  const locks = new DocumentLocks(redis, true, `outbox-test-${randomUUID()}`);
  const model = noteModel(connection);
  const lockKey = (id: string) => `note:${id}`;
  const key = `named-${randomUUID()}`;
  const first = outboxEvent('auth', 'user_deleted', key, { userId: key, email: 'a@example.test' });
  const second = outboxEvent('auth', 'user_deleted', key, { userId: key, email: 'b@example.test' });
  let staged = false;
  // Mid-publish, a writer stages another event on the same document under its lock (whichever path publishes).
  const stageOnce = async (events: Array<{ id: string }>) => {
    if (staged || !events.some((event) => event.id === first.id)) return;
    staged = true;
    await locks.around(lockKey(String(note._id)), async () => {
      await model.updateOne({ _id: note._id }, stageEvents([second]));
    });
    relay.nudge({ model, id: note._id });
  };
  const relay = new OutboxRelay({
    models: [{ model, lockKey }],
    logger,
    locks,
    // Long enough that only the nudges publish during this test (after the first sweep at start).
    intervalMs: 3_600_000,
    bus: {
      publishEnvelope: async (event) => {
        await stageOnce([event]);
        await bus.publishEnvelope(event);
      },
      publishEnvelopes: async (events) => {
        await stageOnce(events);
        await bus.publishEnvelopes(events);
      },
    },
  });
  relay.start();
  const note = await model.create({
    text: 'named',
    pendingEvents: [first],
    hasPendingEvents: true,
    outboxVersion: 0,
  });
  try {
    // The writer hands over what it staged (the relay does not read it back).
    relay.nudge({ model, id: note._id, events: [first] });
    await waitFor(async () => recorder.find((e) => e.id === first.id));
    await waitFor(async () => recorder.find((e) => e.id === second.id));
    const after = await waitFor(async () => {
      const current = await model
        .findById(note._id)
        .lean<{ pendingEvents: unknown[]; hasPendingEvents: boolean }>();
      return current && current.pendingEvents.length === 0 ? current : undefined;
    });
    expect(after).toMatchObject({ pendingEvents: [], hasPendingEvents: false });
    expect(recorder.events.filter((e) => e.id === first.id || e.id === second.id)).toHaveLength(2);
  } finally {
    await relay.stop();
    redis.disconnect();
  }
});

test('without a lock, a named document is published by _id, keeps events staged meanwhile, and the sweep clears the flag', async () => {
  const model = noteModel(connection);
  const key = `targeted-${randomUUID()}`;
  const first = outboxEvent('auth', 'user_deleted', key, { userId: key, email: 'a@example.test' });
  const second = outboxEvent('auth', 'user_deleted', key, { userId: key, email: 'b@example.test' });
  const published: string[] = [];
  const relay = new OutboxRelay({
    models: [model],
    logger,
    // Only the sweep at start runs during the test (before the note exists).
    intervalMs: 600_000,
    bus: {
      publishEnvelope: async (event) => {
        // Another write stages an event on the same document while the first is being published.
        if (event.id === first.id) await model.updateOne({ _id: note._id }, stageEvents([second]));
        published.push(event.id);
        await bus.publishEnvelope(event);
      },
    },
  });
  relay.start();
  await relay.drain();
  const note = await model.create({
    text: 'targeted',
    pendingEvents: [first],
    hasPendingEvents: true,
    outboxVersion: 0,
  });
  const pending = async () =>
    (await model
      .findById(note._id)
      .lean<{ pendingEvents: Array<{ id: string }>; hasPendingEvents: boolean }>())!;

  relay.nudge({ model, id: note._id });
  await waitFor(async () => recorder.find((e) => e.id === first.id));
  await waitFor(async () => ((await pending()).pendingEvents.length === 1 ? true : undefined));
  expect((await pending()).pendingEvents.map((e) => e.id)).toEqual([second.id]);
  expect(published).toEqual([first.id]);

  relay.nudge({ model, id: note._id });
  await waitFor(async () => recorder.find((e) => e.id === second.id));
  await waitFor(async () => ((await pending()).pendingEvents.length === 0 ? true : undefined));
  // The flag is left for the sweep, which clears it without publishing anything again.
  expect((await pending()).hasPendingEvents).toBe(true);
  await relay.drain();
  expect(await pending()).toMatchObject({ pendingEvents: [], hasPendingEvents: false });
  expect(published).toEqual([first.id, second.id]);
  await relay.stop();
});

test('a named document whose publish failed is tried again within seconds, with no further write or sweep', async () => {
  const model = noteModel(connection);
  const key = `retry-${randomUUID()}`;
  const event = outboxEvent('auth', 'user_deleted', key, { userId: key, email: 'c@example.test' });
  let failures = 0;
  const relay = new OutboxRelay({
    models: [model],
    logger: createLogger('platform-test', 'fatal'),
    // No sweep during the test (the first one, at start, runs before the note exists).
    intervalMs: 3_600_000,
    bus: {
      publishEnvelope: (e) => bus.publishEnvelope(e),
      // The broker is away for the first attempt.
      publishEnvelopes: async (events) => {
        if (failures === 0) {
          failures += 1;
          throw new Error('broker unavailable');
        }
        await bus.publishEnvelopes(events);
      },
    },
  });
  relay.start();
  try {
    await relay.drain();
    const note = await model.create({
      text: 'retried',
      pendingEvents: [event],
      hasPendingEvents: true,
      outboxVersion: 0,
    });
    const startedAt = Date.now();
    relay.nudge({ model, id: note._id, events: [event] });
    await waitFor(async () => recorder.find((e) => e.id === event.id), 5_000, 50);
    expect(failures).toBe(1);
    expect(Date.now() - startedAt).toBeLessThan(5_000);
  } finally {
    await relay.stop();
  }
});

test('revisedWrite: concurrent read-decide-writes of one document lose nothing', async () => {
  const redis: Redis = createRedis(process.env.REDIS_URL!);
  const counters = connection.collection<{ _id: string; rev: number; values: number[] }>('revised_counters');
  // A plain mongoose model over the same collection, so revisedWrite gets a Model.
  const { Schema } = await import('mongoose');
  const schema = new Schema(
    { _id: String, rev: Number, values: [Number] },
    { collection: 'revised_counters', versionKey: false },
  );
  const Counter = connection.models.RevisedCounter ?? connection.model('RevisedCounter', schema);
  const id = `counter-${randomUUID()}`;
  try {
    for (const enabled of [true, false]) {
      const locks = new DocumentLocks(redis, enabled, `revised-test-${randomUUID()}`);
      const docId = `${id}-${enabled}`;
      await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          revisedWrite(Counter, locks, docId, docId, (current: { values?: number[] } | null) => ({
            $set: { values: [...(current?.values ?? []), i] },
          })),
        ),
      );
      const stored = await counters.findOne({ _id: docId });
      // With the lock every write sees the one before; without it (MongoDB) the revision check retries lost races.
      if (enabled || !(await isFerret()))
        expect(stored!.values.slice().sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => i));
      expect(stored!.rev).toBeGreaterThanOrEqual(1);
    }
  } finally {
    redis.disconnect();
  }
});

async function isFerret(): Promise<boolean> {
  const info = await connection.db!.admin().command({ buildInfo: 1 });
  return 'ferretdbVersion' in info;
}
