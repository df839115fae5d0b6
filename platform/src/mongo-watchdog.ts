/**
 * Reconnects a MongoDB client that has stopped finding its server although the server answers.
 *
 * Seen once in CI's fault run on FerretDB: after the database was killed and started again, five services
 * recovered within a second, but one service's client kept failing server selection with the error of the
 * connection that had died, for minutes, and opened no new connection; a new client connected at once. The
 * driver's server monitor had stopped checking (cause not found in the driver; not reproduced in 25 kill and
 * restart cycles). A service must not stay broken until someone restarts it, so each of its connections has
 * a watchdog: when its pings have failed for `stuckAfterMs` while a new client pings the same URL, the
 * connection's client is closed and connected again. Mongoose keeps its models on the same client, so nothing
 * else changes. When the database itself is down, the new client fails too and the driver is left to reconnect
 * by itself.
 */
import type { Connection } from 'mongoose';
import type { Logger } from './logger';
import { databaseAnswers, pingMongo } from './mongo';

export interface MongoWatchdogOptions {
  url: string;
  logger: Logger;
  /** Which connection this is, in the log. */
  label: string;
  intervalMs?: number;
  /** How long this client may fail while a new one succeeds before it is reconnected. */
  stuckAfterMs?: number;
  /** How long the new client may take to answer. */
  probeTimeoutMs?: number;
}

export type WatchdogLook = 'healthy' | 'failing' | 'database-down' | 'reconnected';

export class MongoWatchdog {
  private stuckSince: number | undefined;
  private timer: NodeJS.Timeout | undefined;
  private looking: Promise<WatchdogLook> | undefined;
  private stopped = false;
  /** How many times the client was reconnected (for tests and metrics). */
  reconnects = 0;

  constructor(
    private readonly connection: Connection,
    private readonly options: MongoWatchdogOptions,
  ) {
    // A connection closed on purpose (a service stopping) must never be opened again by its watchdog.
    connection.once('close', () => void this.stop());
  }

  start(): void {
    this.timer = setInterval(() => void this.look().catch(() => undefined), this.options.intervalMs ?? 5_000);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.looking?.catch(() => undefined);
  }

  /** One look at the connection; a look already under way is joined rather than doubled. */
  look(): Promise<WatchdogLook> {
    this.looking ??= this.lookOnce().finally(() => {
      this.looking = undefined;
    });
    return this.looking;
  }

  private async lookOnce(): Promise<WatchdogLook> {
    if (this.stopped) return 'healthy';
    if (await pingMongo(this.connection)) {
      this.stuckSince = undefined;
      return 'healthy';
    }
    // Stuck means: this client fails while a new one succeeds, for longer than the driver needs to notice
    // a database that is back (a few of its 10 s heartbeats).
    if (!(await databaseAnswers(this.options.url, this.options.probeTimeoutMs))) {
      this.stuckSince = undefined;
      return 'database-down';
    }
    const now = Date.now();
    this.stuckSince ??= now;
    const stuckForMs = now - this.stuckSince;
    if (stuckForMs < (this.options.stuckAfterMs ?? 30_000)) return 'failing';
    if (this.stopped) return 'failing';
    this.options.logger.error(
      { connection: this.options.label, stuckForMs },
      'mongodb: a new client reaches the database but this one has failed all along; reconnecting it',
    );
    const client = this.connection.getClient();
    await client.close().catch(() => undefined);
    await client.connect();
    this.stuckSince = undefined;
    this.reconnects += 1;
    return 'reconnected';
  }
}
