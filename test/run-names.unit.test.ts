import { isStaleTestName, newRunId, runEnv, runStartOf, STALE_RUN_MS } from './run-names';

describe('test run names', () => {
  const now = Date.UTC(2026, 10, 23, 12);

  test('a run id carries the time its run began', () => {
    const id = newRunId(now);
    const env = runEnv(id);
    expect(runStartOf(env.TEST_DB_PREFIX + 'auth')).toBe(now);
    expect(runStartOf(env.KAFKA_TOPIC_PREFIX + 'auth.users.v1.dlt')).toBe(now);
  });

  test('only names of runs older than the stale age, or of the old layout, are stale', () => {
    const fresh = runEnv(newRunId(now - 60_000));
    const old = runEnv(newRunId(now - STALE_RUN_MS - 60_000));
    expect(isStaleTestName(`${fresh.TEST_DB_PREFIX}auth`, now)).toBe(false);
    expect(isStaleTestName(`${fresh.KAFKA_TOPIC_PREFIX}chat.conversations.v1`, now)).toBe(false);
    expect(isStaleTestName(`${old.TEST_DB_PREFIX}auth`, now)).toBe(true);
    expect(isStaleTestName(`${old.KAFKA_TOPIC_PREFIX}chat.conversations.v1`, now)).toBe(true);
    expect(isStaleTestName('test_auth', now)).toBe(true);
    expect(isStaleTestName('safarsaathi_auth', now)).toBe(false);
    expect(isStaleTestName('auth.users.v1', now)).toBe(false);
  });
});
