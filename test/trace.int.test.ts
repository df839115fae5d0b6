/**
 * One trace id end to end: a `traceparent` sent to the gateway reaches the service (its request log), the
 * event it publishes (envelope and Kafka headers), the consumer that handles it, and the e-mail job that
 * consumer queues.
 */
import type { Queue } from 'bullmq';
import { QUEUES, TOPICS, type EmailJob } from '@safarsaathi/contracts';
import {
  createEmailQueue,
  createLogger,
  createRedis,
  jobId,
  traceIdOf,
  type Redis,
} from '@safarsaathi/platform';
import { TopicRecorder, freshEmail, waitFor } from '@safarsaathi/platform/src/testing';
import { startTestStack, type TestStack } from './stack';

let stack: TestStack;
let recorder: TopicRecorder;
let redis: Redis;
let emailQueue: Queue<EmailJob>;

beforeAll(async () => {
  stack = await startTestStack();
  recorder = await TopicRecorder.start([TOPICS.supportCases]);
  redis = createRedis(process.env.REDIS_URL!, createLogger('trace-test', 'silent'));
  emailQueue = createEmailQueue(redis, process.env.QUEUE_PREFIX);
});

afterAll(async () => {
  await recorder.stop();
  await emailQueue.close();
  redis.disconnect();
  await stack.stop();
});

test('a traceparent given to the gateway follows the action into the event, its headers and the e-mail job', async () => {
  const traceId = '0af7651916cd43dd8448eb211c80319c';
  const answer = await fetch(`${stack.gatewayUrl}/help-support/create-case`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', traceparent: `00-${traceId}-b7ad6b7169203331-01` },
    body: JSON.stringify({
      emailAddress: freshEmail('trace'),
      issueType: 'General Inquiry',
      details: 'Following one request through every hop.',
    }),
  });
  expect(answer.status).toBe(200);
  expect(answer.headers.get('x-correlation-id')).toBe(traceId);
  const { case_id: caseId } = (await answer.json()) as { case_id: string };

  const event = await waitFor(
    async () =>
      recorder.find((e) => e.type === 'case_created' && (e.data as { caseId: string }).caseId === caseId),
    20_000,
  );
  expect(event.correlationId).toBe(traceId);
  const raw = recorder.raw.find((r) => r.value.includes(caseId))!;
  expect(traceIdOf(raw.headers.traceparent)).toBe(traceId);
  // A new hop, a new parent id.
  expect(raw.headers.traceparent).not.toContain('b7ad6b7169203331');

  // The notifications service handled the event under the same trace and queued the acknowledgement.
  const job = await waitFor(
    async () => (await emailQueue.getJob(jobId('case', caseId))) ?? undefined,
    20_000,
  );
  expect(job.data.correlationId).toBe(traceId);
  expect(QUEUES.email).toBe(job.queueName);
});

test('without a traceparent the gateway starts a trace; a malformed one is not taken over', async () => {
  const fresh = await fetch(`${stack.gatewayUrl}/api/auth/environment-info`);
  expect(fresh.headers.get('x-correlation-id')).toMatch(/^[0-9a-f]{32}$/);
  const malformed = await fetch(`${stack.gatewayUrl}/api/auth/environment-info`, {
    headers: { traceparent: '00-zzzz-0000-01' },
  });
  const id = malformed.headers.get('x-correlation-id');
  expect(id).toMatch(/^[0-9a-f]{32}$/);
  expect(id).not.toContain('zzzz');
});
