/**
 * Fixed-window rate limits in Redis, so every gateway instance counts together.
 * Auth endpoints are limited per client IP and per e-mail address in the body.
 */
import type { RequestHandler } from 'express';
import type { Redis } from '@safarsaathi/platform';
import { tooManyRequests } from '@safarsaathi/platform';

const WINDOW_SECONDS = 60;

async function hit(redis: Redis, key: string): Promise<number> {
  const bucket = `ratelimit:${key}:${Math.floor(Date.now() / 1000 / WINDOW_SECONDS)}`;
  const [[, count]] = (await redis.multi().incr(bucket).expire(bucket, WINDOW_SECONDS * 2).exec()) as [[null, number], unknown];
  return count;
}

export function authRateLimit(redis: Redis, limits: { perIp: number; perEmail: number }): RequestHandler {
  return async (req, _res, next) => {
    try {
      const ipCount = await hit(redis, `ip:${req.path}:${req.ip}`);
      if (ipCount > limits.perIp) return next(tooManyRequests('Too many requests. Please wait a minute and try again.', WINDOW_SECONDS));
      const email: unknown = req.body?.emailAddress;
      if (typeof email === 'string' && email.length > 0 && email.length < 300) {
        const emailCount = await hit(redis, `email:${req.path}:${email.trim().toLowerCase()}`);
        if (emailCount > limits.perEmail) {
          return next(tooManyRequests('Too many attempts for this e-mail address. Please wait a minute and try again.', WINDOW_SECONDS));
        }
      }
      next();
    } catch (error) {
      next(error);
    }
  };
}
