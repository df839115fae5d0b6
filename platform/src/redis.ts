import Redis from 'ioredis';
import type { Logger } from './logger';

/**
 * `maxRetriesPerRequest: null` is what BullMQ workers require; commands wait for a reconnect
 * instead of failing while Redis restarts.
 */
export function createRedis(
  url: string,
  logger?: Logger,
  options: { commandTimeoutMs?: number; autoPipelining?: boolean } = {},
): Redis {
  const redis = new Redis(url, {
    maxRetriesPerRequest: null,
    enableReadyCheck: true,
    lazyConnect: false,
    // Only for connections that serve requests and no BullMQ worker (whose blocking reads would time out).
    ...(options.commandTimeoutMs ? { commandTimeout: options.commandTimeoutMs } : {}),
    // Commands issued in the same tick go out in one write (hot paths of plain commands; no pub/sub or blocking reads).
    ...(options.autoPipelining ? { enableAutoPipelining: true } : {}),
  });
  redis.on('error', (error) => logger?.warn({ err: error }, 'redis connection error'));
  return redis;
}

export async function pingRedis(redis: Redis): Promise<boolean> {
  try {
    return (
      (await Promise.race([
        redis.ping(),
        new Promise<string>((r) => setTimeout(() => r('timeout'), 1000)),
      ])) === 'PONG'
    );
  } catch {
    return false;
  }
}

export type { Redis };
