/** One mongoose connection per service database (database per service). */
import mongoose, { type Connection } from 'mongoose';

export async function connectMongo(url: string, dbName: string): Promise<Connection> {
  const connection = mongoose.createConnection(url, {
    dbName,
    serverSelectionTimeoutMS: 10_000,
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
