import { buildEnvelope } from '../src/kafka/envelope';
import { createLogger } from '../src/logger';
import { OutboxRelay, stageEvents, withEvents } from '../src/outbox';
import { jobId } from '../src/queues';

const event = buildEnvelope('user_deleted', 'u1', { userId: 'u1', email: 'u1@example.test' }, 'test');

test('staging events merges with the caller update and bumps the outbox version', () => {
  expect(stageEvents([event], { $set: { name: 'x' }, $inc: { count: 1 } })).toEqual({
    $set: { name: 'x', hasPendingEvents: true },
    $inc: { count: 1, outboxVersion: 1 },
    $push: { pendingEvents: { $each: [event] } },
  });
  expect(withEvents([])).toEqual({ pendingEvents: [], hasPendingEvents: false, outboxVersion: 0 });
});

test('an invalid payload is refused when the event is built, not by every consumer', () => {
  expect(() => buildEnvelope('user_deleted', 'u1', { email: 'u1@example.test' } as never, 'test')).toThrow();
});

test('job ids are deterministic and free of the ":" BullMQ refuses', () => {
  expect(jobId('otp', 'a:b@example.test', 12)).toBe('otp-a_b@example.test-12');
  expect(jobId('otp', 'a:b@example.test', 12)).toBe(jobId('otp', 'a:b@example.test', 12));
});

test('an event a second write carries again is removed from its document but not published twice', async () => {
  const published: string[] = [];
  const removed: unknown[] = [];
  // Only what the relay touches for a named document with its events handed over.
  const unmarked: string[] = [];
  const model = {
    collection: { name: 'conversations', collectionName: 'conversations' },
    updateOne: async (_filter: unknown, update: unknown) => removed.push(update),
    db: {
      collection: () => ({ deleteOne: async (filter: { _id: string }) => void unmarked.push(filter._id) }),
    },
  };
  const relay = new OutboxRelay({
    models: [model as never],
    bus: { publishEnvelope: async (envelope) => void published.push(envelope.id) },
    logger: createLogger('outbox-test', 'silent'),
  });
  const first = buildEnvelope('user_deleted', 'u1', { userId: 'u1', email: 'u1@example.test' }, 'test');
  const second = buildEnvelope('user_deleted', 'u2', { userId: 'u2', email: 'u2@example.test' }, 'test');
  await relay.publishNow({ model: model as never, id: 'c1', events: [first] });
  // The second write's document still held the first event when it was written.
  await relay.publishNow({ model: model as never, id: 'c1', events: [first, second, second] });
  expect(published).toEqual([first.id, second.id]);
  expect(removed).toEqual([
    { $pullAll: { pendingEvents: [first] } },
    { $pullAll: { pendingEvents: [first, second, second] } },
  ]);
  // Each publish removes the markers of what it published, by event id.
  expect(unmarked).toEqual([first.id, first.id, second.id, second.id]);
});
