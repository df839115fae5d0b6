/**
 * Retention jobs (issue 40): each service deletes what it owns once its period in the data catalogue
 * (contracts/src/privacy/data-catalogue.ts) is over. Each job is a BullMQ job scheduler on the service's own
 * `retention-<service>` queue: the scheduler's id is the job's name, so however many instances start it
 * there is one schedule, and each run is one job that one worker takes (once across instances).
 *
 * A job is `run(now)`: tests move the clock by calling it with a date in the future.
 */
import type { Queue, Worker } from 'bullmq';
import { retentionQueueName, type ServiceName } from '@safarsaathi/contracts';
import type { Logger } from './logger';
import type { Redis } from './redis';
import { createQueue, createWorker } from './queues';

export interface RetentionJob {
  /** The scheduler id and job name, e.g. `chat-message-text`. */
  name: string;
  /** Deletes what is past its period at `now`; answers what it did (kept as the job's result, for operators). */
  run: (now: Date) => Promise<Record<string, number>>;
}

/** How often each job runs: periods are months and years, so a few times a day is on time. */
export const RETENTION_EVERY_MS = 6 * 3600_000;

/** The service stops the worker with its others, and closes the queue in its onStop. */
export interface RunningRetention {
  queue: Queue;
  worker: Worker;
}

export async function startRetention(options: {
  service: ServiceName;
  jobs: readonly RetentionJob[];
  redis: Redis;
  logger: Logger;
  prefix?: string;
  everyMs?: number;
}): Promise<RunningRetention> {
  const name = retentionQueueName(options.service);
  const queue = createQueue(name, options.redis, options.prefix);
  const byName = new Map(options.jobs.map((job) => [job.name, job]));
  const worker = createWorker(
    name,
    async (job) => {
      const retention = byName.get(job.name);
      // A scheduler of a job this version no longer has (renamed or removed): nothing to run.
      if (!retention) return { unknown: 1 };
      const done = await retention.run(new Date());
      options.logger.info({ job: job.name, ...done }, 'retention job done');
      return done;
    },
    options.redis,
    options.logger,
    1,
    options.prefix,
  );
  for (const job of options.jobs)
    await queue.upsertJobScheduler(
      job.name,
      { every: options.everyMs ?? RETENTION_EVERY_MS },
      { name: job.name },
    );
  return { queue, worker };
}
