/**
 * An idle Kafka connection schedules nothing (kafkajs#1556), while a pending request (a broker's throttle,
 * too many in flight) still goes out when it may. Runs kafkajs' own RequestQueue under a fake clock.
 */
import {
  FIXED_KAFKAJS_VERSIONS,
  fixIdleKafkaConnections,
  installedKafkajsVersion,
  kafkajsRequestQueue,
} from '../src/kafka/idle-connection-fix';

type Queue = {
  push(request: { entry: Record<string, unknown>; expectResponse: boolean; sendRequest: () => void }): void;
  fulfillRequest(response: { correlationId: number; payload: Buffer | null; size: number }): void;
  maybeThrottle(ms: number): void;
  pending: unknown[];
};
type QueueConstructor = new (options: Record<string, unknown>) => Queue;

const RequestQueue = kafkajsRequestQueue() as unknown as QueueConstructor & {
  prototype: { scheduleCheckPendingRequests(): void };
};
const original = RequestQueue.prototype.scheduleCheckPendingRequests;
const silent = { debug() {}, info() {}, warn() {}, error() {} };

function newQueue(maxInFlightRequests: number | null = null): Queue {
  return new RequestQueue({
    maxInFlightRequests,
    requestTimeout: 30_000,
    enforceRequestTimeout: false,
    clientId: 'unit',
    broker: 'localhost:9092',
    logger: silent,
  });
}

/** Pushes a request that expects an answer; `sent` tells whether it has gone to the socket. */
function request(queue: Queue, correlationId: number): { sent: () => boolean } {
  let sent = false;
  queue.push({
    entry: { correlationId, apiKey: 1, apiName: 'Fetch', apiVersion: 11, resolve() {}, reject() {} },
    expectResponse: true,
    sendRequest: () => {
      sent = true;
    },
  });
  return { sent: () => sent };
}

const answer = (queue: Queue, correlationId: number) =>
  queue.fulfillRequest({ correlationId, payload: null, size: 0 });

beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  jest.clearAllTimers();
  jest.useRealTimers();
});

test('the fix is written for the installed kafkajs (an upgrade must look again)', () => {
  expect(FIXED_KAFKAJS_VERSIONS).toContain(installedKafkajsVersion());
});

test("without the fix, kafkajs' queue keeps a timer going after an answer with nothing pending", () => {
  RequestQueue.prototype.scheduleCheckPendingRequests = original;
  const queue = newQueue();
  request(queue, 1);
  answer(queue, 1);
  expect(jest.getTimerCount()).toBe(1);
  jest.advanceTimersByTime(5);
  expect(jest.getTimerCount()).toBe(1); // it fired and armed itself again: a loop
});

describe('with the fix', () => {
  beforeAll(() => {
    RequestQueue.prototype.scheduleCheckPendingRequests = original;
    expect(fixIdleKafkaConnections()).toBe(true);
  });

  test('an answered request leaves no timer behind', () => {
    const queue = newQueue();
    const first = request(queue, 1);
    expect(first.sent()).toBe(true);
    answer(queue, 1);
    expect(jest.getTimerCount()).toBe(0);
  });

  test('a request held by a broker throttle goes out when the throttle ends, then nothing is scheduled', () => {
    const queue = newQueue();
    queue.maybeThrottle(200);
    const held = request(queue, 1);
    expect(held.sent()).toBe(false);
    jest.advanceTimersByTime(150);
    expect(held.sent()).toBe(false);
    jest.advanceTimersByTime(60);
    expect(held.sent()).toBe(true);
    answer(queue, 1);
    expect(jest.getTimerCount()).toBe(0);
  });

  test('a request over the in-flight limit goes out as soon as one is answered', () => {
    const queue = newQueue(1);
    const first = request(queue, 1);
    const second = request(queue, 2);
    expect([first.sent(), second.sent()]).toEqual([true, false]);
    answer(queue, 1);
    expect(second.sent()).toBe(true);
    answer(queue, 2);
    expect(queue.pending).toHaveLength(0);
    // The retry armed while the second waited fires once more, finds nothing and arms nothing.
    jest.advanceTimersByTime(10);
    expect(jest.getTimerCount()).toBe(0);
  });
});
