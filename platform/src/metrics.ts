/**
 * Prometheus metrics (prom-client), the same in every service and in the gateway.
 *
 * Each process part gets a registry of its own (integration tests start several services in one process),
 * served by a small HTTP server on a port of its own (METRICS_PORT, default PORT + 1000, bound to
 * METRICS_HOST, default 127.0.0.1). The gateway never routes to it, so /metrics is not public.
 *
 * What it measures: HTTP requests by route template, method and status (one histogram: its `_count` is the
 * request rate, 5xx the errors); open event streams; the Node.js defaults (event-loop lag, memory, GC);
 * consumer messages by outcome, handler failures, dead letters and lag per group and partition; the outbox
 * backlog and the age of its oldest pending event; BullMQ job counts by state and job attempts.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Request, RequestHandler, Response } from 'express';
import type { Queue, Worker } from 'bullmq';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Names of the series, shared with the Grafana dashboard's test (deploy/observability). */
export const METRIC_NAMES = {
  httpDuration: 'http_request_duration_seconds',
  openEventStreams: 'http_open_event_streams',
  consumerMessages: 'kafka_consumer_messages_total',
  handlerFailures: 'kafka_consumer_handler_failures_total',
  deadLetters: 'kafka_consumer_dead_letters_total',
  consumerLag: 'kafka_consumer_lag',
  outboxPending: 'outbox_pending_events',
  outboxOldestAge: 'outbox_oldest_pending_age_seconds',
  outboxPublished: 'outbox_published_events_total',
  queueJobs: 'bullmq_queue_jobs',
  jobAttempts: 'bullmq_job_attempts_total',
} as const;

export interface ConsumerLag {
  group: string;
  topic: string;
  partition: number;
  lag: number;
}

export interface OutboxStats {
  collection: string;
  pendingEvents: number;
  /** When the oldest pending event the relay knows of occurred (ms since the epoch); undefined: none. */
  oldestPendingAt: number | undefined;
  /** Events published since the relay started. */
  publishedEvents: number;
}

const QUEUE_STATES = ['waiting', 'active', 'delayed', 'prioritized', 'failed', 'completed'] as const;
/** A scrape must answer even when Kafka or Redis does not: sources that take longer keep their last values. */
const SOURCE_TIMEOUT_MS = 3000;

function withTimeout<T>(promise: Promise<T>, ms = SOURCE_TIMEOUT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('metrics source timed out')), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/**
 * The route a request matched, as its template (`/api/companions/requests/:caseid`), never the raw URL:
 * label values must stay few. Read when the response finishes, after routing.
 */
export function routeTemplate(req: Request, res: Response): string {
  const path = (req.route as { path?: unknown } | undefined)?.path;
  if (path === undefined) return res.statusCode === 404 ? '(unmatched)' : '(other)';
  const template = Array.isArray(path) ? path.map(String).join('|') : String(path);
  return `${req.baseUrl}${template}`;
}

export class ServiceMetrics {
  readonly registry = new Registry();
  readonly httpDuration: Histogram<'method' | 'route' | 'status_code'>;
  readonly openEventStreams: Gauge;
  readonly consumerMessages: Counter<'group' | 'topic' | 'outcome'>;
  readonly handlerFailures: Counter<'group' | 'topic' | 'event_type'>;
  readonly deadLetters: Counter<'group' | 'topic'>;
  private readonly jobAttempts: Counter<'queue' | 'outcome'>;
  private readonly lagSources: Array<() => Promise<ConsumerLag[]>> = [];
  private readonly outboxSources: Array<() => OutboxStats[]> = [];
  private readonly queues: Queue[] = [];

