/**
 * Service runtime: connects Mongo, Redis and Kafka, mounts the routes, starts consumers, the outbox
 * relay and workers, and shuts everything down in order (stop taking requests, drain consumers and
 * workers, flush the outbox, then close connections). Used by every service's main.ts and by the integration tests.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Router } from 'express';
import type { Connection } from 'mongoose';
import type { Queue, Worker } from 'bullmq';
import type { ServiceName } from '@safarsaathi/contracts';
import type { BaseEnv } from './config';
import { createLogger, type Logger } from './logger';
import { connectMongo, connectedToFerretDb, ensureIndexes, pingMongo, type MongoOptions } from './mongo';
import { MongoWatchdog } from './mongo-watchdog';
import { DocumentLocks } from './document-locks';
import { createRedis, pingRedis, type Redis } from './redis';
import { EventBus, ensureTopics, pingKafka, type SubscriptionOptions } from './kafka/bus';
import { mongoIdempotencyStore } from './kafka/idempotency';
import type { EventHandlers } from './kafka/consumer';
import { SubscriptionError, checkSubscriptions, type EventSubscriptions } from './kafka/subscriptions';
import { MarkerSweeper, ensureMarkerTtlIndexes } from './kafka/marker-expiry';
import { OutboxRelay, type OutboxSource, type OutboxTarget } from './outbox';
import { LivePublisher } from './live/publisher';
import { createServiceApp } from './http/app';
import { ServiceMetrics, metricsAddress, startMetricsServer } from './metrics';
import { PiiKeyring } from './pii';

export interface ServiceConfig extends BaseEnv {
  PORT: number;
  MONGO_DB?: string;
}

export interface ServiceDeps<C extends ServiceConfig = ServiceConfig> {
  name: ServiceName;
  config: C;
  logger: Logger;
  mongo: Connection;
  redis: Redis;
  bus: EventBus;
  /**
   * Publishes staged outbox events now instead of at the next relay tick: of one document (read by `_id`)
   * when given, else of every outbox collection (a sweep, which FerretDB answers by reading them whole).
   */
  flushOutbox: (target?: OutboxTarget) => void;
  /**
   * Publishes a document's pending events and waits until they are on Kafka: call it before deleting the
   * document, so its unpublished events are not deleted with it. Throws when they cannot be published.
   */
  publishOutboxNow: (target: OutboxTarget) => Promise<void>;
  /** Per-document write locks, active on FerretDB only (document-locks.ts). */
  locks: DocumentLocks;
  /** Live updates to users' browsers (after a successful write; never fails the caller). */
  live: LivePublisher;
  /** This service's Prometheus registry and its shared series (metrics.ts), for service-specific additions. */
  metrics: ServiceMetrics;
  /** The keys of personal fields (pii.ts): the bus seals and opens with them; erasure destroys one. */
  pii: PiiKeyring;
}

export interface ServiceParts {
  routes: Router;
  /** Handlers by event type for this service's consumer group (named after the service). */
  handlers?: EventHandlers;
  /**
   * The topics that group reads and the events on them it ignores, declared beside the handlers and
   * checked against the event catalogue at start (kafka/subscriptions.ts). Required with `handlers`.
   */
  subscriptions?: EventSubscriptions;
  consumerOptions?: Partial<Pick<SubscriptionOptions, 'maxAttempts' | 'backoffMs'>>;
  outboxModels?: OutboxSource[];
  /** How often the relay sweeps the outbox collections for events a crash left behind (default 15 s). */
  outboxSweepMs?: number;
  workers?: Worker[];
  /** Queues this service owns (works): their job counts by state are reported in its metrics. */
  queues?: Queue[];
  /** Further readiness checks beside Kafka, Mongo and Redis (e.g. an index that must catch up first). */
  readiness?: Record<string, () => Promise<boolean>>;
  onStop?: () => Promise<void>;
}

export interface RunningService<C extends ServiceConfig = ServiceConfig> {
  url: string;
  port: number;
  /** `http://host:port/metrics` on the metrics port. */
  metricsUrl: string;
  deps: ServiceDeps<C>;
  relay: OutboxRelay | undefined;
  stop: () => Promise<void>;
}

