/**
 * `GET /api/events`: the signed-in browser's one Server-Sent Events stream, served by the gateway itself
 * (never proxied, never compressed or buffered). Events come from the process-wide LiveHub (one Redis
 * subscription); this module owns the HTTP side: caps, headers, the `retry:` hint, heartbeats, and
 * letting go of everything the moment the client goes away or its session ends.
 *
 * A session ends by its `session.ended` event (the auth service publishes one per ended session, and for
 * every session of a blocked or deleted user), which the hub delivers on whichever instance holds the
 * stream. Should that signal be lost (a crash between ending the session and publishing), the heartbeat
 * also reads the sessions of the streams it beats and closes those whose session is gone.
 *
 * `GET /api/shared/:token/live` is the public stream of one family link (addendum §1.6), through the same
 * hub, heartbeat and caps: it opens once the companion service says the link works, says only `changed`
 * (never data), ends on the link's `shared.ended`, at the link's expiry, and after a maximum age (the
 * browser reconnects with its Last-Event-ID and the link is checked again), and is capped per network.
 */
import { randomUUID } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import {
  AUTH_MESSAGES,
  LIVE_MESSAGES,
  SHARED_LIVE_CHANGED,
  SHARE_MESSAGES,
  SHARE_TOKEN_PATTERN,
  errorCodeForMessage,
} from '@safarsaathi/contracts';
import {
  clientIp,
  ipSubject,
  isStreamId,
  shareLinkId,
  sharedLiveStream,
  unauthorized,
  withLiveCommands,
  type LiveEntry,
  type LiveHub,
  type LivePipeline,
  type LiveRedis,
  type LiveSubscription,
  type Logger,
  type Redis,
} from '@safarsaathi/platform';

export interface LiveEventsOptions {
  hub: LiveHub;
  redis: Redis;
  logger: Logger;
  /** Streams this gateway instance holds at most (503 with Retry-After past it). */
  maxStreams: number;
  /** Streams one user may hold on all instances together (429 with Retry-After past it). */
  maxStreamsPerUser: number;
  /** Streams one client network (IPv4 address, IPv6 /64) may hold on all instances together (429 past it). */
  maxStreamsPerNetwork: number;
  /** For each session id, whether the session still stands (SessionStore.stillLive). */
  sessionsLive: (sessionIds: string[]) => Promise<boolean[]>;
  heartbeatMs: number;
  retryMs: number;
  /** Family-link streams one client network may hold on all instances together (429 past it). */
  maxSharedStreamsPerNetwork: number;
  /** A family-link stream ends after this long; the browser reconnects and the link is checked again. */
  sharedMaxAgeMs: number;
  /** Whether a shared link works now (asked of the companion service, which owns the links). */
  checkSharedLink: (token: string, req: Request) => Promise<SharedLinkCheck>;
}

/** What the companion service answered for a link: open until `expiresAt`, or its refusal as it gave it. */
export type SharedLinkCheck =
  { open: true; expiresAt: string } | { open: false; status: number; body: unknown; retryAfter?: string };

interface OpenStream {
  res: Response;
  /** Which heartbeat tick beats this stream (the work is spread over the interval). */
  slot: number;
  /** The session a signed-in stream belongs to; undefined for a family-link stream. */
  sessionId?: string;
  /** Ends a family-link stream at its link's expiry or its maximum age. */
  endTimer?: NodeJS.Timeout;
  /** The cap slots this stream holds (the user's, the network's), all under one slot id. */
  slotKeys: string[];
  slotId: string;
  subscription?: LiveSubscription;
  released: boolean;
}

/** A client that reads slower than events arrive is cut off past this much unsent data; it reconnects and replays. */
const MAX_UNSENT_BYTES = 256 * 1024;
const HEARTBEAT = ':\n\n';
const HEARTBEAT_SLOTS = 15;
/** What a visitor's stream says, whatever changed (the page refetches the public view). */
const CHANGED = `event: ${SHARED_LIVE_CHANGED}\ndata: {}\n\n`;

