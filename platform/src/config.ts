/**
 * Environment validated once at boot with a zod schema per service: fail fast with one clear message.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { guessableSecret } from './secret-strength';

export class ConfigError extends Error {
  constructor(
    readonly service: string,
    readonly problems: string[],
  ) {
    super(
      `${service}: invalid configuration:\n  - ${problems.join('\n  - ')}\nSee .env.example for every variable.`,
    );
    this.name = 'ConfigError';
  }
}

/**
 * Secret values that were ever written in this repository: defaults of earlier versions, the compose file's
 * old fallback, the example Kubernetes overlay's placeholders (its HMAC secret and the passwords in its
 * URLs), compose's Grafana fallback and an earlier test's production secret. Anyone can read them, so anyone
 * could sign an identity with them. INTERNAL_HMAC_SECRET refuses them everywhere; production refuses them in
 * every secret variable and URL password (productionSecretProblems). test/repository-secrets.unit.test.ts
 * scans the tracked files and fails when a secret value written anywhere is not refused.
 */
export const PUBLISHED_SECRETS: readonly string[] = [
  'development-only-internal-secret-change-me!',
  'dev-only-internal-hmac-secret-0123456789abcdef',
  'replace-with-64-hex-characters-from-openssl-rand-hex-32-000000',
  'production-like-secret-for-tests-0123456789',
  'change-me',
  'admin',
];

/** Words that mark a value someone was meant to replace: production refuses a secret containing one. */
export const PLACEHOLDER_SECRET = /change[-_.]?me|example|placeholder|replace/i;

/** Variables that hold a secret by their name (INTERNAL_HMAC_SECRET, *_KEY, *_PASSWORD, *_TOKEN). */
export function isSecretVariable(name: string): boolean {
  return /(^|_)(SECRET|PASSWORD|PASSWD|TOKEN|KEY)$/.test(name);
}

