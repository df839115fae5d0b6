import { MEETING_CHANGES_PER_DAY, QUEUES } from '@safarsaathi/contracts';
import {
  DocumentLocks,
  SlidingWindowLimit,
  createQueue,
  startService,
  type RunningService,
} from '@safarsaathi/platform';
import { loadCompanionConfig, type CompanionConfig } from './config';
import { requestLockKey, requestModel } from './persistence/requests';
import { ownerModel } from './persistence/owners';
import { travelPlanModel } from './persistence/travel-plans';
import { shareLinkModel, travelPlanLockKey } from './persistence/share-links';
import { tripLockKey, tripModel } from './persistence/trips';
import { trustLockKey, trustModel } from './persistence/trust';
import { ShareTokenSeal } from './use-cases/share-tokens';
import { companionRoutes } from './routes';
import { companionHandlers, companionSubscriptions } from './events/handlers';
import type { CompanionContext } from './use-cases/context';
import { migrateToIdLayout } from './use-cases/layout-migration';
import type { TripReminderJob } from './use-cases/trip-reminder';
import { startTripReminderWorker } from './workers/trip-reminder-worker';
import { DocumentRenderer } from './documents/renderer';

/** Starts the companion service; tests pass their own env (e.g. PORT=0). */
export function startCompanionService(
  env: NodeJS.ProcessEnv = process.env,
): Promise<RunningService<CompanionConfig>> {
  const config = loadCompanionConfig(env);
  return startService('companion', config, async (deps) => {
    const papers = new DocumentRenderer();
    const ctx: CompanionContext = {
      logger: deps.logger,
      requests: requestModel(deps.mongo),
      owners: ownerModel(deps.mongo),
      travelPlans: travelPlanModel(deps.mongo),
      shareLinks: shareLinkModel(deps.mongo),
      trips: tripModel(deps.mongo),
      trust: trustModel(deps.mongo),
      shareSeal: new ShareTokenSeal(config.INTERNAL_HMAC_SECRET),
      shareViewsPerIp: new SlidingWindowLimit(
        deps.redis,
        'share-views-ip',
        config.SHARE_VIEWS_PER_IP_PER_MINUTE,
        60_000,
        config.RATE_LIMIT_KEY_PREFIX,
      ),
      meetingChanges: new SlidingWindowLimit(
        deps.redis,
        'meeting-changes-trip',
        MEETING_CHANGES_PER_DAY,
        24 * 3_600_000,
        config.RATE_LIMIT_KEY_PREFIX,
      ),
      flushOutbox: deps.flushOutbox,
      publishOutboxNow: deps.publishOutboxNow,
      live: deps.live,
      locks: deps.locks,
      quotaLocks: new DocumentLocks(deps.redis, true, `${deps.mongo.name}:quota`),
      quotas: { requests: config.ACTIVE_REQUESTS_PER_USER, plans: config.UPCOMING_PLANS_PER_USER },
      reminders: {
        queue: createQueue<TripReminderJob>(QUEUES.tripReminder, deps.redis, config.QUEUE_PREFIX),
        leadMs: config.TRIP_REMINDER_LEAD_MS,
      },
      papers,
      publicUrl: config.PUBLIC_URL,
    };
    // Before anything reads or writes: the owners' `_id` index is built from the old layout (once per database).
    await migrateToIdLayout({ ...ctx, mongo: deps.mongo, redis: deps.redis });
    const reminderWorker = startTripReminderWorker(config, deps.redis, deps.logger, ctx);
    return {
      routes: companionRoutes(ctx),
      subscriptions: companionSubscriptions,
      handlers: companionHandlers(ctx),
      // The relay removes published events under the same document locks every writer holds: on FerretDB an
      // unlocked removal rewrites the whole document and could undo a match written meanwhile by another
      // instance (seen in the scale-out test: one side of a match lost).
      outboxModels: [
        { model: ctx.requests, lockKey: requestLockKey },
        { model: ctx.travelPlans, lockKey: travelPlanLockKey },
        { model: ctx.trips, lockKey: tripLockKey },
        { model: ctx.trust, lockKey: trustLockKey },
      ],
      workers: [reminderWorker],
      queues: [ctx.reminders.queue],
      onStop: async () => {
        await ctx.reminders.queue.close();
        await papers.close();
      },
    };
  });
}
