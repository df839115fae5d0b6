import { QUEUES } from '@safarsaathi/contracts';
import { createWorker, type Logger, type Redis } from '@safarsaathi/platform';
import type { NotificationsConfig } from '../config';
import {
  RecipientNotKnownYet,
  matchEmailJobSchema,
  sendMatchEmail,
  type MatchEmailDeps,
  type MatchEmailJob,
} from '../use-cases/match-email';

/** Match e-mails waiting for their recipient: each attempt throws until the recipient is known (BullMQ retries). */
export function startMatchEmailWorker(
  config: NotificationsConfig,
  redis: Redis,
  logger: Logger,
  deps: Pick<MatchEmailDeps, 'recipients' | 'emailQueue' | 'publicUrl'>,
) {
  return createWorker<MatchEmailJob>(
    QUEUES.matchEmail,
    async (job) => {
      await sendMatchEmail(deps, matchEmailJobSchema.parse(job.data));
    },
    redis,
    logger,
    2,
    config.QUEUE_PREFIX,
    // Waiting for the recipient is the job's design: only the last attempt is a warning.
    (error) => error instanceof RecipientNotKnownYet || error.name === 'RecipientNotKnownYet',
  );
}
