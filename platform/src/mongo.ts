/** One mongoose connection per service database (database per service). */
import mongoose, { type Connection } from 'mongoose';

/** FerretDB answers buildInfo with a `ferretdbVersion`; MongoDB does not. */
export async function connectedToFerretDb(connection: Connection): Promise<boolean> {
  const info = await connection.db!.admin().command({ buildInfo: 1 });
  return 'ferretdbVersion' in info;
}

/** Runs `use` on a short-lived client of its own (one connection), closed afterwards. */
async function withProbe<T>(
  url: string,
  use: (probe: Connection) => Promise<T>,
  serverSelectionTimeoutMS = 10_000,
): Promise<T> {
  const probe = mongoose.createConnection(url, { serverSelectionTimeoutMS, maxPoolSize: 1 });
  try {
    await probe.asPromise();
    return await use(probe);
  } finally {
    await probe.close().catch(() => undefined);
  }
}

const isFerretDb = (url: string): Promise<boolean> => withProbe(url, connectedToFerretDb);

/** Whether a new client reaches the database at `url` now (whatever state other clients are in). */
export async function databaseAnswers(url: string, timeoutMs = 5_000): Promise<boolean> {
  try {
    return await withProbe(url, pingMongo, timeoutMs);
  } catch {
    return false;
  }
}

export interface MongoOptions {
  /**
   * More than one connection on FerretDB, for a service whose writes to shared documents all hold
   * `deps.locks` (so they do not rely on one connection serialising them). Reads then run in parallel.
   */
  poolSizeOnFerretDb?: number;
}

/**
 * One connection per service database. On FerretDB the pool is a single connection: FerretDB 1.x
 * applies an update as read-modify-write, so two concurrent conditional updates of one document can
 * both succeed or overwrite each other. One connection serialises this process's operations, which
 * keeps compare-and-set writes (outbox clean-up, match claims, "only if active") correct. MongoDB
 * (Docker, production) updates atomically and keeps a normal pool. See docs/decisions.md.
 */
export async function connectMongo(
  url: string,
  dbName: string,
  options: MongoOptions = {},
): Promise<Connection> {
  const ferret = await isFerretDb(url);
  const connection = mongoose.createConnection(url, {
    dbName,
    serverSelectionTimeoutMS: 10_000,
    ...(ferret ? { maxPoolSize: options.poolSizeOnFerretDb ?? 1 } : {}),
    // Indexes are created explicitly at startup (ensureIndexes) so a failure is loud.
    autoIndex: false,
    autoCreate: true,
  });
  await connection.asPromise();
  return connection;
}

/** Builds every model's indexes; FerretDB and MongoDB both support the ones we use (no TTL). */
export async function ensureIndexes(connection: Connection): Promise<void> {
  for (const model of Object.values(connection.models)) {
    await model.createCollection().catch(() => undefined);
    await model.createIndexes();
  }
}

export async function pingMongo(connection: Connection): Promise<boolean> {
  try {
    const result = await connection.db?.admin().command({ ping: 1 });
    return result?.ok === 1;
  } catch {
    return false;
  }
}
