import { QUEUES } from '@safarsaathi/contracts';
import { createWorker, type Logger, type Redis } from '@safarsaathi/platform';
import type { CompanionConfig } from '../config';
import type { CompanionContext } from '../use-cases/context';
import { runTripReminder, tripReminderJobSchema, type TripReminderJob } from '../use-cases/trip-reminder';

/** Works the delayed trip reminders (one instance takes each job; a stalled job runs again, harmlessly). */
export function startTripReminderWorker(
  config: CompanionConfig,
  redis: Redis,
  logger: Logger,
  ctx: CompanionContext,
) {
  return createWorker<TripReminderJob>(
    QUEUES.tripReminder,
    async (job) => {
      await runTripReminder(ctx, tripReminderJobSchema.parse(job.data));
    },
    redis,
    logger,
    2,
    config.QUEUE_PREFIX,
  );
}
