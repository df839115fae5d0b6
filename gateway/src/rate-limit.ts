/**
 * Fixed-window rate limits in Redis, so every gateway instance counts together: a first, coarse filter
 * in front of the services, which keep their own limits (codes and e-mails are protected where they
 * live). Counted per client IP (X-Forwarded-For only from TRUST_PROXY hops) and per (e-mail, client IP):
 * per e-mail alone would let anyone block an address's owner by sending its address over and over.
 */
import type { RequestHandler } from 'express';
import type { Redis } from '@safarsaathi/platform';
import { clientIp, tooManyRequests } from '@safarsaathi/platform';
import { HTTP_MESSAGES } from '@safarsaathi/contracts';

const WINDOW_SECONDS = 60;

async function hit(redis: Redis, key: string): Promise<number> {
  const bucket = `${key}:${Math.floor(Date.now() / 1000 / WINDOW_SECONDS)}`;
  const [[, count]] = (await redis.multi().incr(bucket).expire(bucket, WINDOW_SECONDS * 2).exec()) as [[null, number], unknown];
  return count;
}

export function authRateLimit(redis: Redis, limits: { perIp: number; perEmail: number; keyPrefix: string }): RequestHandler {
  return async (req, _res, next) => {
    try {
      const ip = clientIp(req);
      const prefix = `${limits.keyPrefix}:gateway`;
      const ipCount = await hit(redis, `${prefix}:ip:${req.path}:${ip}`);
      if (ipCount > limits.perIp) return next(tooManyRequests(HTTP_MESSAGES.tooManyRequests, WINDOW_SECONDS));
      const email: unknown = req.body?.emailAddress;
      if (typeof email === 'string' && email.length > 0 && email.length < 300) {
        const emailCount = await hit(redis, `${prefix}:email:${req.path}:${email.trim().toLowerCase()}|${ip}`);
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
