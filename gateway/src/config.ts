import path from 'node:path';
import { z } from 'zod';
import { LIVE_LIMITS } from '@safarsaathi/contracts';
import {
  adminEmailSet,
  adminEmailsSchema,
  baseEnvSchema,
  envList,
  loadConfig,
  packageRoot,
  trustProxySchema,
} from '@safarsaathi/platform';

/** The repository (or image) root: the gateway package's parent, from src/ and from the dist/ bundle alike. */
const ROOT = path.dirname(packageRoot(__dirname));

/** One URL per instance of a service, comma-separated: the gateway spreads requests over them. */
const upstreamList = envList.pipe(
  z.array(z.url({ message: 'must be a list of URLs like http://127.0.0.1:4001' })).min(1),
);

const gatewayEnvSchema = baseEnvSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  AUTH_URL: upstreamList.default(['http://127.0.0.1:4001']),
  COMPANION_URL: upstreamList.default(['http://127.0.0.1:4002']),
  SEARCH_URL: upstreamList.default(['http://127.0.0.1:4003']),
  CHAT_URL: upstreamList.default(['http://127.0.0.1:4004']),
  NOTIFICATIONS_URL: upstreamList.default(['http://127.0.0.1:4005']),
  SUPPORT_URL: upstreamList.default(['http://127.0.0.1:4006']),
  /** Built web assets: the shell at /, each remote at /remotes/<name>/. */
  WEB_SHELL_DIR: z.string().default(path.join(ROOT, 'web-shell', 'dist')),
  WEB_REMOTES_DIR: z.string().default(path.join(ROOT, 'web-remotes')),
  /** Per-remote URL overrides, e.g. REMOTE_URL_SITE=https://cdn.example/site/mf-manifest.json */
  /**
   * Sign-in calls per minute per browser (device cookie) or, without one, per network (IPv4 address, IPv6
   * /64): a flood filter only. A shared carrier address holds thousands of people, and the auth service's own
   * per-network budget answers with a proof-of-work challenge rather than a refusal (docs/security.md).
   */
  RATE_LIMIT_IP_PER_MINUTE: z.coerce.number().int().positive().default(600),
  /** Per e-mail address and client IP (not per address alone: a stranger must not lock the owner out). */
  RATE_LIMIT_EMAIL_PER_MINUTE: z.coerce.number().int().positive().default(10),
  /** Who holds the admin role, decided on every call (the same list the auth service reads). */
  ADMIN_EMAILS: adminEmailsSchema,
  /** Unset: 127.0.0.1 in development, every interface in production (the gateway is the public entry). */
  HOST: z.string().trim().min(1).optional(),
  /** The load balancers in front of the gateway; by default none, so X-Forwarded-For is ignored. */
  TRUST_PROXY: trustProxySchema.default(false),
  /**
   * Origins (scheme://host[:port]) besides the gateway's own that may make state-changing calls, e.g. a
   * web app served from another origin. The gateway's own origin is always allowed.
   */
  ALLOWED_ORIGINS: envList
    .pipe(z.array(z.url({ message: 'must be a list of origins like https://example.org' })))
    .default([]),
  /** Live streams (`GET /api/events`) this instance holds at most; past it 503 with Retry-After. */
  LIVE_MAX_STREAMS: z.coerce.number().int().positive().default(10_000),
  /** Live streams per user on all instances together; past it 429 with Retry-After. */
  LIVE_MAX_STREAMS_PER_USER: z.coerce.number().int().positive().default(LIVE_LIMITS.streamsPerUser),
  /** Live streams per client network (IPv4 address, IPv6 /64) on all instances together; past it 429. */
  LIVE_MAX_STREAMS_PER_NETWORK: z.coerce.number().int().positive().default(LIVE_LIMITS.streamsPerNetwork),
  /** Family-link streams (`/api/shared/:token/live`) per client network on all instances together; past it 429. */
  LIVE_MAX_SHARED_STREAMS_PER_NETWORK: z.coerce
    .number()
    .int()
    .positive()
    .default(LIVE_LIMITS.sharedStreamsPerNetwork),
  /** A family-link stream ends after this long (the browser reconnects and the link is checked again). */
  LIVE_SHARED_MAX_AGE_MS: z.coerce.number().int().min(1_000).default(LIVE_LIMITS.sharedStreamMaxAgeMs),
  LIVE_HEARTBEAT_MS: z.coerce.number().int().min(100).default(LIVE_LIMITS.heartbeatMs),
  LIVE_RETRY_MS: z.coerce.number().int().min(100).default(LIVE_LIMITS.retryMs),
  /**
   * The grievance officer the privacy notice names (issue 40; DPDP Rules: a contact for questions about
   * one's data). The defaults are the product's own addresses, for development; set both in production.
   */
  GRIEVANCE_OFFICER_NAME: z.string().trim().min(1).max(120).default('Grievance Officer, SafarSaathi'),
  GRIEVANCE_OFFICER_EMAIL: z.email().default('grievance@safarsaathi.app'),
});

export type GatewayConfig = Omit<z.infer<typeof gatewayEnvSchema>, 'HOST'> & {
  HOST: string;
  remoteOverrides: Record<string, string>;
  allowedOrigins: Set<string>;
  adminEmails: Set<string>;
};

export function loadGatewayConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  const parsed = loadConfig('gateway', gatewayEnvSchema, env);
  const config = {
    ...parsed,
    HOST: parsed.HOST ?? (parsed.APP_ENV === 'production' ? '0.0.0.0' : '127.0.0.1'),
    allowedOrigins: new Set(parsed.ALLOWED_ORIGINS.map((origin) => new URL(origin).origin)),
    adminEmails: adminEmailSet(parsed),
  };
  const remoteOverrides = Object.fromEntries(
    Object.entries(env)
      .filter(([key, value]) => key.startsWith('REMOTE_URL_') && value)
      .map(([key, value]) => [key.slice('REMOTE_URL_'.length).toLowerCase(), value as string]),
  );
  return { ...config, remoteOverrides };
}

export function serviceUrls(config: GatewayConfig): Record<string, string[]> {
  return {
    auth: config.AUTH_URL,
    companion: config.COMPANION_URL,
    search: config.SEARCH_URL,
    chat: config.CHAT_URL,
    notifications: config.NOTIFICATIONS_URL,
    support: config.SUPPORT_URL,
  };
}
