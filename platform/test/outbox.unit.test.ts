import { buildEnvelope } from '../src/kafka/envelope';
import { stageEvents, withEvents } from '../src/outbox';
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
  expect(() => buildEnvelope('user_deleted', 'u1', { userId: 'u1' } as never, 'test')).toThrow();
});

test('job ids are deterministic and free of the ":" BullMQ refuses', () => {
  expect(jobId('otp', 'a:b@example.test', 12)).toBe('otp-a_b@example.test-12');
  expect(jobId('otp', 'a:b@example.test', 12)).toBe(jobId('otp', 'a:b@example.test', 12));
});
