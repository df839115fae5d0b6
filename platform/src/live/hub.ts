/**
 * The gateway's side of live updates. ONE Redis subscription per process receives every published
 * event and hands it to the streams this process holds for that user; a stream that opens with a
 * `Last-Event-ID` first gets what it missed from the user's capped stream, or one `resync` when some of
 * it is no longer kept. Live events that arrive while a stream is catching up wait in its buffer and are
 * merged by id, so nothing is lost or repeated between the replay and the live feed.
 */
import { randomUUID } from 'node:crypto';
import type Redis from 'ioredis';
import { LIVE_LIMITS, isLiveEventType, type LiveEventType } from '@safarsaathi/contracts';
import type { Logger } from '../logger';
import { liveKeys, type LiveKeys } from './keys';
import { withLiveCommands, type LiveRedis, type RawEntry } from './scripts';
import { compareStreamIds, isStreamId, streamIdMs } from './stream-ids';

export interface LiveEntry {
  id: string;
  type: LiveEventType;
  /** The body as published: JSON text, forwarded without parsing it again. */
  data: string;
  /** Set when the event is for one session only. */
  sessionId?: string;
}

/** One open stream (an SSE response), as the hub sees it. */
export interface LiveSink {
  userId: string;
  sessionId: string;
  /** When the session began (ms): older `session.ended` events in the replay buffer are not for it. */
  sessionStartedAt: number;
  send(entry: LiveEntry): void;
  /** The session or shared link ended (after its `session.ended` / `shared.ended` was sent): close the stream. */
  end(): void;
}

export interface LiveSubscription {
  /** Stops delivering to this stream (the client went away). */
  close(): void;
}

interface Registration {
  sink: LiveSink;
  /** The last id sent (or the position the stream started from). */
  lastId: string;
  /** Live events held back while the stream catches up from the replay buffer. */
  pending: LiveEntry[] | undefined;
  closed: boolean;
}

export interface LiveHubOptions {
  /** A connection for reads; the hub makes its own subscriber connection from it. */
  redis: Redis;
  prefix: string;
  logger: Logger;
  /** How long entries are kept (a Last-Event-ID older than this may have lost events). */
  ttlSeconds?: number;
}

const REPLAY_BATCH = 1000;

function entryOf([id, fields]: RawEntry): LiveEntry | undefined {
  const values: Record<string, string> = {};
  for (let i = 0; i + 1 < fields.length; i += 2) values[fields[i]!] = fields[i + 1]!;
  const type = values.t;
  if (!type || !isLiveEventType(type) || values.b === undefined) return undefined;
  return { id, type, data: values.b, ...(values.s ? { sessionId: values.s } : {}) };
}

/** `user \n id \n type \n session \n body`, as the publish script writes it. */
function parseMessage(message: string): { userId: string; entry: LiveEntry } | undefined {
  const parts: string[] = [];
  let from = 0;
  for (let i = 0; i < 4; i += 1) {
    const at = message.indexOf('\n', from);
    if (at < 0) return undefined;
    parts.push(message.slice(from, at));
    from = at + 1;
  }
  const [userId, id, type, sessionId] = parts as [string, string, string, string];
  if (!userId || !isStreamId(id) || !isLiveEventType(type)) return undefined;
  return { userId, entry: { id, type, data: message.slice(from), ...(sessionId ? { sessionId } : {}) } };
}

export class LiveHub {
  private readonly redis: LiveRedis;
  private readonly subscriber: Redis;
  /** The subscriber connection's name in Redis (CLIENT LIST), for operators and tests. */
  readonly subscriberName = `live-hub-${randomUUID()}`;
  readonly keys: LiveKeys;
  private readonly byUser = new Map<string, Set<Registration>>();
  private readonly ttlMs: number;
  private subscribedOnce = false;
  private streams = 0;

  constructor(private readonly options: LiveHubOptions) {
    this.redis = withLiveCommands(options.redis);
    this.keys = liveKeys(options.prefix);
    this.ttlMs = (options.ttlSeconds ?? LIVE_LIMITS.keptForSeconds) * 1000;
    this.subscriber = options.redis.duplicate({
      connectionName: this.subscriberName,
      autoResubscribe: false,
    });
    this.subscriber.on('error', (error) =>
      options.logger.warn({ err: error }, 'live subscriber connection error'),
    );
  }

  /** Subscribes to the live channel; after a lost subscription every stream catches up from its last id. */
  async start(): Promise<void> {
    this.subscriber.on('message', (_channel: string, message: string) => this.onMessage(message));
    // After a lost connection: subscribe again, and once Redis confirms it, let every stream catch up on
    // what was published in between (it is in the users' streams). ioredis would re-subscribe by itself,
    // but would not say when the subscription is back, and a catch-up read before that could miss events.
    this.subscriber.on('ready', () => {
      if (!this.subscribedOnce) return;
      this.subscriber.subscribe(this.keys.channel).then(
        () => {
          this.options.logger.warn('live subscription restored: streams catch up from their last ids');
          for (const registrations of this.byUser.values()) {
            for (const registration of registrations) {
              this.catchUp(registration, registration.lastId).catch((error: unknown) =>
                this.options.logger.warn({ err: error }, 'live stream catch-up failed'),
              );
            }
          }
        },
        (error: unknown) => this.options.logger.error({ err: error }, 'live subscription not restored'),
      );
    });
    await this.subscriber.subscribe(this.keys.channel);
    this.subscribedOnce = true;
  }

