/**
 * `GET /api/me/data` (issue 40, spec §4): the gateway gathers the signed-in user's data from every service
 * that holds some (docs/decisions.md "Your data, your rights"). It owns none of it: each service answers
 * its own part at DATA_EXPORT_PART_PATH for the identity the gateway signed, exactly as for any call, and
 * the gateway checks each part against its contract schema (which drops any field the contract does not
 * name) and writes one attachment. All parts or none: a part that fails makes the whole call 503, since a
 * partial file would look complete.
 */
import type { Request, RequestHandler } from 'express';
import {
  DATA_EXPORTS_PER_HOUR,
  IDENTITY_HEADER,
  IDENTITY_SIGNATURE_HEADER,
  DATA_EXPORT_PART_PATH,
  DATA_EXPORT_PARTS,
  PRIVACY_MESSAGES,
  dataExportFileName,
  type DataExport,
  type DataExportPart,
  type DataExportService,
} from '@safarsaathi/contracts';
import {
  HttpError,
  SlidingWindowLimit,
  tooManyRequests,
  unauthorized,
  type Logger,
  type Redis,
} from '@safarsaathi/platform';
import type { UpstreamPool } from './upstreams';

const SERVICES = Object.keys(DATA_EXPORT_PARTS) as DataExportService[];

/** The headers a part call carries: the identity requireAccess signed, and the trace. */
function forwardedHeaders(req: Request): Record<string, string> {
  const headers: Record<string, string> = { accept: 'application/json' };
  for (const name of [IDENTITY_HEADER, IDENTITY_SIGNATURE_HEADER, 'traceparent', 'x-correlation-id']) {
    const value = req.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  return headers;
}

async function readPart<S extends DataExportService>(
  service: S,
  pool: UpstreamPool,
  req: Request,
  timeoutMs: number,
): Promise<DataExportPart<S>> {
  const response = await fetch(`${pool.pick()}${DATA_EXPORT_PART_PATH}`, {
    headers: forwardedHeaders(req),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw new Error(`${service} answered ${response.status}`);
  return DATA_EXPORT_PARTS[service].parse(body) as DataExportPart<S>;
}

export function dataExportHandler(options: {
  pools: readonly UpstreamPool[];
  redis: Redis;
  keyPrefix: string;
  logger: Logger;
  timeoutMs?: number;
}): RequestHandler {
  const perUser = new SlidingWindowLimit(
    options.redis,
    'data-export',
    DATA_EXPORTS_PER_HOUR,
    3600_000,
    options.keyPrefix,
  );
  const pools = new Map(options.pools.map((pool) => [pool.service, pool]));
  return async (req, res, next) => {
    try {
      const session = req.session;
      if (!session) throw unauthorized();
      const hit = await perUser.hit(session.userId);
      if (!hit.allowed) throw tooManyRequests(PRIVACY_MESSAGES.tooManyExports, hit.retryAfterSeconds);
      let parts: { [S in DataExportService]: DataExportPart<S> };
      try {
        const read = await Promise.all(
          SERVICES.map((service) => readPart(service, pools.get(service)!, req, options.timeoutMs ?? 15_000)),
        );
        parts = Object.fromEntries(SERVICES.map((service, i) => [service, read[i]])) as typeof parts;
      } catch (error) {
        // Nothing was delivered: the download does not count.
        await hit.release();
        options.logger.warn({ err: error }, 'data export not gathered: a part failed');
        throw new HttpError(503, PRIVACY_MESSAGES.exportUnavailable);
      }
      const generatedAt = new Date().toISOString();
      // The spec's order of sections.
      const body: DataExport = {
        account: parts.auth.account,
        consents: parts.auth.consents,
        companion_requests: parts.companion.companion_requests,
        travel_plans: parts.companion.travel_plans,
        references: parts.companion.references,
        share_links: parts.companion.share_links,
        conversations: parts.chat.conversations,
        notifications: parts.notifications.notifications,
        push_subscriptions: parts.notifications.push_subscriptions,
        support_cases: parts.support.support_cases,
        sessions: parts.auth.sessions,
        generated_at: generatedAt,
      };
      res.setHeader('Cache-Control', 'no-store');
      res.setHeader('Content-Disposition', `attachment; filename="${dataExportFileName(generatedAt)}"`);
      res.type('application/json').send(JSON.stringify(body, null, 2));
    } catch (error) {
      next(error);
    }
  };
}
