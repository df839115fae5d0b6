/**
 * BullMQ helpers: attempts with exponential backoff, failed jobs kept (`removeOnFail: false`),
 * deterministic job ids so the same e-mail is never queued twice.
 */
import { Queue, Worker, type Job, type JobsOptions } from 'bullmq';
import type Redis from 'ioredis';
import { QUEUES, emailJobSchema, type EmailJob } from '@safarsaathi/contracts';
import { currentCorrelationId, withCorrelationId, type Logger } from './logger';

export const DEFAULT_JOB_OPTIONS: JobsOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: { count: 1000 },
  removeOnFail: false,
};

/** `prefix` is BullMQ's key prefix (QUEUE_PREFIX): tests use their own, so no other process takes their jobs. */
export function createQueue<T>(name: string, connection: Redis, prefix = 'bull'): Queue<T> {
  return new Queue<T>(name, { connection, prefix, defaultJobOptions: DEFAULT_JOB_OPTIONS });
}

/** BullMQ refuses ':' in custom ids; ids are built from parts joined with '-'. */
export function jobId(...parts: Array<string | number>): string {
  return parts.map((part) => String(part).replace(/[^A-Za-z0-9_.@-]/g, '_')).join('-');
}

export function createEmailQueue(connection: Redis, prefix = 'bull'): Queue<EmailJob> {
  return createQueue<EmailJob>(QUEUES.email, connection, prefix);
}

export async function enqueueEmail(queue: Queue<EmailJob>, email: EmailJob, id: string): Promise<void> {
  await queue.add(email.purpose, emailJobSchema.parse(traced(email)), { jobId: id });
}

/** Where jobs wait, run later or stay after they end (everything but the running ones, which end soon). */
const KEPT_STATES = [
  'waiting',
  'delayed',
  'prioritized',
  'paused',
  'waiting-children',
  'failed',
  'completed',
] as const;

/**
 * Erasure (issue 40): removes every job whose data `names` (e.g. its address or user id), whatever it waits
 * for, and answers how many. A running job cannot be removed; what it holds is stripped when it ends
 * (`stripJobData`). Reads the queue's kept jobs (failed and the last completed ones included): erasure is rare.
 */
export async function removeJobsWhere<T>(queue: Queue<T>, names: (data: T) => boolean): Promise<number> {
  let removed = 0;
  for (const job of await queue.getJobs([...KEPT_STATES])) {
    if (!job?.data || !names(job.data)) continue;
    await job.remove().catch(() => undefined);
    removed += 1;
  }
  return removed;
}

/**
 * What a done job keeps: only what it was (its id stays, so a redelivered event still finds it and is not
 * sent twice), never the address, names or words it carried (issue 40). Call it at the end of a job.
 */
export async function stripJobData<T>(job: Job<T>, kept: Partial<T>): Promise<void> {
  const correlationId = correlationOf(job.data);
  await job
    .updateData({ ...kept, ...(correlationId ? { correlationId } : {}), stripped: true } as unknown as T)
    .catch(() => undefined);
}

/** Job data with the current trace (correlation) id, which the worker runs under (see createWorker). */
export function traced<T extends object>(data: T): T & { correlationId?: string } {
  const correlationId = currentCorrelationId();
  return correlationId ? { ...data, correlationId } : data;
}

export function createWorker<T>(
  name: string,
  /** What it answers is kept as the job's return value (e.g. an outcome a test or an operator can read). */
  process: (job: Job<T>) => Promise<unknown>,
  connection: Redis,
  logger: Logger,
  concurrency = 4,
  prefix = 'bull',
  /** Failures that are part of the job's design (e.g. waiting for something): logged at debug, not warn. */
  expectedFailure: (error: Error) => boolean = () => false,
): Worker<T> {
  // Each job runs under the trace id of the action that queued it (its log lines carry it).
  const traced = (job: Job<T>) => withCorrelationId(correlationOf(job.data), () => process(job));
  const worker = new Worker<T>(name, traced, { connection, concurrency, prefix });
  worker.on('failed', (job, error) => {
    const details = { err: error, jobId: job?.id, attemptsMade: job?.attemptsMade };
    if (expectedFailure(error) && (job?.attemptsMade ?? 0) < (job?.opts.attempts ?? 1))
      logger.debug(details, `${name} job will be tried again`);
    else logger.warn(details, `${name} job failed`);
  });
  worker.on('error', (error) => logger.error({ err: error }, `${name} worker error`));
  return worker;
}

function correlationOf(data: unknown): string | undefined {
  const value = (data as { correlationId?: unknown } | null)?.correlationId;
  return typeof value === 'string' ? value : undefined;
}
