/**
 * The gateway owns no data: it terminates the session cookie, enforces each route's access level,
 * rate-limits the auth endpoints, forwards a signed identity, and serves the web app.
 */
import { createHash } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import cookieParser from 'cookie-parser';
import {
  API_ROUTES,
  DATA_EXPORT_PATH,
  HELP_SUPPORT_PAGE,
  LIVE_EVENTS_PATH,
  PRIVACY_CONTACT_PATH,
  SHARED_LIVE_ROUTE,
  buildOpenApiDocument,
  type PrivacyContact,
  earlyLoginTapSource,
} from '@safarsaathi/contracts';
import {
  EventBus,
  LiveHub,
  ServiceMetrics,
  SessionStore,
  correlationMiddleware,
  createLogger,
  createRedis,
  errorHandler,
  healthRoutes,
  metricsAddress,
  listen,
  notFound,
  pingRedis,
  reachableHost,
  requestLogger,
  startMetricsServer,
} from '@safarsaathi/platform';
import { loadGatewayConfig, serviceUrls, type GatewayConfig } from './config';
import {
  identitySigner,
  loadSession,
  noStoreWhenSignedIn,
  requireAccess,
  stripClientIdentity,
} from './session';
import { authRateLimit } from './rate-limit';
import { BlockedUsers } from './blocked-users';
import { serviceProxy } from './proxy';
import { UpstreamPool } from './upstreams';
import { webRoutes } from './web';
import { dataExportHandler } from './my-data';
import { LiveEvents } from './live-events';
import { sharedLinkChecker, sharedTripPreviewReader } from './shared-links';
import { jsonCompression } from './compression';
import { crossSiteGuard, jsonBodyGuard, methodNotAllowed } from './guards';
import { securityHeaders } from './security-headers';

/** Where the API lives: the spec keeps a few routes outside /api. */
const API_PATHS = ['/api', '/users', '/help-support'];

export interface RunningGateway {
  url: string;
  port: number;
  /** `http://host:port/metrics` on the metrics port (never routed through the gateway itself). */
  metricsUrl: string;
  config: GatewayConfig;
  /** Open live streams on this instance. */
  liveStreams: () => number;
  stop: () => Promise<void>;
}

