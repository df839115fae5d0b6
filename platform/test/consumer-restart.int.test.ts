/**
 * Attempt counts survive restarts: a message that keeps failing reaches the dead-letter topic after N
 * attempts in total, also when the consumer process died part-way (killed during a back-off, or killed by
 * the handler itself), and the partition moves on to the next message.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Connection } from 'mongoose';
import { TOPICS, deadLetterTopic, type EventEnvelope } from '@safarsaathi/contracts';
import { connectMongo, ensureIndexes } from '../src/mongo';
import { createLogger } from '../src/logger';
import { EventBus, ensureTopics } from '../src/kafka/bus';
import { buildEnvelope } from '../src/kafka/envelope';
import { mongoIdempotencyStore } from '../src/kafka/idempotency';
import { TopicRecorder, testDatabase, testTopic, waitFor } from '../src/testing';

jest.setTimeout(120_000);

const logger = createLogger('consumer-restart-test', 'fatal');
const brokers = process.env.KAFKA_BROKERS!.split(',');
const topicPrefix = process.env.KAFKA_TOPIC_PREFIX;
let connection: Connection;
let producer: EventBus;
let deadLetters: TopicRecorder;
const running: EventBus[] = [];
const children: ChildProcess[] = [];

beforeAll(async () => {
  connection = await connectMongo(process.env.MONGO_URL!, testDatabase('platform'));
  producer = new EventBus({ clientId: 'consumer-restart-test', brokers, logger, topicPrefix });
  await ensureTopics(producer.admin(), topicPrefix);
  await producer.connect();
  await ensureIndexes(connection);
  deadLetters = await TopicRecorder.start([deadLetterTopic(TOPICS.authUsers)]);
});

afterAll(async () => {
  // A failed test may leave a consumer process behind: end it (it was started by this file).
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await Promise.all(running.map((bus) => bus.disconnect()));
  await deadLetters.stop();
  await producer.disconnect();
  await connection.close();
});

interface PoisonProcess {
  child: ChildProcess;
  attempts: () => number;
  exited: Promise<NodeJS.Signals | null>;
}

/** Starts platform/test/fixtures/poison-consumer.ts in a process of its own. */
function startPoisonProcess(
  groupId: string,
  poisonEventId: string,
  mode: 'throw' | 'crash',
  maxAttempts: number,
  backoffMs: number,
): PoisonProcess {
  const script = path.join(__dirname, 'fixtures', 'poison-consumer.ts');
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      script,
      process.env.MONGO_URL!,
      groupId,
      poisonEventId,
      mode,
      String(maxAttempts),
      String(backoffMs),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'], env: process.env },
  );
  children.push(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<NodeJS.Signals | null>((resolve) =>
    child.once('exit', (_code, signal) => resolve(signal)),
  );
  return {
    child,
    attempts: () => output.split('\n').filter((line) => line.startsWith('attempt ')).length,
    exited,
  };
}

/** The restarted consumer, in this process: the same group, the same database. */
async function restartedConsumer(groupId: string, poisonEventId: string, maxAttempts: number) {
  const bus = new EventBus({ clientId: 'consumer-restart-test', brokers, logger, topicPrefix });
  running.push(bus);
  await bus.connect();
  const seen = { poisonAttempts: 0, handled: [] as EventEnvelope[] };
  await bus.subscribe({
    groupId,
    store: mongoIdempotencyStore(connection),
    maxAttempts,
    backoffMs: 20,
    sessionTimeoutMs: 6_000,
    handlers: {
      user_deleted: async (event) => {
        if (event.id === poisonEventId) {
          seen.poisonAttempts += 1;
          throw new Error('still failing after the restart');
        }
        seen.handled.push(event);
      },
    },
  });
  return seen;
}

/** The poison event and, behind it on the same partition (same key), an ordinary one. */
async function publishPoisonThenNext() {
  const key = `poison-${randomUUID()}`;
  const poison = buildEnvelope('user_deleted', key, { userId: key, email: 'poison@example.test' }, 'test');
  const next = buildEnvelope('user_deleted', key, { userId: key, email: 'next@example.test' }, 'test');
  await producer.publishEnvelope(poison);
  await producer.publishEnvelope(next);
  return { poison, next };
}

test('killed during the retries, then restarted: dead-lettered after N attempts in total, and the next message is handled', async () => {
  const groupId = `poison-restart-${randomUUID()}`;
  const { poison, next } = await publishPoisonThenNext();

  // The first process fails twice, then dies during the back-off before its third attempt.
  const first = startPoisonProcess(groupId, poison.id, 'throw', 4, 5_000);
  await waitFor(async () => (first.attempts() >= 2 ? true : undefined), 60_000);
  first.child.kill('SIGKILL');
  expect(await first.exited).toBe('SIGKILL');
  expect(first.attempts()).toBe(2);

  const restarted = await restartedConsumer(groupId, poison.id, 4);
  const letter = await waitFor(async () => deadLetters.raw.find((m) => m.value.includes(poison.id)), 60_000);
  await waitFor(
    async () => (restarted.handled.some((event) => event.id === next.id) ? true : undefined),
    30_000,
  );

  // Two attempts before the restart and two after: four in all, not four more.
  expect(restarted.poisonAttempts).toBe(2);
  expect(letter.headers['x-attempts']).toBe('4');
  expect(letter.headers['x-error-message']).toBe('still failing after the restart');
  expect(letter.headers['x-original-topic']).toBe(testTopic(TOPICS.authUsers));
  expect(deadLetters.raw.filter((m) => m.value.includes(poison.id))).toHaveLength(1);
});

test('a handler that kills its process on every attempt is dead-lettered once its attempts are used up', async () => {
  const groupId = `poison-crash-${randomUUID()}`;
  const { poison, next } = await publishPoisonThenNext();

  // Attempt 1 kills the first process, attempt 2 the second: the attempts are used up.
  for (let run = 1; run <= 2; run += 1) {
    const crashing = startPoisonProcess(groupId, poison.id, 'crash', 2, 20);
    expect(await crashing.exited).toBe('SIGKILL');
    expect(crashing.attempts()).toBe(1);
  }

  const restarted = await restartedConsumer(groupId, poison.id, 2);
  const letter = await waitFor(async () => deadLetters.raw.find((m) => m.value.includes(poison.id)), 60_000);
  await waitFor(
    async () => (restarted.handled.some((event) => event.id === next.id) ? true : undefined),
    30_000,
  );

  // The handler is not run a third time: the message goes to the dead-letter topic at once.
  expect(restarted.poisonAttempts).toBe(0);
  expect(letter.headers['x-attempts']).toBe('2');
  expect(letter.headers['x-error-message']).toMatch(/stopped during attempt 2/);
});