/** The password in a URL's user information (`scheme://user:password@host`), if any; multi-host URLs included. */
export function urlPassword(url: string): string | undefined {
  const userinfo = /^[a-z][a-z0-9+.-]*:\/\/([^@/?#]*)@/i.exec(url.trim())?.[1];
  if (userinfo === undefined || !userinfo.includes(':')) return undefined;
  const password = userinfo.slice(userinfo.indexOf(':') + 1);
  try {
    return decodeURIComponent(password);
  } catch {
    return password;
  }
}

/** Why a secret value must not be used in production, or undefined when nothing is known against it. */
export function refusedSecret(value: string): string | undefined {
  if (PUBLISHED_SECRETS.includes(value)) return 'this value is published in the source code';
  const placeholder = PLACEHOLDER_SECRET.exec(value)?.[0];
  if (placeholder) return `this value is a placeholder (it contains "${placeholder}")`;
  return undefined;
}

/**
 * Production's check of the parsed configuration: every secret variable (by name) and every password in a
 * *_URL variable must be neither published in the repository nor an obvious placeholder, and the identity
 * secret must look random (guessableSecret: 32 characters of 'a' are not a secret).
 */
export function productionSecretProblems(config: Record<string, unknown>): string[] {
  const problems: string[] = [];
  for (const [name, value] of Object.entries(config)) {
    if (isSecretVariable(name) && typeof value === 'string' && value !== '') {
      const reason =
        refusedSecret(value) ?? (name === 'INTERNAL_HMAC_SECRET' ? guessableSecret(value) : undefined);
      if (reason) problems.push(`${name}: ${reason}; set a random one (e.g. \`openssl rand -hex 32\`)`);
    }
    if (name.endsWith('_URL')) {
      for (const url of [value].flat()) {
        const password = typeof url === 'string' ? urlPassword(url) : undefined;
        const reason = password === undefined ? undefined : refusedSecret(password);
        if (reason) problems.push(`${name}: the password in this URL: ${reason}; set the real one`);
      }
    }
  }
  return problems;
}

/**
 * Which hops may set X-Forwarded-For (express's `trust proxy`): `false` (none: the socket address is the
 * client), a hop count, or addresses, CIDR ranges and express's names (loopback, linklocal, uniquelocal),
 * comma-separated. `true` is refused: trusting every hop lets any client choose its own IP.
 */
export const trustProxySchema = z
  .string()
  .trim()
  .transform((value, ctx): false | number | string | string[] => {
    if (value === '' || value === 'false' || value === '0') return false;
    if (value === 'true') {
      ctx.addIssue({
        code: 'custom',
        message: 'true would trust X-Forwarded-For from anyone; name the proxies or a hop count',
      });
      return z.NEVER;
    }
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    return entries.length === 1 ? entries[0]! : entries;
  });
export type TrustProxy = z.output<typeof trustProxySchema>;

/** Variables every service shares. Defaults point at the local stack (`npm run infra:up`). */
export const baseEnvSchema = z.object({
  /**
   * Production unless development is asked for (`npm start` does): a process started without APP_ENV must
   * never get the development aids (the real-code switch, the well-known admin, plain-HTTP cookies).
   */
  APP_ENV: z.enum(['development', 'test', 'production']).default('production'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  KAFKA_BROKERS: z.string().min(1).default('127.0.0.1:9092'),
  MONGO_URL: z
    .string()
    .regex(/^mongodb(\+srv)?:\/\//, 'must be a mongodb:// URL')
    .default('mongodb://127.0.0.1:27017'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .default('redis://127.0.0.1:6379'),
  /** Unset in development: a random secret of this machine (see machineSecret); production must set it. */
  INTERNAL_HMAC_SECRET: z
    .string()
    .refine((value) => value === '' || value.length >= 32, 'must be at least 32 characters')
    .default(''),
  /** The address to listen on: only this machine unless configured (Docker sets 0.0.0.0). */
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  /** Services: the gateway in front of them runs on this machine in development (see trustProxySchema). */
  TRUST_PROXY: trustProxySchema.default('loopback'),
  /** Key prefix of rate-limit counters in Redis (tests use their own, so their counters never mix). */
  RATE_LIMIT_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9._:-]+$/)
    .default('limit'),
  /** Where development keeps its per-machine secret (and the infrastructure its artefacts). */
  SAFARSAATHI_CACHE: z.string().optional(),
  /** Appended to consumer group names, so a test run never shares groups with a running product. */
  KAFKA_GROUP_SUFFIX: z
    .string()
    .regex(/^[A-Za-z0-9._-]*$/)
    .default(''),
  /**
   * Put before every topic and consumer group name. Tests set a fresh value per run, so a test run and a
   * running product (or two test runs) never see each other's events.
   */
  KAFKA_TOPIC_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9._-]*$/)
    .default(''),
  /** Days a processed-event marker (and an attempt count) is kept: a redelivery older than that is handled again. */
  PROCESSED_EVENT_RETENTION_DAYS: z.coerce.number().positive().default(7),
  /** FerretDB (no TTL indexes): how often one instance sweeps expired markers; each batch reads the whole collection. */
  PROCESSED_EVENT_SWEEP_MINUTES: z.coerce.number().positive().default(60),
  /** BullMQ's key prefix in Redis: tests use their own, so a running product's workers never take their jobs. */
  QUEUE_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9._-]+$/)
    .default('bull'),
  /** Prefix of the live streams' Redis keys and channel (platform/src/live); tests use one per run. */
  LIVE_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9._-]+$/)
    .default('live'),
  /**
   * How often the outbox relay sweeps for events a crash left behind (it also sweeps once at start). Every
   * write names its document to the relay, so the sweep is only a safety net; on FerretDB it reads whole
   * collections, and a request landing during that read waits for it (bench/README.md, match latency).
   */
  OUTBOX_SWEEP_MS: z.coerce.number().int().min(1_000).default(60_000),
  /**
   * A request whose answer has not started after this long is answered 503 (http/unavailable.ts): a
   * dependency that hangs (Redis restarting, a database that neither answers nor fails) never holds a user
   * for more than ~10 s. The gateway waits a little longer for a service than this, so the service's own 503
   * reaches the user.
   */
  REQUEST_DEADLINE_MS: z.coerce.number().int().min(100).default(9_000),
  /** The service's database (default `safarsaathi_<service>`); tests use `test_*`. Declared, or parsing drops it. */
  MONGO_DB: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/)
    .optional(),
  /** Prometheus metrics (platform/src/metrics.ts): a port of their own, default PORT + 1000, never behind the gateway. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** 127.0.0.1 by default; containers set 0.0.0.0 so Prometheus on the container network can scrape. */
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
});
export type BaseEnv = z.infer<typeof baseEnvSchema>;

