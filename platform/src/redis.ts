import Redis from 'ioredis';
import type { Logger } from './logger';

/**
 * `maxRetriesPerRequest: null` is what BullMQ workers require; commands wait for a reconnect
 * instead of failing while Redis restarts.
 */
export function createRedis(url: string, logger?: Logger): Redis {
  const redis = new Redis(url, { maxRetriesPerRequest: null, enableReadyCheck: true, lazyConnect: false });
  redis.on('error', (error) => logger?.warn({ err: error }, 'redis connection error'));
  return redis;
}

export async function pingRedis(redis: Redis): Promise<boolean> {
  try {
    return (await Promise.race([redis.ping(), new Promise<string>((r) => setTimeout(() => r('timeout'), 1000))])) === 'PONG';
  } catch {
    return false;
  }
}

export type { Redis };
