/** The `push` queue's worker: each job is one notification for every device of one user. */
import { QUEUES, type PushJob } from '@safarsaathi/contracts';
import { createWorker, stripJobData, type Logger, type Redis } from '@safarsaathi/platform';
import type { NotificationsConfig } from '../config';
import { deliverPush, type PushDeliveryDeps } from '../use-cases/push-delivery';

export function startPushWorker(
  config: NotificationsConfig,
  redis: Redis,
  logger: Logger,
  deps: PushDeliveryDeps,
) {
  return createWorker<PushJob>(
    QUEUES.push,
    async (job) => {
      const outcome = await deliverPush(deps, job);
      logger.debug({ jobId: job.id, outcome }, 'push delivered');
      // A done job is kept a week (its id dedupes a late event), without the notice's words (issue 40).
      await stripJobData(job, { userId: job.data.userId, kind: job.data.kind });
      return outcome;
    },
    redis,
    logger,
    config.PUSH_CONCURRENCY,
    config.QUEUE_PREFIX,
    // A push service that is down for a moment: retried with backoff, logged at debug until the last try.
    (error) => /could not be reached/.test(error.message),
  );
}
