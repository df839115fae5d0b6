/** Metrics without infrastructure: route templates, event streams, consumer hooks, outbox gauges, the server. */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import type { KafkaMessage } from 'kafkajs';
import { buildEnvelope } from '../src/kafka/envelope';
import { handleMessage } from '../src/kafka/consumer';
import { createLogger } from '../src/logger';
import { ServiceMetrics, metricsAddress, startMetricsServer } from '../src/metrics';
import { parseMetrics, samplesOf, sumOf } from '../src/testing/metrics';

const logger = createLogger('metrics-test', 'silent');

async function samples(metrics: ServiceMetrics) {
  return parseMetrics(await metrics.registry.metrics());
}

async function listen(app: express.Express): Promise<{ url: string; server: Server }> {
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe('HTTP requests', () => {
  const metrics = new ServiceMetrics('unit');
  let url: string;
  let server: Server;
  let releaseStream: () => void = () => undefined;

  beforeAll(async () => {
    const app = express();
    app.use(metrics.httpMiddleware());
    const router = express.Router();
    router.get('/things/:id', async (req, res) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      res.status(req.params.id === 'missing' ? 404 : 200).json({ id: req.params.id });
    });
    router.post('/things', (_req, res) => {
      res.status(500).json({ error: 'boom' });
    });
    app.use('/api', router);
    app.get('/events', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(': open\n\n');
      releaseStream = () => res.end();
    });
    ({ url, server } = await listen(app));
  });

  afterAll(async () => {
    releaseStream();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  test('are counted and timed by route template, method and status, never by raw URL', async () => {
    await fetch(`${url}/api/things/1`);
    await fetch(`${url}/api/things/2`);
    await fetch(`${url}/api/things/missing`);
    await fetch(`${url}/api/things`, { method: 'POST' });
    await fetch(`${url}/nowhere/at/all`);
    const all = await samples(metrics);
    const count = (labels: Record<string, string>) =>
      sumOf(all, 'http_request_duration_seconds_count', labels);
    expect(count({ route: '/api/things/:id', method: 'GET', status_code: '200' })).toBe(2);
    expect(count({ route: '/api/things/:id', method: 'GET', status_code: '404' })).toBe(1);
    expect(count({ route: '/api/things', method: 'POST', status_code: '500' })).toBe(1);
    expect(count({ route: '(unmatched)', status_code: '404' })).toBe(1);
    // No label value is a concrete URL.
    const routes = new Set(samplesOf(all, 'http_request_duration_seconds_count').map((s) => s.labels.route));
    expect([...routes].some((route) => /\/(1|2|missing)$/.test(route ?? ''))).toBe(false);
    // Durations are observed: the async handler took at least 5 ms.
    expect(
      sumOf(all, 'http_request_duration_seconds_sum', { route: '/api/things/:id', status_code: '200' }),
    ).toBeGreaterThan(0.008);
    expect(samplesOf(all, 'http_request_duration_seconds_count')[0]?.labels.service).toBe('unit');
  });

  test('open event streams are counted while open and kept out of the duration histogram', async () => {
    const controller = new AbortController();
    const response = await fetch(`${url}/events`, {
      headers: { accept: 'text/event-stream' },
      signal: controller.signal,
    });
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    expect(sumOf(await samples(metrics), 'http_open_event_streams')).toBe(1);
    controller.abort();
    await response.body?.cancel().catch(() => undefined);
    for (let i = 0; i < 50 && sumOf(await samples(metrics), 'http_open_event_streams') !== 0; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const all = await samples(metrics);
    expect(sumOf(all, 'http_open_event_streams')).toBe(0);
    expect(samplesOf(all, 'http_request_duration_seconds_count', { route: '/events' })).toEqual([]);
  });

  test('the event-loop lag and the process defaults are collected', async () => {
    const names = new Set((await samples(metrics)).map((s) => s.name));
    for (const name of [
      'nodejs_eventloop_lag_seconds',
      'nodejs_eventloop_lag_p99_seconds',
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
    ]) {
      expect(names).toContain(name);
    }
  });
});

describe('consumer hooks', () => {
  const message = (value: string): KafkaMessage => ({
    key: Buffer.from('k'),
    value: Buffer.from(value),
    timestamp: String(Date.now()),
    attributes: 0,
    offset: '7',
    headers: {},
  });

  test('count handled messages, each failed attempt, and dead letters by group and topic', async () => {
    const metrics = new ServiceMetrics('unit');
    const hooks = metrics.consumerHooks();
    const event = buildEnvelope('user_deleted', 'u1', { userId: 'u1', email: 'a@example.test' }, 'auth');
    const deps = {
      groupId: 'group-a',
      store: { isProcessed: async () => false, markProcessed: async () => undefined },
      sendToDeadLetter: async () => undefined,
      logger,
      maxAttempts: 3,
      backoffMs: 0,
      sleep: async () => undefined,
      metrics: hooks,
    };
    const failing = await handleMessage('auth.users.v1', 0, message(JSON.stringify(event)), {
      ...deps,
      handlers: {
        user_deleted: async () => {
          throw new Error('down');
        },
      },
    });
    hooks.messageHandled('group-a', 'auth.users.v1', failing);
    const ok = await handleMessage('auth.users.v1', 0, message(JSON.stringify(event)), {
      ...deps,
      handlers: { user_deleted: async () => undefined },
    });
    hooks.messageHandled('group-a', 'auth.users.v1', ok);
    await handleMessage('auth.users.v1', 0, message('not json'), { ...deps, handlers: {} });

    const all = await samples(metrics);
    const labels = { group: 'group-a', topic: 'auth.users.v1' };
    expect(
      sumOf(all, 'kafka_consumer_handler_failures_total', { ...labels, event_type: 'user_deleted' }),
    ).toBe(3);
    expect(sumOf(all, 'kafka_consumer_dead_letters_total', labels)).toBe(2); // the failing one and the unparseable one
    expect(sumOf(all, 'kafka_consumer_messages_total', { ...labels, outcome: 'dead-lettered' })).toBe(1);
    expect(sumOf(all, 'kafka_consumer_messages_total', { ...labels, outcome: 'handled' })).toBe(1);
  });

  test('consumer lag is read at each scrape; a failing source keeps the last values', async () => {
    const metrics = new ServiceMetrics('unit');
    let lag = 5;
    let fail = false;
    metrics.trackConsumerLag(async () => {
      if (fail) throw new Error('kafka unreachable');
      return [{ group: 'g', topic: 't', partition: 1, lag }];
    });
    expect(
      sumOf(await samples(metrics), 'kafka_consumer_lag', { group: 'g', topic: 't', partition: '1' }),
    ).toBe(5);
    lag = 0;
    expect(sumOf(await samples(metrics), 'kafka_consumer_lag', { group: 'g', partition: '1' })).toBe(0);
    lag = 9;
    fail = true;
    expect(sumOf(await samples(metrics), 'kafka_consumer_lag', { group: 'g', partition: '1' })).toBe(0);
  });
});

test('outbox gauges follow the relay: backlog, oldest pending age (growing), published events', async () => {
  const metrics = new ServiceMetrics('unit');
  const stats = {
    collection: 'users',
    pendingEvents: 3,
    oldestPendingAt: (Date.now() - 5000) as number | undefined,
    publishedEvents: 7,
  };
  metrics.trackOutbox(() => [stats]);
  let all = await samples(metrics);
  expect(sumOf(all, 'outbox_pending_events', { collection: 'users' })).toBe(3);
  expect(sumOf(all, 'outbox_oldest_pending_age_seconds', { collection: 'users' })).toBeGreaterThanOrEqual(5);
  expect(sumOf(all, 'outbox_published_events_total', { collection: 'users' })).toBe(7);
  Object.assign(stats, { pendingEvents: 0, oldestPendingAt: undefined, publishedEvents: 10 });
  all = await samples(metrics);
  expect(sumOf(all, 'outbox_pending_events', { collection: 'users' })).toBe(0);
  expect(sumOf(all, 'outbox_oldest_pending_age_seconds', { collection: 'users' })).toBe(0);
  expect(sumOf(all, 'outbox_published_events_total', { collection: 'users' })).toBe(10);
});

describe('where metrics are served', () => {
  test('METRICS_PORT, else PORT + 1000; a free port for PORT 0; 127.0.0.1 by default', () => {
    expect(metricsAddress({ PORT: 4001, METRICS_HOST: '127.0.0.1' })).toEqual({
      host: '127.0.0.1',
      port: 5001,
    });
    expect(metricsAddress({ PORT: 8080, METRICS_HOST: '0.0.0.0' })).toEqual({ host: '0.0.0.0', port: 9080 });
    expect(metricsAddress({ PORT: 0, METRICS_HOST: '127.0.0.1' }).port).toBe(0);
    expect(metricsAddress({ PORT: 4001, METRICS_PORT: 9100, METRICS_HOST: '127.0.0.1' }).port).toBe(9100);
    expect(() => metricsAddress({ PORT: 65000, METRICS_HOST: '127.0.0.1' })).toThrow(/METRICS_PORT/);
  });

  test('the metrics server answers GET /metrics in the Prometheus format and nothing else', async () => {
    const metrics = new ServiceMetrics('unit');
    const server = await startMetricsServer(metrics.registry, { host: '127.0.0.1', port: 0 });
    try {
      const response = await fetch(server.url);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(await response.text()).toMatch(/^# HELP process_cpu_user_seconds_total/m);
      expect((await fetch(server.url.replace('/metrics', '/'))).status).toBe(404);
      expect((await fetch(server.url, { method: 'POST' })).status).toBe(404);
    } finally {
      await server.close();
    }
  });
});
