/**
 * One-off layout migrations run at service start (e.g. building `_id`-keyed index documents from an older
 * layout). Each has a name; once it has finished, a marker document in `layout_migrations` (`_id` = name)
 * says so and later starts skip it with one `_id` read (unless `alsoWhen` asks for another run). While one instance runs it, a Redis lease (renewed
 * while it runs, so a crashed instance frees it within `leaseMs`) keeps the other instances of the
 * service waiting, so two instances starting at once do not migrate side by side; the waiting one then
 * finds the marker and goes on. The migration itself must be idempotent: a crash part way leaves no
 * marker, and the next start runs it again from the beginning.
 */
import { randomUUID } from 'node:crypto';
import type { Connection } from 'mongoose';
import type { Redis } from 'ioredis';
import type { Logger } from './logger';

export const LAYOUT_MIGRATIONS_COLLECTION = 'layout_migrations';

const RELEASE_SCRIPT = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`;
const RENEW_SCRIPT = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0
`;

export interface StartupMigrationDeps {
  mongo: Connection;
  redis: Redis;
  logger: Logger;
}

export interface StartupMigrationOptions {
  /** The lease lives this long unless renewed (it is renewed every third of it while the migration runs). */
  leaseMs?: number;
  /** How long an instance waits for another one's migration before giving up (its start then fails). */
  waitMs?: number;
  /**
   * Runs the (idempotent) migration again although it has finished before, when this answers true: e.g.
   * an old-layout collection exists again because an instance of the previous version wrote to it.
   */
  alsoWhen?: () => Promise<boolean>;
}

interface MigrationMarker {
  _id: string;
  finishedAt: Date;
  /** What the migration reported (counts), for whoever looks. */
  summary?: unknown;
}

/** True when the named migration has finished in this database. */
export async function migrationDone(mongo: Connection, name: string): Promise<boolean> {
  const marker = await mongo
    .db!.collection<MigrationMarker>(LAYOUT_MIGRATIONS_COLLECTION)
    .findOne({ _id: name });
  return marker !== null;
}

/**
 * Runs `migrate` once per database (see above); resolves when the migration has finished, here or in
 * another instance. `migrate` may answer a summary, stored on the marker and logged.
 */
export async function runStartupMigration(
  deps: StartupMigrationDeps,
  name: string,
  migrate: () => Promise<unknown>,
  options: StartupMigrationOptions = {},
): Promise<void> {
  const leaseMs = options.leaseMs ?? 30_000;
  const deadline = Date.now() + (options.waitMs ?? 30 * 60_000);
  const leaseKey = `startup-migration:${deps.mongo.name}:${name}`;
  const token = randomUUID();
  const done = async () => (await migrationDone(deps.mongo, name)) && !(await options.alsoWhen?.());
  for (let pause = 100; ; pause = Math.min(pause * 2, 2_000)) {
    if (await done()) return;
    if ((await deps.redis.set(leaseKey, token, 'PX', leaseMs, 'NX')) === 'OK') break;
    if (Date.now() > deadline)
      throw new Error(`migration ${name}: another instance has held it for too long`);
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
  const renew = setInterval(
    () => {
      deps.redis.eval(RENEW_SCRIPT, 1, leaseKey, token, String(leaseMs)).catch(() => undefined);
    },
    Math.max(1, Math.floor(leaseMs / 3)),
  );
  try {
    // Another instance may have finished between our check and the lease.
    if (await done()) return;
    const started = Date.now();
    deps.logger.info({ migration: name }, 'layout migration started');
    const summary = await migrate();
    await deps.mongo
      .db!.collection<MigrationMarker>(LAYOUT_MIGRATIONS_COLLECTION)
      .updateOne(
        { _id: name },
        { $set: { finishedAt: new Date(), summary: summary ?? null } },
        { upsert: true },
      );
    deps.logger.info({ migration: name, ms: Date.now() - started, summary }, 'layout migration finished');
  } finally {
    clearInterval(renew);
    await deps.redis.eval(RELEASE_SCRIPT, 1, leaseKey, token).catch(() => undefined);
  }
}

/** True when the collection exists in the connection's database (a metadata call, no scan). */
export async function collectionExists(mongo: Connection, name: string): Promise<boolean> {
  const found = await mongo.db!.listCollections({ name }, { nameOnly: true }).toArray();
  return found.length > 0;
}

/**
 * Inserts documents, ignoring those whose `_id` exists already (idempotent re-runs); answers the `_id`s
 * that existed, so the caller can look at those.
 */
export async function insertIgnoringDuplicates(
  mongo: Connection,
  collection: string,
  documents: Array<Record<string, unknown> & { _id: unknown }>,
): Promise<unknown[]> {
  const existing: unknown[] = [];
  for (let start = 0; start < documents.length; start += 500) {
    const chunk = documents.slice(start, start + 500);
    try {
      await mongo.db!.collection(collection).insertMany(chunk as never[], { ordered: false });
    } catch (error) {
      const writeErrors = (
        error as {
          writeErrors?: Array<{ code?: number; index?: number }> | { code?: number; index?: number };
        }
      ).writeErrors;
      const list = Array.isArray(writeErrors) ? writeErrors : writeErrors ? [writeErrors] : [];
      if (list.length === 0 || list.some((entry) => entry.code !== 11000)) throw error;
      for (const entry of list) if (entry.index !== undefined) existing.push(chunk[entry.index]!._id);
    }
  }
  return existing;
}