/** The id to resume after: undefined when none was sent, null when what was sent is not an event id. */
function lastEventIdOf(req: Request): string | null | undefined {
  const header = req.headers['last-event-id'];
  const fromHeader = Array.isArray(header) ? header[0] : header;
  // EventSource cannot set headers: a tab that takes the stream over passes its last id in the query.
  const query = req.query.lastEventId;
  // Repeated (?lastEventId=a&lastEventId=b) or nested: not one id.
  if (fromHeader === undefined && query !== undefined && typeof query !== 'string') return null;
  const value = (fromHeader ?? (typeof query === 'string' ? query : undefined))?.trim();
  if (!value) return undefined;
  // Only an id Redis could have issued is used as a position: anything else is refused before any read,
  // not taken for a position first (a sequence past 64 bits would make the replay read fail).
  return isStreamId(value) ? value : null;
}

type Refusal = 'user' | 'network';

export class LiveEvents {
  private readonly streams = new Set<OpenStream>();
  private readonly redis: LiveRedis;
  private heartbeat: NodeJS.Timeout | undefined;
  private tick = 0;
  private nextSlot = 0;
  /** Slots expire unless refreshed: a crashed gateway's streams stop counting against their users. */
  private readonly slotLifetimeMs: number;

  constructor(private readonly options: LiveEventsOptions) {
    this.redis = withLiveCommands(options.redis);
    this.slotLifetimeMs = Math.max(3 * options.heartbeatMs, 10_000);
  }

  get openStreams(): number {
    return this.streams.size;
  }

  start(): void {
    // One timer for every stream: a comment keeps proxies and browsers from timing a quiet stream out.
    // Each tick beats one slot's streams, so thousands of writes never land in one burst; every stream
    // still gets one beat per heartbeat interval.
    this.heartbeat = setInterval(() => this.beat(), this.options.heartbeatMs / HEARTBEAT_SLOTS);
    this.heartbeat.unref();
  }

  /** Ends every stream (the clients reconnect to another instance with their Last-Event-ID). */
  async stop(): Promise<void> {
    if (this.heartbeat) clearInterval(this.heartbeat);
    const streams = [...this.streams];
    for (const stream of streams) stream.res.end();
    await Promise.allSettled(streams.map((stream) => this.release(stream)));
  }

  handler(): RequestHandler {
    return async (req, res, next) => {
      const session = req.session;
      if (!session) return next(unauthorized(AUTH_MESSAGES.notSignedIn));
      const lastEventId = lastEventIdOf(req);
      if (lastEventId === null) {
        res.status(400).json({
          error: LIVE_MESSAGES.invalidLastEventId,
          code: errorCodeForMessage(LIVE_MESSAGES.invalidLastEventId),
        });
        return;
      }
      if (this.refusedAsFull(res)) return;
      const stream: OpenStream = {
        res,
        slot: this.nextSlot++ % HEARTBEAT_SLOTS,
        sessionId: session.sessionId,
        slotKeys: [],
        slotId: randomUUID(),
        released: false,
      };
      // Counted before any await, so a burst cannot pass the instance cap together.
      this.streams.add(stream);
      res.once('close', () => void this.release(stream));
      try {
        const refusal = await this.takeSlots(stream, session.userId, ipSubject(clientIp(req)));
        if (refusal) {
          await this.release(stream);
          const message =
            refusal === 'user' ? LIVE_MESSAGES.tooManyStreams : LIVE_MESSAGES.tooManyStreamsFromNetwork;
          res
            .status(429)
            .setHeader('Retry-After', '30')
            .json({ error: message, code: errorCodeForMessage(message) });
          return;
        }
        if (res.writableEnded || res.destroyed) return void this.release(stream);
        this.beginStream(req, res);

        const subscription = await this.options.hub.open(
          {
            userId: session.userId,
            sessionId: session.sessionId,
            sessionStartedAt: Date.parse(session.createdAt) || 0,
            send: (entry) => this.send(stream, entry),
            end: () => res.end(),
          },
          lastEventId,
        );
        stream.subscription = subscription;
        // The client may have gone while the replay was read.
        if (stream.released) return subscription.close();
        // A session that ended after it was read above but before the hub listened sent its session.ended
        // unheard: the session itself is gone by then (it ends before the signal), so look once more.
        // (Redis unreachable: the heartbeat looks again.)
        const [live] = await this.options.sessionsLive([session.sessionId]).catch(() => [true]);
        if (!live) res.end();
      } catch (error) {
        await this.release(stream);
        if (res.headersSent) {
          this.options.logger.warn({ err: error }, 'live stream failed');
          res.destroy();
        } else {
          next(error);
        }
      }
    };
  }

