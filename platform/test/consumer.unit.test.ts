/** Retry and dead-letter rules of the consumer runner, message by message. */
import type { KafkaMessage } from 'kafkajs';
import type { EventEnvelope } from '@safarsaathi/contracts';
import { buildEnvelope } from '../src/kafka/envelope';
import {
  handleMessage,
  memoryAttemptLog,
  type DeadLetter,
  type IdempotencyStore,
  type MessageHandlingDeps,
} from '../src/kafka/consumer';
import { createLogger } from '../src/logger';

function message(value: unknown): KafkaMessage {
  return {
    key: Buffer.from('k'),
    value: Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)),
    timestamp: '0',
    attributes: 0,
    offset: '42',
    headers: { 'x-correlation-id': 'corr' },
  } as KafkaMessage;
}

function setup(handler: (event: EventEnvelope) => Promise<void>, maxAttempts = 3) {
  const processed = new Set<string>();
  const store: IdempotencyStore = {
    isProcessed: async (id, name) => processed.has(`${id}/${name}`),
    markProcessed: async (id, name) => void processed.add(`${id}/${name}`),
  };
  const letters: DeadLetter[] = [];
  const sleeps: number[] = [];
  const deps: MessageHandlingDeps = {
    groupId: 'group',
    handlers: { user_deleted: handler },
    store,
    sendToDeadLetter: async (letter) => void letters.push(letter),
    logger: createLogger('test', 'silent'),
    maxAttempts,
    backoffMs: 100,
    sleep: async (ms) => void sleeps.push(ms),
  };
  return { deps, letters, sleeps, processed };
}

const event = () => buildEnvelope('user_deleted', 'u1', { userId: 'u1', email: 'u1@example.test' }, 'test');

test('a handled event is marked and a second delivery is a duplicate', async () => {
  const calls: string[] = [];
  const { deps } = setup(async (e) => void calls.push(e.id));
  const e = event();
  expect(await handleMessage('auth.users.v1', 0, message(e), deps)).toBe('handled');
  expect(await handleMessage('auth.users.v1', 0, message(e), deps)).toBe('duplicate');
  expect(calls).toEqual([e.id]);
});

test('a failing handler is retried with exponential backoff, then dead-lettered with error headers', async () => {
  let attempts = 0;
  const { deps, letters, sleeps, processed } = setup(async () => {
    attempts += 1;
    throw new Error('database down');
  }, 4);
  const e = event();
  expect(await handleMessage('auth.users.v1', 2, message(e), deps)).toBe('dead-lettered');
  expect(attempts).toBe(4);
  expect(sleeps).toEqual([100, 200, 400]);
  expect(letters).toHaveLength(1);
  expect(letters[0]).toMatchObject({
    topic: 'auth.users.v1.dlt',
    headers: {
      'x-correlation-id': 'corr',
      'x-error-message': 'database down',
      'x-error-handler': 'group:user_deleted',
      'x-original-topic': 'auth.users.v1',
      'x-original-partition': '2',
      'x-original-offset': '42',
      'x-attempts': '4',
    },
  });
  expect(processed.size).toBe(0);
});

test('a handler that recovers on a retry is handled, not dead-lettered', async () => {
  let attempts = 0;
  const { deps, letters } = setup(async () => {
    attempts += 1;
    if (attempts < 2) throw new Error('transient');
  });
  expect(await handleMessage('auth.users.v1', 0, message(event()), deps)).toBe('handled');
  expect(letters).toHaveLength(0);
});

test.each([
  ['not JSON', 'not json at all'],
  ['not an envelope', { hello: 'world' }],
  ['a known type with a bad payload', { ...event(), data: { userId: 1 } }],
])('%s goes straight to the dead-letter topic', async (_name, value) => {
  const handler = jest.fn();
  const { deps, letters } = setup(handler);
  expect(await handleMessage('auth.users.v1', 0, message(value), deps)).toBe('dead-lettered');
  expect(handler).not.toHaveBeenCalled();
  expect(letters[0]?.headers['x-error-handler']).toBe('unparseable');
});

test('an event type without a handler in this group is ignored', async () => {
  const { deps, letters } = setup(async () => undefined);
  const other = buildEnvelope(
    'profile_updated',
    'u1',
    { userId: 'u1', email: 'e@x.io', changed: ['help_preference'] },
    't',
  );
  expect(await handleMessage('auth.users.v1', 0, message(other), deps)).toBe('ignored');
  expect(letters).toHaveLength(0);
});

test('the dead-letter publish failing is not swallowed (kafkajs will redeliver)', async () => {
  const { deps } = setup(async () => {
    throw new Error('always');
  }, 1);
  deps.sendToDeadLetter = async () => {
    throw new Error('broker down');
  };
  await expect(handleMessage('auth.users.v1', 0, message(event()), deps)).rejects.toThrow('broker down');
});

describe('attempts counted in the store (durable across restarts)', () => {
  /** One store shared by "processes": each handleMessage call below is a new delivery, as after a restart. */
  function durableStore() {
    const processed = new Set<string>();
    const log = memoryAttemptLog();
    const store: IdempotencyStore = {
      isProcessed: async (id, name) => processed.has(`${id}/${name}`),
      markProcessed: async (id, name) => void processed.add(`${id}/${name}`),
      attempts: log,
    };
    return store;
  }

  test('attempts made before a restart count: the redelivery makes only the remaining ones', async () => {
    const store = durableStore();
    const e = event();
    // The first process started two attempts and died before the dead letter (its count is in the store).
    await store.attempts!.begin(e.id, 'group:user_deleted');
    await store.attempts!.failed(e.id, 'group:user_deleted', 'first failure');
    await store.attempts!.begin(e.id, 'group:user_deleted');
    let attempts = 0;
    const { deps, letters } = setup(async () => {
      attempts += 1;
      throw new Error('still failing');
    }, 4);
    deps.store = store;
    expect(await handleMessage('auth.users.v1', 0, message(e), deps)).toBe('dead-lettered');
    expect(attempts).toBe(2);
    expect(letters[0]?.headers).toMatchObject({ 'x-attempts': '4', 'x-error-message': 'still failing' });
  });

  test('when the last attempt never finished (the handler killed its process), the message is dead-lettered without running it again', async () => {
    const store = durableStore();
    const e = event();
    await store.attempts!.begin(e.id, 'group:user_deleted');
    await store.attempts!.failed(e.id, 'group:user_deleted', 'out of memory');
    await store.attempts!.begin(e.id, 'group:user_deleted');
    const handler = jest.fn();
    const { deps, letters } = setup(handler, 2);
    deps.store = store;
    expect(await handleMessage('auth.users.v1', 0, message(e), deps)).toBe('dead-lettered');
    expect(handler).not.toHaveBeenCalled();
    expect(letters[0]?.headers['x-attempts']).toBe('2');
    expect(letters[0]?.headers['x-error-message']).toBe(
      'the consumer stopped during attempt 2; the attempt before failed with: out of memory',
    );
  });

  test('after a dead letter the count starts again, so a replayed message gets its attempts', async () => {
    const store = durableStore();
    const e = event();
    let attempts = 0;
    const { deps } = setup(async () => {
      attempts += 1;
      if (attempts <= 2) throw new Error('broken until fixed');
    }, 2);
    deps.store = store;
    expect(await handleMessage('auth.users.v1', 0, message(e), deps)).toBe('dead-lettered');
    expect(await handleMessage('auth.users.v1', 0, message(e), deps)).toBe('handled');
    expect(attempts).toBe(3);
  });
});
