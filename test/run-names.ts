/**
 * Names scoped to one integration test run: databases `test_<run>_*`, topics and consumer groups
 * `test.<run>.*`, BullMQ keys `bull-test-<run>`, rate-limit counters `limit-test-<run>`,
 * live streams `live-test-<run>:*`. The run id starts with the time it began (base 36),
 * so a later run can tell which leftovers are stale without touching a run that is still going.
 */
import { randomBytes } from 'node:crypto';

/** Leftovers of runs older than this are removed by the next run's setup. */
export const STALE_RUN_MS = 3 * 3600_000;

export function newRunId(now = Date.now()): string {
  return `${now.toString(36)}${randomBytes(3).toString('hex')}`;
}

export function runEnv(runId: string): Record<string, string> {
  return {
    TEST_RUN_ID: runId,
    TEST_DB_PREFIX: `test_${runId}_`,
    KAFKA_TOPIC_PREFIX: `test.${runId}.`,
    QUEUE_PREFIX: `bull-test-${runId}`,
    LIVE_PREFIX: `live-test-${runId}`,
    // Rate-limit counters of their own: per-IP limits would otherwise count every run's 127.0.0.1 together.
    RATE_LIMIT_KEY_PREFIX: `limit-test-${runId}`,
  };
}

/** When the run that owns a test database or topic began; undefined for names of no run (old layouts). */
export function runStartOf(name: string): number | undefined {
  const match = /^test[._]([0-9a-z]{8,9})[0-9a-f]{6}[._]/.exec(name);
  return match ? parseInt(match[1]!, 36) : undefined;
}

/** A leftover of a stale run, or of the layout before runs had ids (`test_auth`, ...). */
export function isStaleTestName(name: string, now = Date.now()): boolean {
  if (!name.startsWith('test_') && !name.startsWith('test.')) return false;
  const started = runStartOf(name);
  return started === undefined ? name.startsWith('test_') : now - started > STALE_RUN_MS;
}