export async function startGateway(env: NodeJS.ProcessEnv = process.env): Promise<RunningGateway> {
  const config = loadGatewayConfig(env);
  const logger = createLogger('gateway', config.LOG_LEVEL);
  const metrics = new ServiceMetrics('gateway');
  const upstreamErrors = metrics.counter(
    'gateway_upstream_errors_total',
    'Proxied requests that got no answer from their service (answered 503).',
    ['upstream'],
  );
  // Sessions, limits and the blocked list are read on every request: while Redis restarts, a command fails
  // after 2 s (answered 503) instead of waiting in ioredis's queue for the reconnection.
  const redis = createRedis(config.REDIS_URL, logger, { commandTimeoutMs: 2_000 });
  // The session read of every request goes over a connection of its own that sends the commands of
  // concurrent requests together (one write and one read for several, in Redis and here).
  const sessionRedis = createRedis(config.REDIS_URL, logger, {
    commandTimeoutMs: 2_000,
    autoPipelining: true,
  });
  const sessions = new SessionStore(sessionRedis);
  const blockedUsers = new BlockedUsers(sessions);
  const bus = new EventBus({
    clientId: 'gateway',
    brokers: config.KAFKA_BROKERS.split(','),
    logger,
    topicPrefix: config.KAFKA_TOPIC_PREFIX,
    metrics: metrics.consumerHooks(),
    // Opens sealed fields with keys of its own on this Redis (it reads no personal field today).
    redisUrl: config.REDIS_URL,
  });
  metrics.trackConsumerLag(() => bus.consumerLag());
  await bus.connect();
  await blockedUsers.listen(bus);
  const signedInSession = loadSession(sessions, blockedUsers, config.adminEmails);
  const liveHub = new LiveHub({ redis, prefix: config.LIVE_PREFIX, logger });
  await liveHub.start();
  const upstreams = serviceUrls(config);
  const pools = Object.entries(upstreams).map(([service, urls]) => new UpstreamPool(service, urls, logger));
  for (const pool of pools) pool.start();
  const companionPool = pools.find((pool) => pool.service === 'companion')!;
  const liveEvents = new LiveEvents({
    hub: liveHub,
    redis,
    logger,
    maxStreams: config.LIVE_MAX_STREAMS,
    maxStreamsPerUser: config.LIVE_MAX_STREAMS_PER_USER,
    maxStreamsPerNetwork: config.LIVE_MAX_STREAMS_PER_NETWORK,
    sessionsLive: (sessionIds) => sessions.stillLive(sessionIds),
    heartbeatMs: config.LIVE_HEARTBEAT_MS,
    retryMs: config.LIVE_RETRY_MS,
    maxSharedStreamsPerNetwork: config.LIVE_MAX_SHARED_STREAMS_PER_NETWORK,
    sharedMaxAgeMs: config.LIVE_SHARED_MAX_AGE_MS,
    checkSharedLink: sharedLinkChecker(companionPool, logger),
  });
  liveEvents.start();
  const openApi = buildOpenApiDocument();

  const app = express();
  app.disable('x-powered-by');
  // X-Forwarded-For decides the client IP that rate limits count: only from the proxies configured.
  app.set('trust proxy', config.TRUST_PROXY);
  app.use(metrics.httpMiddleware());
  app.use(
    securityHeaders({
      // HSTS over plain HTTP in development would only pin localhost to HTTPS in the browser.
      strictTransportSecurity: config.APP_ENV === 'production',
      contentSecurityPolicy: {
        directives: {
          // Emotion (MUI) injects style tags; scripts only from this origin, and the landing page's one inline
          // script by its hash (contracts' early-login-tap.ts).
          'script-src': [
            "'self'",
            earlyLoginTapSource((text) => createHash('sha256').update(text).digest('base64')),
          ],
          'style-src': ["'self'", "'unsafe-inline'"],
          'img-src': ["'self'", 'data:'],
          'connect-src': ["'self'"],
        },
      },
    }),
  );
  app.use(correlationMiddleware());
  app.use(healthRoutes({ redis: async () => (await pingRedis(redis)) && (await pingRedis(sessionRedis)) }));
  app.use(requestLogger(logger));
  // The live stream is registered before compression, which it must never pass through (it would buffer
  // events), and is served here, not proxied: no proxy time-out or buffering sits in its way.
  app.get(LIVE_EVENTS_PATH, cookieParser(), stripClientIdentity(), signedInSession, liveEvents.handler());
  app.all(LIVE_EVENTS_PATH, methodNotAllowed(['GET']));
  // A family link's public stream: no session, no cookie read; the same hub, and the same rule on compression.
  app.get(SHARED_LIVE_ROUTE, liveEvents.sharedHandler());
  app.all(SHARED_LIVE_ROUTE, methodNotAllowed(['GET']));
  app.use(jsonCompression());
  app.use(cookieParser());
  app.use(stripClientIdentity());
  app.use(API_PATHS, noStoreWhenSignedIn());

  app.get('/api/openapi.json', (_req, res) => {
    res.json(openApi);
  });
  // The privacy notice's grievance officer (issue 40), from configuration.
  const privacyContact: PrivacyContact = {
    grievance_officer: { name: config.GRIEVANCE_OFFICER_NAME, email: config.GRIEVANCE_OFFICER_EMAIL },
  };
  app.get(PRIVACY_CONTACT_PATH, (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.json(privacyContact);
  });
  app.all(PRIVACY_CONTACT_PATH, methodNotAllowed(['GET']));

  const rateLimit = authRateLimit(
    redis,
    {
      perIp: config.RATE_LIMIT_IP_PER_MINUTE,
      perEmail: config.RATE_LIMIT_EMAIL_PER_MINUTE,
      keyPrefix: config.RATE_LIMIT_KEY_PREFIX,
    },
    config.INTERNAL_HMAC_SECRET,
  );
  const proxies = new Map(
    pools.map((pool) => [
      pool.service,
      serviceProxy(
        pool.service,
        pool,
        logger,
        () => upstreamErrors.inc({ upstream: pool.service }),
        config.REQUEST_DEADLINE_MS + 500,
      ),
    ]),
  );
  const guards = [crossSiteGuard(config.allowedOrigins), jsonBodyGuard()];
  const parseJson = express.json({ limit: '100kb' });
  const signer = identitySigner(config.INTERNAL_HMAC_SECRET);
  const methodsByPath = new Map<string, string[]>();
  for (const route of API_ROUTES) {
    // Both guards pass GET (and HEAD) through untouched: a GET route does without the two calls.
    const handlers: express.RequestHandler[] = [...(route.method === 'GET' ? [] : guards), signedInSession];
    // JSON bodies are parsed here and re-written by the proxy: rate-limited routes read the e-mail, and a
    // request an instance refused can be sent again to another one (gateway/src/proxy.ts). The limit is
    // the services' own, so a body the service takes is never refused here; signed-out callers of
    // protected routes still hear 401 before their body is read.
    if (route.rateLimited) handlers.push(parseJson, rateLimit(route.path));
    handlers.push(requireAccess(route.access, signer));
    // A GET has no body to parse (one sent anyway is streamed through as it is).
    if (!route.rateLimited && route.method !== 'GET') handlers.push(parseJson);
    handlers.push(proxies.get(route.service)!);
    const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
    app[method](route.path, ...handlers);
    methodsByPath.set(route.path, [...(methodsByPath.get(route.path) ?? []), route.method]);
  }
  // The data export (issue 40): the gateway's own route, gathering each service's part (my-data.ts).
  app.get(
    DATA_EXPORT_PATH,
    signedInSession,
    requireAccess('session', signer),
    dataExportHandler({ pools, redis, keyPrefix: config.RATE_LIMIT_KEY_PREFIX, logger }),
  );
  app.all(DATA_EXPORT_PATH, methodNotAllowed(['GET']));
  // Every other /api/admin/* call (a method no route has, e.g. DELETE on the audit log, or an unknown
  // path) is still admin-only: 401 signed out, 403 for a non-admin, and only then 405 or 404.
  app.use('/api/admin', signedInSession, requireAccess('admin', signer));
  // Literal paths first, so /a/b is not taken for /a/:id.
  const paths = [...methodsByPath.keys()].sort((a, b) => Number(a.includes(':')) - Number(b.includes(':')));
  for (const path of paths) app.all(path, methodNotAllowed(methodsByPath.get(path)!));
  // Unknown API paths: a JSON 404, never the SPA page. `/help-support` itself is the help page (issue 38)
  // beside the API's `/help-support/…` calls: a GET of it goes on to the web app, which serves the page to a
  // browser and a 404 to anything else.
  app.use(API_PATHS, (req, _res, next) => {
    const path = req.originalUrl.split('?')[0];
    if (req.method === 'GET' && path === HELP_SUPPORT_PAGE) return next();
    next(notFound(`No route for ${req.method} ${path}`));
  });

  app.use(
    webRoutes(
      config,
      async (token) => (await sessions.findByToken(token)) !== undefined,
      sharedTripPreviewReader(companionPool, logger),
    ),
  );
  app.use((req, _res, next) => next(notFound(`No route for ${req.method} ${req.path}`)));
  app.use(errorHandler(logger));

  const server: Server = await listen(app, config.PORT, config.HOST);
  const port = (server.address() as AddressInfo).port;
  const metricsServer = await startMetricsServer(metrics.registry, metricsAddress(config));
  logger.info({ host: config.HOST, port, metricsPort: metricsServer.port }, 'gateway listening');
  return {
    url: `http://${reachableHost(config.HOST)}:${port}`,
    port,
    metricsUrl: metricsServer.url,
    config,
    liveStreams: () => liveEvents.openStreams,
    stop: async () => {
      for (const pool of pools) pool.stop();
      await liveEvents.stop();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await liveHub.stop();
      await bus.disconnect();
      await redis.quit().catch(() => redis.disconnect());
      await sessionRedis.quit().catch(() => sessionRedis.disconnect());
      await metricsServer.close();
    },
  };
}