  /**
   * `GET /api/shared/:token/live`: a family link's public stream. The token's shape is checked before
   * anything else, the network's cap before the link (so a flood of opens costs the flooder, not the
   * companion service), and the link itself by the companion service, whose answer (404, 410, 429) a
   * refused visitor gets as it is.
   */
  sharedHandler(): RequestHandler {
    return async (req, res, next) => {
      const token = req.params.token;
      if (typeof token !== 'string' || !SHARE_TOKEN_PATTERN.test(token)) {
        res.status(400).json({
          error: SHARE_MESSAGES.invalidToken,
          code: errorCodeForMessage(SHARE_MESSAGES.invalidToken),
        });
        return;
      }
      // A visitor's page refetches the whole view when its stream opens, so an id that is not one of ours
      // costs nothing: the stream starts from now instead of refusing a family member's browser.
      const lastEventId = lastEventIdOf(req) ?? undefined;
      if (this.refusedAsFull(res)) return;
      const stream: OpenStream = {
        res,
        slot: this.nextSlot++ % HEARTBEAT_SLOTS,
        slotKeys: [],
        slotId: randomUUID(),
        released: false,
      };
      this.streams.add(stream);
      res.once('close', () => void this.release(stream));
      try {
        const network = this.options.hub.keys.sharedNetworkSlots(ipSubject(clientIp(req)));
        if (!(await this.takeSlot(stream, network, this.options.maxSharedStreamsPerNetwork))) {
          await this.release(stream);
          const message = LIVE_MESSAGES.tooManyStreamsFromNetwork;
          res
            .status(429)
            .setHeader('Retry-After', '30')
            .json({ error: message, code: errorCodeForMessage(message) });
          return;
        }
        if (res.writableEnded || res.destroyed) return void this.release(stream);
        const link = await this.options.checkSharedLink(token, req);
        if (!link.open) {
          await this.release(stream);
          if (link.retryAfter) res.setHeader('Retry-After', link.retryAfter);
          res.status(link.status).json(link.body);
          return;
        }
        if (res.writableEnded || res.destroyed) return void this.release(stream);
        this.beginStream(req, res);
        const lifetime = Math.min(Date.parse(link.expiresAt) - Date.now(), this.options.sharedMaxAgeMs);
        stream.endTimer = setTimeout(() => res.end(), Math.max(lifetime, 0));
        stream.endTimer.unref();
        const subscription = await this.options.hub.open(
          {
            userId: sharedLiveStream(shareLinkId(token)),
            sessionId: '',
            sessionStartedAt: 0,
            send: (entry) => this.sendShared(stream, entry),
            end: () => res.end(),
          },
          lastEventId,
        );
        stream.subscription = subscription;
        if (stream.released) subscription.close();
      } catch (error) {
        await this.release(stream);
        if (res.headersSent) {
          this.options.logger.warn({ err: error }, 'shared live stream failed');
          res.destroy();
        } else {
          next(error);
        }
      }
    };
  }

  /** 503 with Retry-After when this instance holds as many streams as it may. */
  private refusedAsFull(res: Response): boolean {
    if (this.streams.size < this.options.maxStreams) return false;
    this.options.logger.warn({ open: this.streams.size }, 'live stream refused: this instance is full');
    res
      .status(503)
      .setHeader('Retry-After', '10')
      .json({ error: LIVE_MESSAGES.serverBusy, code: errorCodeForMessage(LIVE_MESSAGES.serverBusy) });
    return true;
  }

  /** The stream's headers and `retry:` hint, sent at once. */
  private beginStream(req: Request, res: Response): void {
    res.status(200);
    res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    // no-store: like every signed-in API answer (session.ts); no-transform: no proxy may compress or rewrite
    // it; X-Accel-Buffering: nginx must not buffer it.
    res.setHeader('Cache-Control', 'no-store, no-transform');
    res.setHeader('X-Accel-Buffering', 'no');
    res.setHeader('Connection', 'keep-alive');
    req.socket.setTimeout(0);
    req.socket.setNoDelay(true);
    req.socket.setKeepAlive(true);
    res.flushHeaders();
    res.write(`retry: ${this.options.retryMs}\n\n`);
  }

