/**
 * Every service and the gateway serve Prometheus metrics on a port of their own: the main series exist
 * and move with traffic (a new traveller signs in and registers through the gateway: HTTP requests,
 * the outbox, consumers, the e-mail queue), and the public gateway does not serve them.
 */
import {
  ApiClient,
  createSignedInUser,
  samplesOf,
  scrapeMetrics,
  sumOf,
  waitFor,
  type MetricSample,
} from '@safarsaathi/platform/src/testing';
import { startTestStack, type TestStack } from './stack';

let stack: TestStack;
let targets: Record<string, string>;

beforeAll(async () => {
  stack = await startTestStack({}, { withSearch: true });
  targets = {
    gateway: stack.gateway.metricsUrl,
    auth: stack.auth.metricsUrl,
    companion: stack.companion.metricsUrl,
    search: stack.search!.metricsUrl,
    notifications: stack.notifications.metricsUrl,
    support: stack.support.metricsUrl,
  };
});
afterAll(async () => {
  await stack?.stop();
});

const scrapeAll = async (): Promise<Record<string, MetricSample[]>> =>
  Object.fromEntries(
    await Promise.all(
      Object.entries(targets).map(async ([name, url]) => [name, await scrapeMetrics(url)] as const),
    ),
  );

test('each process answers on its own metrics port, with its service label and the Node.js defaults', async () => {
  const ports = new Set(Object.values(targets).map((url) => new URL(url).port));
  expect(ports.size).toBe(6);
  for (const [name, samples] of Object.entries(await scrapeAll())) {
    expect([name, samplesOf(samples, 'process_resident_memory_bytes', { service: name }).length]).toEqual([
      name,
      1,
    ]);
    expect([name, samplesOf(samples, 'nodejs_eventloop_lag_seconds').length]).toEqual([name, 1]);
    expect([name, samplesOf(samples, 'nodejs_eventloop_lag_p99_seconds').length]).toEqual([name, 1]);
  }
});

test('the series move with traffic: requests by route, outbox, consumers and the e-mail queue', async () => {
  const before = await scrapeAll();
  const { client } = await createSignedInUser(stack.gatewayUrl);
  // A route with a parameter: the label is the template, not the id.
  expect((await client.request('DELETE', '/api/travels/no-such-plan')).status).toBe(404);

  const after = await waitFor(
    async () => {
      const now = await scrapeAll();
      const published = sumOf(now.auth!, 'outbox_published_events_total');
      const handled = sumOf(now.notifications!, 'kafka_consumer_messages_total', { outcome: 'handled' });
      const mailed = sumOf(now.notifications!, 'bullmq_job_attempts_total', {
        queue: 'email',
        outcome: 'completed',
      });
      return published > sumOf(before.auth!, 'outbox_published_events_total') &&
        handled > sumOf(before.notifications!, 'kafka_consumer_messages_total', { outcome: 'handled' }) &&
        mailed > 0
        ? now
        : undefined;
    },
    30_000,
    500,
  );

  const requests = (service: string, labels: Record<string, string>) =>
    sumOf(after[service]!, 'http_request_duration_seconds_count', labels) -
    sumOf(before[service]!, 'http_request_duration_seconds_count', labels);
  // The gateway and the auth service both saw the sign-in, each under its route template.
  expect(
    requests('gateway', { route: '/api/auth/register', method: 'POST', status_code: '200' }),
  ).toBeGreaterThanOrEqual(1);
  expect(
    requests('auth', { route: '/api/auth/register', method: 'POST', status_code: '200' }),
  ).toBeGreaterThanOrEqual(1);
  expect(
    requests('auth', { route: '/api/auth/verify-otp', method: 'POST', status_code: '200' }),
  ).toBeGreaterThanOrEqual(1);
  expect(requests('gateway', { route: '/api/travels/:id', method: 'DELETE', status_code: '404' })).toBe(1);
  expect(requests('companion', { route: '/api/travels/:id', method: 'DELETE', status_code: '404' })).toBe(1);

  // The auth outbox published user_registered and has nothing left over.
  expect(samplesOf(after.auth!, 'outbox_pending_events', { collection: 'users' })[0]?.value).toBe(0);
  expect(samplesOf(after.auth!, 'outbox_oldest_pending_age_seconds', { collection: 'users' })[0]?.value).toBe(
    0,
  );

  // Consumers report lag per group and partition; the e-mail queue its depth by state.
  for (const service of ['notifications', 'companion', 'search', 'gateway']) {
    const lag = samplesOf(after[service]!, 'kafka_consumer_lag');
    expect([
      service,
      lag.length > 0,
      lag.every((s) => s.labels.group && s.labels.topic && /^\d+$/.test(s.labels.partition ?? '')),
    ]).toEqual([service, true, true]);
  }
  const queue = samplesOf(after.notifications!, 'bullmq_queue_jobs', { queue: 'email' });
  expect(queue.map((s) => s.labels.state).sort()).toEqual([
    'active',
    'completed',
    'delayed',
    'failed',
    'prioritized',
    'waiting',
  ]);
  expect(
    sumOf(after.notifications!, 'bullmq_queue_jobs', { queue: 'email', state: 'completed' }),
  ).toBeGreaterThanOrEqual(1);
});

test('the gateway does not serve metrics: /metrics is not the Prometheus page there', async () => {
  const response = await new ApiClient(stack.gatewayUrl).request('GET', '/metrics', {
    headers: { accept: 'text/plain' },
  });
  expect(String(response.body)).not.toMatch(/# HELP|# TYPE/);
  expect(response.headers.get('content-type') ?? '').not.toMatch(/version=0\.0\.4/);
});