  async stop(): Promise<void> {
    await this.subscriber.quit().catch(() => this.subscriber.disconnect());
  }

  /** Streams open on this process. */
  get openStreams(): number {
    return this.streams;
  }

  /**
   * Starts delivering the user's events to `sink`: from `lastEventId` when given (replay, or `resync`
   * when that is no longer possible), else from now (a first `ready` event carries the position).
   */
  async open(sink: LiveSink, lastEventId?: string): Promise<LiveSubscription> {
    const registration: Registration = { sink, lastId: '0-0', pending: [], closed: false };
    let registrations = this.byUser.get(sink.userId);
    if (!registrations) this.byUser.set(sink.userId, (registrations = new Set()));
    registrations.add(registration);
    this.streams += 1;
    const subscription = {
      close: () => {
        if (registration.closed) return;
        registration.closed = true;
        this.streams -= 1;
        const set = this.byUser.get(sink.userId);
        set?.delete(registration);
        if (set?.size === 0) this.byUser.delete(sink.userId);
      },
    };
    try {
      if (lastEventId !== undefined) {
        await this.catchUp(registration, lastEventId);
      } else {
        const position = await this.redis.livePosition(this.keys.stream(sink.userId));
        registration.lastId = position;
        this.deliver(registration, { id: position, type: 'ready', data: '{}' });
        this.flushPending(registration);
      }
    } catch (error) {
      subscription.close();
      throw error;
    }
    return subscription;
  }

  /** Sends what came after `after` from the replay buffer (or `resync`), then what waited meanwhile. */
  private async catchUp(registration: Registration, after: string): Promise<void> {
    registration.pending ??= [];
    const key = this.keys.stream(registration.sink.userId);
    let from = after;
    try {
      for (;;) {
        const [now, exists, trimmed, first, last, rawEntries] = await this.redis.liveReadAfter(
          key,
          isStreamId(from) ? from : '0-0',
          REPLAY_BATCH,
        );
        if (registration.closed) return;
        // Every entry after the id is still there only if none was trimmed after it (trimming takes the
        // oldest: an id before the first kept one may have lost some), none expired (the stream lives 24 h
        // after its last event), and the id is one this stream could have given (not from the future).
        const unknownId = !isStreamId(from);
        const maybeExpired = isStreamId(from) && streamIdMs(from) < Number(now) - this.ttlMs;
        const trimmedAfter =
          exists === 1 && trimmed === 1 && isStreamId(from) && compareStreamIds(from, first) < 0;
        const fromFuture =
          isStreamId(from) &&
          (exists === 1 ? compareStreamIds(from, last) > 0 : streamIdMs(from) > Number(now));
        if (from === after && (unknownId || maybeExpired || trimmedAfter || fromFuture)) {
          const position = await this.redis.livePosition(key);
          registration.lastId = position;
          this.deliver(registration, { id: position, type: 'resync', data: '{}' });
          break;
        }
        registration.lastId = from;
        for (const raw of rawEntries) {
          const entry = entryOf(raw);
          if (entry) this.offer(registration, entry, true);
          else registration.lastId = raw[0];
        }
        if (rawEntries.length < REPLAY_BATCH) break;
        from = rawEntries[rawEntries.length - 1]![0];
      }
    } finally {
      this.flushPending(registration);
    }
  }

  private flushPending(registration: Registration): void {
    const pending = registration.pending ?? [];
    registration.pending = undefined;
    for (const entry of pending) this.offer(registration, entry, false);
  }

  private onMessage(message: string): void {
    const parsed = parseMessage(message);
    if (!parsed) {
      this.options.logger.warn('malformed live message ignored');
      return;
    }
    const registrations = this.byUser.get(parsed.userId);
    if (!registrations) return;
    for (const registration of [...registrations]) {
      if (registration.pending) registration.pending.push(parsed.entry);
      else this.offer(registration, parsed.entry, false);
    }
  }

  /** Sends an entry unless already sent or not meant for this stream's session. */
  private offer(registration: Registration, entry: LiveEntry, replayed: boolean): void {
    if (registration.closed || compareStreamIds(entry.id, registration.lastId) <= 0) return;
    const { sink } = registration;
    if (entry.sessionId && entry.sessionId !== sink.sessionId) {
      registration.lastId = entry.id;
      return;
    }
    // A session.ended kept in the buffer from before this session began is about an earlier session.
    if (replayed && entry.type === 'session.ended' && streamIdMs(entry.id) < sink.sessionStartedAt) {
      registration.lastId = entry.id;
      return;
    }
    this.deliver(registration, entry);
    // The session, or the shared link the stream follows, is over: nothing more will come for it.
    if (entry.type === 'session.ended' || entry.type === 'shared.ended') sink.end();
  }

  private deliver(registration: Registration, entry: LiveEntry): void {
    registration.lastId = entry.id;
    try {
      registration.sink.send(entry);
    } catch (error) {
      this.options.logger.warn({ err: error }, 'live stream write failed');
    }
  }
}
