/**
 * Fixed-window rate limits in Redis, so every gateway instance counts together: a first, coarse filter
 * in front of the services, which keep their own limits (codes and e-mails are protected where they
 * live, with a proof-of-work challenge past a network's budget).
 *
 * Counted per route (its pattern, so respelling a path in another case or with a trailing slash is the
 * same count) and per subject: a browser with a device cookie the auth service signed is its own subject,
 * so a returning browser is never refused because of others behind its address (carrier-grade NAT puts
 * thousands of phones behind one IPv4 address); anything else, a made-up cookie included, counts against
 * its network (an IPv4 address, an IPv6 /64). A request that carries a proof-of-work solution is let
 * through to the service, which checks it. Also per (mailbox, subject): per e-mail alone would let anyone
 * block an address's owner by sending it over and over.
 */
import { createHash, createHmac } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import type { Redis } from '@safarsaathi/platform';
import { clientIp, ipSubject, tooManyRequests, verifiedDeviceToken } from '@safarsaathi/platform';
import { DEVICE_COOKIE, HTTP_MESSAGES, mailboxOf } from '@safarsaathi/contracts';

const WINDOW_SECONDS = 60;

async function hit(redis: Redis, key: string): Promise<number> {
  const bucket = `${key}:${Math.floor(Date.now() / 1000 / WINDOW_SECONDS)}`;
  const [[, count]] = (await redis
    .multi()
    .incr(bucket)
    .expire(bucket, WINDOW_SECONDS * 2)
    .exec()) as [[null, number], unknown];
  return count;
}

/** Who a request counts against: its browser when it has a device cookie auth signed, else its network. */
function subjectOf(req: Request, secret: string): string {
  const device = verifiedDeviceToken(req.cookies?.[DEVICE_COOKIE], secret);
  if (device) return `device:${createHash('sha256').update(device).digest('base64url').slice(0, 22)}`;
  return `ip:${ipSubject(clientIp(req))}`;
}

export function authRateLimit(
  redis: Redis,
  limits: { perIp: number; perEmail: number; keyPrefix: string },
  /** INTERNAL_HMAC_SECRET: device cookies are signed with a key derived from it. */
  secret: string,
): (routePath: string) => RequestHandler {
  return (routePath) => async (req, _res, next) => {
    try {
      const prefix = `${limits.keyPrefix}:gateway`;
      const subject = subjectOf(req, secret);
      const solvedChallenge = typeof req.body?.altcha === 'string';
      if (!solvedChallenge || subject.startsWith('device:')) {
        const count = await hit(redis, `${prefix}:ip:${routePath}:${subject}`);
        if (count > limits.perIp) return next(tooManyRequests(HTTP_MESSAGES.tooManyRequests, WINDOW_SECONDS));
      }
      const email: unknown = req.body?.emailAddress;
      if (typeof email === 'string' && email.length > 0 && email.length < 300) {
        // The mailbox by its keyed hash: no key names an e-mail address (issue 40).
        const mailbox = createHmac('sha256', secret).update(`rate-mailbox:${mailboxOf(email)}`);
        const emailKey = `${prefix}:email:${routePath}:${mailbox.digest('base64url').slice(0, 27)}|${subject}`;
        const emailCount = await hit(redis, emailKey);
        if (emailCount > limits.perEmail) {
          return next(
            tooManyRequests(
              'Too many attempts for this e-mail address. Please wait a minute and try again.',
              WINDOW_SECONDS,
            ),
          );
        }
      }
      next();
    } catch (error) {
      next(error);
    }
  };
}