export async function startService<C extends ServiceConfig>(
  name: ServiceName,
  config: C,
  build: (deps: ServiceDeps<C>) => Promise<ServiceParts> | ServiceParts,
  options: MongoOptions = {},
): Promise<RunningService<C>> {
  const logger = createLogger(name, config.LOG_LEVEL);
  const metrics = new ServiceMetrics(name);
  const mongo = await connectMongo(config.MONGO_URL, config.MONGO_DB ?? `safarsaathi_${name}`, options);
  // Each MongoDB client of the service is reconnected if its driver stops finding a database that answers.
  const watchMongo = (connection: Connection, label: string) =>
    new MongoWatchdog(connection, { url: config.MONGO_URL, logger, label }).start();
  watchMongo(mongo, 'main');
  const redis = createRedis(config.REDIS_URL, logger);
  const piiSubscriber = redis.duplicate();
  piiSubscriber.on('error', (error) => logger.warn({ err: error }, 'redis (pii erasures) connection error'));
  const pii = new PiiKeyring(redis, { subscriber: piiSubscriber });
  const bus = new EventBus({
    pii,
    clientId: name,
    brokers: config.KAFKA_BROKERS.split(','),
    logger,
    topicPrefix: config.KAFKA_TOPIC_PREFIX,
    metrics: metrics.consumerHooks(),
  });
  metrics.trackConsumerLag(() => bus.consumerLag());
  await ensureTopics(bus.admin(), config.KAFKA_TOPIC_PREFIX);
  await bus.connect();

  let relay: OutboxRelay | undefined;
  const onFerretDb = await connectedToFerretDb(mongo);
  const locks = new DocumentLocks(redis, onFerretDb, mongo.name);
  const live = new LivePublisher(redis, { prefix: config.LIVE_PREFIX, logger });
  const deps: ServiceDeps<C> = {
    name,
    config,
    logger,
    mongo,
    redis,
    bus,
    flushOutbox: (target) => relay?.nudge(target),
    publishOutboxNow: async (target) => {
      await relay?.publishNow(target);
    },
    locks,
    live,
    metrics,
    pii,
  };
  const parts = await build(deps);
  try {
    if (parts.handlers && !parts.subscriptions) {
      throw new SubscriptionError(name, [
        'has event handlers but declares no subscriptions (topics, ignores) beside them',
      ]);
    }
    if (parts.subscriptions) checkSubscriptions(name, parts.subscriptions, parts.handlers);
  } catch (error) {
    // Refuse to start, leaving nothing running behind (build may have started workers).
    await Promise.allSettled((parts.workers ?? []).map((worker) => worker.close()));
    await parts.onStop?.().catch(() => undefined);
    await bus.disconnect();
    await pii.close();
    await redis.quit().catch(() => redis.disconnect());
    await mongo.close();
    throw error;
  }
  await ensureIndexes(mongo);

  let outboxSweepConnection: Connection | undefined;
  if (parts.outboxModels?.length) {
    // On FerretDB the sweep scans whole collections: on a connection of its own (see OutboxRelayOptions).
    if (onFerretDb) {
      outboxSweepConnection = await connectMongo(config.MONGO_URL, mongo.name);
      watchMongo(outboxSweepConnection, 'outbox sweep');
    }
    relay = new OutboxRelay({
      models: parts.outboxModels,
      bus,
      logger,
      locks,
      intervalMs: parts.outboxSweepMs ?? config.OUTBOX_SWEEP_MS,
      sweepConnection: outboxSweepConnection,
    });
    relay.start();
    const started = relay;
    metrics.trackOutbox(() => started.stats());
  }
  for (const worker of parts.workers ?? []) metrics.trackWorker(worker);
  for (const queue of parts.queues ?? []) metrics.trackQueue(queue);
  let markerSweep: { sweeper: MarkerSweeper; connection: Connection } | undefined;
  if (parts.handlers && parts.subscriptions) {
    // Processed-event markers expire (kafka/marker-expiry.ts): TTL indexes, or on FerretDB a sweeper.
    const retentionMs = config.PROCESSED_EVENT_RETENTION_DAYS * 86_400_000;
    if (!onFerretDb) await ensureMarkerTtlIndexes(mongo, retentionMs);
    else {
      const connection = await connectMongo(config.MONGO_URL, mongo.name);
      watchMongo(connection, 'marker sweep');
      const sweeper = new MarkerSweeper(connection, redis, {
        retentionMs,
        intervalMs: config.PROCESSED_EVENT_SWEEP_MINUTES * 60_000,
        logger,
      });
      sweeper.start();
      markerSweep = { sweeper, connection };
    }
    await bus.subscribe({
      groupId: `${name}${config.KAFKA_GROUP_SUFFIX}`,
      topics: parts.subscriptions.topics,
      handlers: parts.handlers,
      store: mongoIdempotencyStore(mongo),
      ...parts.consumerOptions,
    });
  }

  const kafkaAdmin = bus.admin();
  const app = createServiceApp({
    logger,
    hmacSecret: config.INTERNAL_HMAC_SECRET,
    trustProxy: config.TRUST_PROXY,
    requestDeadlineMs: config.REQUEST_DEADLINE_MS,
    routes: parts.routes,
    metrics,
    readiness: {
      kafka: () => pingKafka(kafkaAdmin),
      mongo: () => pingMongo(mongo),
      redis: () => pingRedis(redis),
      ...parts.readiness,
    },
  });
  const server = await listen(app, config.PORT, config.HOST);
  const port = (server.address() as AddressInfo).port;
  const metricsServer = await startMetricsServer(metrics.registry, metricsAddress(config));
  logger.info({ host: config.HOST, port, metricsPort: metricsServer.port }, `${name} service listening`);

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      await closeServer(server);
      // Intake stopped; now drain: consumers and workers finish what they hold (and may stage events),
      // then the outbox publishes what they staged, then the connections close.
      await bus.stopConsumers();
      await Promise.allSettled((parts.workers ?? []).map((worker) => worker.close()));
      await relay?.stop();
      await outboxSweepConnection?.close();
      await parts.onStop?.();
      await bus.disconnect();
      await markerSweep?.sweeper.stop();
      await markerSweep?.connection.close();
      await kafkaAdmin.disconnect().catch(() => undefined);
      await pii.close();
      await redis.quit().catch(() => redis.disconnect());
      await mongo.close();
      await metricsServer.close();
      logger.info(`${name} service stopped`);
    })();
    return stopping;
  };
  return {
    url: `http://${reachableHost(config.HOST)}:${port}`,
    port,
    metricsUrl: metricsServer.url,
    deps,
    relay,
    stop,
  };
}