  constructor(readonly service: string) {
    const registers = [this.registry];
    this.registry.setDefaultLabels({ service });
    // Event-loop lag (nodejs_eventloop_lag_*), heap and GC, resident memory, CPU, handles.
    collectDefaultMetrics({ register: this.registry });

    this.httpDuration = new Histogram({
      name: METRIC_NAMES.httpDuration,
      help: 'HTTP requests by route template, method and status code: duration in seconds (the _count is the request count).',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.openEventStreams = new Gauge({
      name: METRIC_NAMES.openEventStreams,
      help: 'Server-sent event streams open now (requests that accept text/event-stream).',
      registers,
    });
    this.consumerMessages = new Counter({
      name: METRIC_NAMES.consumerMessages,
      help: 'Kafka messages taken by a consumer group, by outcome (handled, duplicate, ignored, dead-lettered).',
      labelNames: ['group', 'topic', 'outcome'],
      registers,
    });
    this.handlerFailures = new Counter({
      name: METRIC_NAMES.handlerFailures,
      help: 'Event handler attempts that threw (each retry counts).',
      labelNames: ['group', 'topic', 'event_type'],
      registers,
    });
    this.deadLetters = new Counter({
      name: METRIC_NAMES.deadLetters,
      help: 'Messages sent to the dead-letter topic.',
      labelNames: ['group', 'topic'],
      registers,
    });
    const lagSources = this.lagSources;
    new Gauge({
      name: METRIC_NAMES.consumerLag,
      help: 'Messages not yet committed by a consumer group, per topic and partition (end offset minus committed offset).',
      labelNames: ['group', 'topic', 'partition'],
      registers,
      async collect() {
        const results = await Promise.allSettled(lagSources.map((source) => withTimeout(source())));
        if (results.some((r) => r.status === 'rejected')) return; // keep the last values
        this.reset();
        for (const result of results) {
          if (result.status !== 'fulfilled') continue;
          for (const { group, topic, partition, lag } of result.value)
            this.set({ group, topic, partition: String(partition) }, lag);
        }
      },
    });
    const outboxSources = this.outboxSources;
    new Gauge({
      name: METRIC_NAMES.outboxPending,
      help: "Outbox events staged and not yet published, as of the relay's latest pass.",
      labelNames: ['collection'],
      registers,
      collect() {
        for (const stats of outboxSources.flatMap((source) => source()))
          this.set({ collection: stats.collection }, stats.pendingEvents);
      },
    });
    new Gauge({
      name: METRIC_NAMES.outboxOldestAge,
      help: 'Age in seconds of the oldest outbox event not yet published (0 when none).',
      labelNames: ['collection'],
      registers,
      collect() {
        const now = Date.now();
        for (const stats of outboxSources.flatMap((source) => source())) {
          const age =
            stats.oldestPendingAt === undefined ? 0 : Math.max(0, (now - stats.oldestPendingAt) / 1000);
          this.set({ collection: stats.collection }, age);
        }
      },
    });
    const publishedSoFar = new Map<string, number>();
    new Counter({
      name: METRIC_NAMES.outboxPublished,
      help: 'Outbox events published to Kafka.',
      labelNames: ['collection'],
      registers,
      collect() {
        for (const stats of outboxSources.flatMap((source) => source())) {
          const before = publishedSoFar.get(stats.collection) ?? 0;
          if (stats.publishedEvents > before)
            this.inc({ collection: stats.collection }, stats.publishedEvents - before);
          publishedSoFar.set(stats.collection, Math.max(before, stats.publishedEvents));
        }
      },
    });
    const queues = this.queues;
    new Gauge({
      name: METRIC_NAMES.queueJobs,
      help: 'BullMQ jobs by queue and state (waiting, active, delayed, prioritized, failed, completed).',
      labelNames: ['queue', 'state'],
      registers,
      async collect() {
        await Promise.all(
          queues.map(async (queue) => {
            const counts = await withTimeout(queue.getJobCounts(...QUEUE_STATES)).catch(() => undefined);
            if (!counts) return;
            for (const state of QUEUE_STATES) this.set({ queue: queue.name, state }, counts[state] ?? 0);
          }),
        );
      },
    });
    this.jobAttempts = new Counter({
      name: METRIC_NAMES.jobAttempts,
      help: 'BullMQ job attempts worked by this process, by outcome (completed, failed; a failed attempt may be retried).',
      labelNames: ['queue', 'outcome'],
      registers,
    });
  }

  /** A counter of this registry, for series only one process has (e.g. the gateway's upstream errors). */
  counter<L extends string>(name: string, help: string, labelNames: readonly L[]): Counter<L> {
    return new Counter({ name, help, labelNames, registers: [this.registry] });
  }

  /** Express middleware: one observation per finished request, labelled with the matched route's template. */
  httpMiddleware(): RequestHandler {
    return (req, res, next) => {
      if (req.headers.accept?.includes('text/event-stream')) {
        // A stream lasts minutes: it is counted while open, and kept out of the duration histogram.
        this.openEventStreams.inc();
        res.once('close', () => this.openEventStreams.dec());
        next();
        return;
      }
      const started = process.hrtime.bigint();
      res.once('finish', () => {
        this.httpDuration.observe(
          { method: req.method, route: routeTemplate(req, res), status_code: String(res.statusCode) },
          Number(process.hrtime.bigint() - started) / 1e9,
        );
      });
      next();
    };
  }

  /** Consumer lag, read at each scrape (e.g. EventBus.consumerLag). */
  trackConsumerLag(source: () => Promise<ConsumerLag[]>): void {
    this.lagSources.push(source);
  }

  /** Outbox backlog, as the relay last saw it (OutboxRelay.stats: no extra database reads). */
  trackOutbox(source: () => OutboxStats[]): void {
    this.outboxSources.push(source);
  }

  /** Job counts of queues this service owns, read at each scrape. */
  trackQueue(queue: Queue): void {
    this.queues.push(queue);
  }

  trackWorker(worker: Worker): void {
    worker.on('completed', () => this.jobAttempts.inc({ queue: worker.name, outcome: 'completed' }));
    worker.on('failed', () => this.jobAttempts.inc({ queue: worker.name, outcome: 'failed' }));
  }

  /** The hooks the Kafka consumer runner calls (platform/src/kafka/consumer.ts). */
  consumerHooks() {
    return {
      messageHandled: (group: string, topic: string, outcome: string) =>
        this.consumerMessages.inc({ group, topic, outcome }),
      handlerFailed: (group: string, topic: string, eventType: string) =>
        this.handlerFailures.inc({ group, topic, event_type: eventType }),
      deadLettered: (group: string, topic: string) => this.deadLetters.inc({ group, topic }),
    };
  }
}

/** Where a process serves its metrics: METRICS_PORT, else PORT + 1000 (0, a free port, when PORT is 0). */
export function metricsAddress(config: { PORT: number; METRICS_PORT?: number; METRICS_HOST: string }): {
  host: string;
  port: number;
} {
  const port = config.METRICS_PORT ?? (config.PORT === 0 ? 0 : config.PORT + 1000);
  if (port > 65535) throw new Error(`METRICS_PORT: PORT + 1000 is ${port}; set METRICS_PORT`);
  return { host: config.METRICS_HOST, port };
}

export interface MetricsServer {
  url: string;
  port: number;
  close: () => Promise<void>;
}

/** Serves `GET /metrics` (Prometheus text format) and nothing else. */
export async function startMetricsServer(
  registry: Registry,
  address: { host: string; port: number },
): Promise<MetricsServer> {
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': registry.contentType }).end(text),
      (error: unknown) => res.writeHead(500, { 'content-type': 'text/plain' }).end(`${String(error)}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(address.port, address.host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const host = address.host.includes(':') ? `[${address.host}]` : address.host;
  return {
    url: `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}/metrics`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