  /** Writes unless the client is gone; one that does not read is cut off (it reconnects and replays). */
  private write(stream: OpenStream, text: string): void {
    const { res } = stream;
    if (res.writableEnded || res.destroyed) return;
    if (res.writableLength > MAX_UNSENT_BYTES) {
      this.options.logger.warn('live stream cut off: the client does not read');
      res.destroy();
      return;
    }
    res.write(text);
  }

  /**
   * A visitor hears only `changed`, whatever the entry: the link's news, its end (the refetch shows why) or
   * a resync. The first position is an `id` line alone, which sets EventSource's last id without an event.
   */
  private sendShared(stream: OpenStream, entry: LiveEntry): void {
    if (entry.type === 'ready') this.write(stream, `id: ${entry.id}\n\n`);
    else if (entry.type === 'shared.changed' || entry.type === 'shared.ended' || entry.type === 'resync')
      this.write(stream, `id: ${entry.id}\n${CHANGED}`);
  }

  private send(stream: OpenStream, entry: LiveEntry): void {
    // Bodies are JSON from zod-checked objects (one line); a stray line break would split the event.
    const data = entry.data.includes('\n') ? entry.data.replace(/[\r\n]+/g, ' ') : entry.data;
    this.write(stream, `id: ${entry.id}\nevent: ${entry.type}\ndata: ${data}\n\n`);
  }

  /** Takes a place under the user's cap, then under the network's; on a refusal the stream holds what it took. */
  private async takeSlots(stream: OpenStream, userId: string, network: string): Promise<Refusal | undefined> {
    const caps: Array<[Refusal, string, number]> = [
      ['user', this.options.hub.keys.streamSlots(userId), this.options.maxStreamsPerUser],
      ['network', this.options.hub.keys.networkSlots(network), this.options.maxStreamsPerNetwork],
    ];
    for (const [refusal, key, limit] of caps) {
      if (!(await this.takeSlot(stream, key, limit))) return refusal;
    }
    return undefined;
  }

  /** One place under one cap; false when it is full. */
  private async takeSlot(stream: OpenStream, key: string, limit: number): Promise<boolean> {
    if ((await this.redis.liveTakeSlot(key, stream.slotId, limit, this.slotLifetimeMs)) !== 1) return false;
    // The client went away meanwhile and its slots were released: this one would wait for its expiry.
    if (stream.released) await this.redis.zrem(key, stream.slotId);
    else stream.slotKeys.push(key);
    return true;
  }

  private async release(stream: OpenStream): Promise<void> {
    stream.subscription?.close();
    if (stream.endTimer) clearTimeout(stream.endTimer);
    if (stream.released) return;
    stream.released = true;
    this.streams.delete(stream);
    if (stream.slotKeys.length === 0) return;
    const pipeline = this.redis.pipeline();
    for (const key of stream.slotKeys) pipeline.zrem(key, stream.slotId);
    await pipeline.exec().catch((error: unknown) => {
      this.options.logger.warn({ err: error }, 'live stream slots not released (they expire by themselves)');
    });
  }

  private beat(): void {
    const slot = this.tick++ % HEARTBEAT_SLOTS;
    if (this.streams.size === 0) return;
    const pipeline = this.redis.pipeline() as LivePipeline;
    const beaten: OpenStream[] = [];
    for (const stream of this.streams) {
      if (stream.slot !== slot || stream.released || !stream.subscription) continue;
      if (!stream.res.writableEnded && !stream.res.destroyed) stream.res.write(HEARTBEAT);
      for (const key of stream.slotKeys) pipeline.liveRefreshSlot(key, stream.slotId, this.slotLifetimeMs);
      beaten.push(stream);
    }
    if (beaten.length === 0) return;
    pipeline
      .exec()
      .catch((error: unknown) => this.options.logger.warn({ err: error }, 'live stream slots not refreshed'));
    // The backstop for a lost session.ended: each stream's session is read once per heartbeat interval.
    // (A family-link stream has its maximum age instead.)
    const withSession = beaten.filter((stream) => stream.sessionId !== undefined);
    if (withSession.length === 0) return;
    this.options.sessionsLive(withSession.map((stream) => stream.sessionId!)).then(
      (live) => {
        withSession.forEach((stream, index) => {
          if (live[index] || stream.released || stream.res.writableEnded) return;
          this.options.logger.info('live stream closed: its session ended without a session.ended signal');
          stream.res.end();
        });
      },
      (error: unknown) => this.options.logger.warn({ err: error }, 'live stream sessions not checked'),
    );
  }
}
