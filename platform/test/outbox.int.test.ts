/** The outbox loses no event when the process dies between the database write and the publish. */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Connection } from 'mongoose';
import { TOPICS } from '@safarsaathi/contracts';
import { connectMongo } from '../src/mongo';
import { createLogger } from '../src/logger';
import { EventBus, ensureTopics } from '../src/kafka/bus';
import { OutboxRelay, outboxEvent, stageEvents } from '../src/outbox';
import { TopicRecorder, testDatabase, waitFor } from '../src/testing';
import { noteModel } from './fixtures/outbox-model';

const logger = createLogger('platform-test', 'warn');
let connection: Connection;
let bus: EventBus;
let recorder: TopicRecorder;

beforeAll(async () => {
  connection = await connectMongo(process.env.MONGO_URL!, testDatabase('platform'));
  const topicPrefix = process.env.KAFKA_TOPIC_PREFIX;
  bus = new EventBus({ clientId: 'platform-test', brokers: process.env.KAFKA_BROKERS!.split(','), logger, topicPrefix });
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
    const child = execFile(process.execPath, ['--import', 'tsx', script, process.env.MONGO_URL!, userId], (_error, stdout) => {
      resolve({ stdout, signal: child.signalCode });
    });
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

test('events staged while the relay publishes are not lost', async () => {
  const model = noteModel(connection);
  const key = `race-${randomUUID()}`;
  const first = outboxEvent('auth', 'user_deleted', key, { userId: key, email: 'a@example.test' });
  const note = await model.create({ text: 'race', pendingEvents: [first], hasPendingEvents: true, outboxVersion: 0 });
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
  const after = await model.findById(note._id).lean<{ pendingEvents: unknown[]; hasPendingEvents: boolean }>();
  expect(after).toMatchObject({ pendingEvents: [], hasPendingEvents: false });
});

test('a nudge naming the written document publishes it by _id, keeps events staged meanwhile, and the sweep clears the flag', async () => {
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
  const note = await model.create({ text: 'targeted', pendingEvents: [first], hasPendingEvents: true, outboxVersion: 0 });
  const pending = async () => (await model.findById(note._id).lean<{ pendingEvents: Array<{ id: string }>; hasPendingEvents: boolean }>())!;

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
