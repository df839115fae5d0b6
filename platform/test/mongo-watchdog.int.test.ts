/**
 * The MongoDB watchdog against real FerretDB/MongoDB: a client whose driver stopped checking its server is
 * reconnected once a new client shows the database answers; a database that is down is left to the driver.
 */
import mongoose, { Schema, type Connection, type InferSchemaType, type Model } from 'mongoose';
import { createLogger } from '../src/logger';
import { MongoWatchdog, type WatchdogLook } from '../src/mongo-watchdog';
import { testDatabase } from '../src/testing';

const logger = createLogger('watchdog-test', 'fatal');
const url = process.env.MONGO_URL!;
const open: Connection[] = [];

/** A connection of its own, quick to give up on server selection (the services wait 10 s). */
async function connect(): Promise<Connection> {
  const connection = mongoose.createConnection(url, {
    dbName: testDatabase('watchdog'),
    serverSelectionTimeoutMS: 500,
    maxPoolSize: 1,
  });
  await connection.asPromise();
  open.push(connection);
  return connection;
}

interface DriverServer {
  monitor: { close(): void } | null;
  handleError(error: Error): void;
}

/**
 * The state seen in CI (see src/mongo-watchdog.ts): the driver's server monitor has stopped, then a connection
 * of the pool dies and the server is marked unknown. Nothing in the driver checks the server again.
 */
function stopCheckingTheServer(connection: Connection): void {
  // Driver internals: there is no public way to stop a monitor.
  const { topology } = connection.getClient() as unknown as {
    topology: { s: { servers: Map<string, DriverServer> } };
  };
  for (const server of topology.s.servers.values()) {
    server.monitor?.close();
    server.handleError(new mongoose.mongo.MongoNetworkError('connection 1 closed (simulated)'));
  }
}

const tripSchema = new Schema({ code: String });
const trips = (connection: Connection) =>
  (connection.models.Trip as Model<InferSchemaType<typeof tripSchema>> | undefined) ??
  connection.model('Trip', tripSchema, 'watchdog_trips');

afterAll(async () => {
  await Promise.all(open.map((connection) => connection.close().catch(() => undefined)));
});

test('a healthy client is left alone', async () => {
  const connection = await connect();
  const watchdog = new MongoWatchdog(connection, { url, logger, label: 'test', stuckAfterMs: 0 });
  expect(await watchdog.look()).toBe<WatchdogLook>('healthy');
  expect(watchdog.reconnects).toBe(0);
});

test('a client that fails while a new one reaches the database is reconnected, and its models work again', async () => {
  const connection = await connect();
  await trips(connection).create({ code: 'BOM-LHR' });
  stopCheckingTheServer(connection);
  await expect(trips(connection).findOne({ code: 'BOM-LHR' })).rejects.toThrow(/closed \(simulated\)/);
  // The driver does not recover by itself: still failing a second later.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  await expect(trips(connection).findOne({ code: 'BOM-LHR' })).rejects.toThrow(/closed \(simulated\)/);

  const watchdog = new MongoWatchdog(connection, { url, logger, label: 'test', stuckAfterMs: 1_500 });
  // Stuck, but not yet for long enough: a database just back gets the driver's own heartbeats first.
  expect(await watchdog.look()).toBe<WatchdogLook>('failing');
  expect(watchdog.reconnects).toBe(0);
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  expect(await watchdog.look()).toBe<WatchdogLook>('reconnected');
  expect(watchdog.reconnects).toBe(1);

  expect((await trips(connection).findOne({ code: 'BOM-LHR' }))?.code).toBe('BOM-LHR');
  expect(await watchdog.look()).toBe<WatchdogLook>('healthy');
});

test('when a new client cannot reach the database either, the client is not touched', async () => {
  const connection = await connect();
  stopCheckingTheServer(connection);
  // The watchdog's view of the database: an address where nothing listens (the database is down).
  const watchdog = new MongoWatchdog(connection, {
    url: 'mongodb://127.0.0.1:9/watchdog',
    logger,
    label: 'test',
    stuckAfterMs: 0,
    probeTimeoutMs: 500,
  });
  expect(await watchdog.look()).toBe<WatchdogLook>('database-down');
  expect(await watchdog.look()).toBe<WatchdogLook>('database-down');
  expect(watchdog.reconnects).toBe(0);
  await expect(trips(connection).findOne()).rejects.toThrow(/closed \(simulated\)/);
});

test('started, it looks on its own and reconnects a stuck client; stopped, it looks no more', async () => {
  const connection = await connect();
  stopCheckingTheServer(connection);
  const watchdog = new MongoWatchdog(connection, {
    url,
    logger,
    label: 'test',
    stuckAfterMs: 0,
    intervalMs: 200,
  });
  watchdog.start();
  const deadline = Date.now() + 15_000;
  while (watchdog.reconnects === 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(watchdog.reconnects).toBe(1);
  expect(await trips(connection).countDocuments()).toBeGreaterThanOrEqual(0);

  await watchdog.stop();
  stopCheckingTheServer(connection);
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  expect(watchdog.reconnects).toBe(1);
});