/** An address to call a server on that listens on `host` (every interface: this machine's loopback). */
export function reachableHost(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

/** How long a server keeps an idle client connection open (see listen). */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** Listens on `host` (127.0.0.1 unless configured) and fails clearly when the port is taken. */
export function listen(
  app: { listen: (port: number, host: string, callback: (error?: Error) => void) => Server },
  port: number,
  host: string,
): Promise<Server> {
  return new Promise((resolve, reject) => {
    // Express 5 calls this back on a listen error too, with the error (a port in use): without the check the
    // service went on with a server that listens nowhere and crashed on its address ("reading 'port'").
    const server = app.listen(port, host, (error?: Error) => {
      server.off('error', reject);
      if (error) reject(error);
      else resolve(server);
    });
    // Node closes an idle kept-alive connection after 5 s; a client that reuses it in that instant gets a reset
    // (seen in CI: "socket hang up" on a GET sent just as the gateway closed). Longer than the 60 s idle timeout
    // of common load balancers, so the hop in front closes first; headers must still arrive within their own limit.
    server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
    server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
    server.once('error', reject);
  });
}

/**
 * Stops taking requests and lets those in flight finish. A kept-alive connection that falls idle after this
 * closes at once instead of after KEEP_ALIVE_TIMEOUT_MS (which would hold a graceful stop for a minute).
 */
export function closeServer(server: Server): Promise<void> {
  return new Promise<void>((resolve) => {
    server.keepAliveTimeout = 1;
    server.close(() => resolve());
    server.closeIdleConnections();
  });
}

/** Entry point helper: start, stop gracefully on SIGTERM/SIGINT, exit 1 with a clear line on a boot failure. */
export function runMain(start: () => Promise<{ stop: () => Promise<void> }>): void {
  start()
    .then((service) => {
      const shutdown = (signal: string) => {
        process.stdout.write(`received ${signal}, shutting down\n`);
        service.stop().then(
          () => process.exit(0),
          () => process.exit(1),
        );
      };
      process.once('SIGTERM', () => shutdown('SIGTERM'));
      process.once('SIGINT', () => shutdown('SIGINT'));
    })
    .catch((error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    });
}
