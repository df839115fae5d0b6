/**
 * The gateway owns no data: before it opens a family link's live stream it asks the companion service,
 * which owns the links, through the link's own public read (`GET /api/shared/:token`). So the stream is
 * refused exactly when the page would be (404 unknown, 410 revoked or expired or no longer shared), the
 * opening counts against the service's per-network view limit like a view, and nothing of the rule is
 * copied here.
 */
import type { Request } from 'express';
import { LIVE_MESSAGES, errorCodeForMessage, sharedTripSchema } from '@safarsaathi/contracts';
import type { Logger } from '@safarsaathi/platform';
import type { SharedLinkCheck } from './live-events';
import type { UpstreamPool } from './upstreams';

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
    try {
      response = await fetch(url, { headers, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      logger.warn({ err: error }, 'shared link not checked: the companion service did not answer');
      return unavailable;
    }
    const body: unknown = await response.json().catch(() => undefined);
    if (response.ok) {
      const view = sharedTripSchema.safeParse(body);
      if (view.success) return { open: true, expiresAt: view.data.expiresAt };
      logger.error('shared link not checked: the companion service answered an unexpected view');
      return unavailable;
    }
    // A refusal the service gives a visitor (404, 410, 429) is theirs to see; anything else is ours.
    if (response.status >= 400 && response.status < 500 && body && typeof body === 'object') {
      const retryAfter = response.headers.get('retry-after') ?? undefined;
      return { open: false, status: response.status, body, ...(retryAfter ? { retryAfter } : {}) };
    }
    logger.warn({ status: response.status }, 'shared link not checked: the companion service failed');
    return unavailable;
  };
}
