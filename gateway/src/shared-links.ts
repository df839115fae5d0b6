/**
 * The gateway owns no data: before it opens a family link's live stream, or names the trip in the link's
 * preview, it asks the companion service, which owns the links, through the link's own public read
 * (`GET /api/shared/:token`). So the stream is refused exactly when the page would be (404 unknown, 410
 * revoked or expired or no longer shared), the opening counts against the service's per-network view
 * limit like a view, and nothing of the rule is copied here.
 */
import type { Request } from 'express';
import {
  LIVE_MESSAGES,
  errorCodeForMessage,
  sharedTripSchema,
  type SharedTrip,
} from '@safarsaathi/contracts';
import type { Logger } from '@safarsaathi/platform';
import type { SharedLinkCheck } from './live-events';
import type { UpstreamPool } from './upstreams';

/** What the companion service said about a token. */
type SharedTripAnswer =
  | { outcome: 'view'; view: SharedTrip }
  | { outcome: 'refused'; status: number; body: object; retryAfter?: string }
  | { outcome: 'failed' };

async function readSharedTrip(
  pool: UpstreamPool,
  logger: Logger,
  token: string,
  req: Request,
  timeoutMs: number,
): Promise<SharedTripAnswer> {
  const headers: Record<string, string> = { accept: 'application/json' };
  // The address the gateway determined, as the proxy forwards it: the service counts views by it.
  const forwardedFor = req.ip ?? req.socket.remoteAddress;
  if (forwardedFor) headers['x-forwarded-for'] = forwardedFor;
  for (const name of ['traceparent', 'x-correlation-id']) {
    const value = req.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const url = `${pool.pick()}/api/shared/${encodeURIComponent(token)}`;
  let response: Response;
  let body: unknown;
  try {
    response = await fetch(url, { headers, signal: AbortSignal.timeout(timeoutMs) });
    // The time-out covers the body too: a service that sends headers and then stalls is no answer.
    body = await response.json().catch(() => undefined);
  } catch (error) {
    logger.warn({ err: error }, 'shared link not read: the companion service did not answer');
    return { outcome: 'failed' };
  }
  if (response.ok) {
    const view = sharedTripSchema.safeParse(body);
    if (view.success) return { outcome: 'view', view: view.data };
    logger.error('shared link not read: the companion service answered an unexpected view');
    return { outcome: 'failed' };
  }
  // A refusal the service gives a visitor (404, 410, 429) is theirs to see; anything else is ours.
  if (response.status >= 400 && response.status < 500 && body && typeof body === 'object') {
    const retryAfter = response.headers.get('retry-after') ?? undefined;
    return { outcome: 'refused', status: response.status, body, ...(retryAfter ? { retryAfter } : {}) };
  }
  logger.warn({ status: response.status }, 'shared link not read: the companion service failed');
  return { outcome: 'failed' };
}

const unavailable: SharedLinkCheck = {
  open: false,
  status: 503,
  retryAfter: '10',
  body: { error: LIVE_MESSAGES.serverBusy, code: errorCodeForMessage(LIVE_MESSAGES.serverBusy) },
};

export function sharedLinkChecker(
  pool: UpstreamPool,
  logger: Logger,
  timeoutMs = 5_000,
): (token: string, req: Request) => Promise<SharedLinkCheck> {
  return async (token, req) => {
    const answer = await readSharedTrip(pool, logger, token, req, timeoutMs);
    if (answer.outcome === 'view') return { open: true, expiresAt: answer.view.expiresAt };
    if (answer.outcome === 'refused') {
      const { status, body, retryAfter } = answer;
      return { open: false, status, body, ...(retryAfter ? { retryAfter } : {}) };
    }
    return unavailable;
  };
}

/** The public view of a link for its page's preview; undefined when there is none to give (any reason). */
export type SharedTripPreviewReader = (token: string, req: Request) => Promise<SharedTrip | undefined>;

/**
 * For the link preview: a short time-out, since the page waits for it (a messaging app's fetcher gives
 * up after a few seconds, and a family member's browser paints nothing meanwhile).
 */
export function sharedTripPreviewReader(
  pool: UpstreamPool,
  logger: Logger,
  timeoutMs = 1_500,
): SharedTripPreviewReader {
  return async (token, req) => {
    const answer = await readSharedTrip(pool, logger, token, req, timeoutMs);
    return answer.outcome === 'view' ? answer.view : undefined;
  };
}
