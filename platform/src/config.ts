/**
 * Environment validated once at boot with a zod schema per service: fail fast with one clear message.
 */
import { z } from 'zod';

export class ConfigError extends Error {
  constructor(
    readonly service: string,
    readonly problems: string[],
  ) {
    super(`${service}: invalid configuration:\n  - ${problems.join('\n  - ')}\nSee .env.example for every variable.`);
    this.name = 'ConfigError';
  }
}

const DEV_SECRET = 'development-only-internal-secret-change-me!';

/** Variables every service shares. Defaults point at the local stack (`npm run infra:up`). */
export const baseEnvSchema = z.object({
  APP_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  KAFKA_BROKERS: z.string().min(1).default('127.0.0.1:9092'),
  MONGO_URL: z.string().regex(/^mongodb(\+srv)?:\/\//, 'must be a mongodb:// URL').default('mongodb://127.0.0.1:27017'),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must be a redis:// URL').default('redis://127.0.0.1:6379'),
  INTERNAL_HMAC_SECRET: z.string().min(32, 'must be at least 32 characters').default(DEV_SECRET),
  /** Appended to consumer group names, so a test run never shares groups with a running product. */
  KAFKA_GROUP_SUFFIX: z.string().regex(/^[A-Za-z0-9._-]*$/).default(''),
  /**
   * Put before every topic and consumer group name. Tests set a fresh value per run, so a test run and a
   * running product (or two test runs) never see each other's events.
   */
  KAFKA_TOPIC_PREFIX: z.string().regex(/^[A-Za-z0-9._-]*$/).default(''),
  /** BullMQ's key prefix in Redis: tests use their own, so a running product's workers never take their jobs. */
  QUEUE_PREFIX: z.string().regex(/^[A-Za-z0-9._-]+$/).default('bull'),
  /** Prefix of the live streams' Redis keys and channel (platform/src/live); tests use one per run. */
  LIVE_PREFIX: z.string().regex(/^[A-Za-z0-9._-]+$/).default('live'),
  /** The service's database (default `safarsaathi_<service>`); tests use `test_*`. Declared, or parsing drops it. */
  MONGO_DB: z.string().regex(/^[A-Za-z0-9_-]+$/).optional(),
  /** Prometheus metrics (platform/src/metrics.ts): a port of their own, default PORT + 1000, never behind the gateway. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** 127.0.0.1 by default; containers set 0.0.0.0 so Prometheus on the container network can scrape. */
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
});
export type BaseEnv = z.infer<typeof baseEnvSchema>;

/** Parses `env` with `schema`; in production the development secret is refused. */
export function loadConfig<S extends z.ZodObject>(service: string, schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const result = schema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(
      service,
      result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`),
    );
  }
  const config = result.data as z.infer<S> & Partial<BaseEnv>;
  if (config.APP_ENV === 'production' && config.INTERNAL_HMAC_SECRET === DEV_SECRET) {
    throw new ConfigError(service, ['INTERNAL_HMAC_SECRET: the development secret cannot be used in production']);
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