export function cacheDirectory(env: NodeJS.ProcessEnv = process.env): string {
  return env.SAFARSAATHI_CACHE || path.join(os.homedir(), '.cache', 'safarsaathi');
}

/**
 * The development secret of this machine: random, made once and kept (owner-readable only) under the
 * cache directory, so every process started here agrees without anyone writing a secret down.
 */
export function machineSecret(directory: string): string {
  const file = path.join(directory, 'internal-hmac-secret');
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch {
    // not made yet
  }
  fs.mkdirSync(directory, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  try {
    // 'wx': when two processes start together, the first one's secret wins and the other reads it.
    fs.writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch {
    return fs.readFileSync(file, 'utf8').trim();
  }
}

/**
 * Parses `env` with `schema`. A published INTERNAL_HMAC_SECRET is refused everywhere, and production refuses
 * any published or placeholder secret (productionSecretProblems); without INTERNAL_HMAC_SECRET, production
 * refuses to start and development uses the machine's own random secret.
 */
export function loadConfig<S extends z.ZodObject>(
  service: string,
  schema: S,
  env: NodeJS.ProcessEnv = process.env,
): z.infer<S> {
  const result = schema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(
      service,
      result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`),
    );
  }
  const config = result.data as z.infer<S> & Partial<BaseEnv>;
  if (config.APP_ENV === 'production') {
    const problems = productionSecretProblems(config);
    if (problems.length > 0) throw new ConfigError(service, problems);
  }
  if (config.INTERNAL_HMAC_SECRET !== undefined) {
    if (PUBLISHED_SECRETS.includes(config.INTERNAL_HMAC_SECRET)) {
      throw new ConfigError(service, [
        'INTERNAL_HMAC_SECRET: this value is published in the source code; set a random one (e.g. `openssl rand -hex 32`)',
      ]);
    }
    if (config.INTERNAL_HMAC_SECRET === '') {
      if (config.APP_ENV === 'production') {
        throw new ConfigError(service, [
          'INTERNAL_HMAC_SECRET: required in production (at least 32 random characters)',
        ]);
      }
      config.INTERNAL_HMAC_SECRET = machineSecret(config.SAFARSAATHI_CACHE || cacheDirectory(env));
    }
  }
  return config;
}

/** Boolean env values: 'true'/'1'/'yes' vs 'false'/'0'/'no'. */
export const envBoolean = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** Comma-separated list, trimmed, empty entries dropped. */
export const envList = z.string().transform((value) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean),
);

/** The well-known admin of development, so the ops tools can be tried locally; an ordinary address elsewhere. */
export const DEVELOPMENT_ADMIN = 'admin@safarsaathi.test';

/** ADMIN_EMAILS: who holds the admin role. Read by auth and by the gateway, which decides it on every call. */
export const adminEmailsSchema = envList.default([]);

/** The admin addresses, lower-cased (as sign-in stores addresses), with the development admin in development. */
export function adminEmailSet(config: { ADMIN_EMAILS: string[]; APP_ENV: string }): Set<string> {
  const admins = new Set(config.ADMIN_EMAILS.map((email) => email.toLowerCase()));
  if (config.APP_ENV === 'development') admins.add(DEVELOPMENT_ADMIN);
  return admins;
}
