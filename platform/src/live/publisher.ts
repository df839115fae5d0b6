/**
 * The services' side of live updates: news for a user goes to that user's capped stream in Redis (kept
 * for replay, ≥ 500 events, expiring after 24 h of quiet) and is published on the one live channel in
 * the same atomic step; whichever gateway instance holds the user's connection forwards it.
 *
 * Publishing happens after the database write succeeded and never fails the caller: the event is a hint
 * to refetch, not the data itself (docs/decisions.md "Live updates" says what a crash in between means).
 */
import type Redis from 'ioredis';
import {
  LIVE_LIMITS,
  liveEventBodies,
  type LiveEventBody,
  type PublishedLiveEventType,
} from '@safarsaathi/contracts';
import type { Logger } from '../logger';
import { liveKeys, type LiveKeys } from './keys';
import { withLiveCommands, type LivePipeline, type LiveRedis } from './scripts';

export interface LivePublisherOptions {
  /** LIVE_PREFIX: the Redis names' prefix (tests use one per run). */
  prefix: string;
  logger: Logger;
  /** Entries kept per user (at least; Redis trims whole nodes with `MAXLEN ~`). */
  maxLength?: number;
  /** The stream expires after this long without a new event. */
  ttlSeconds?: number;
}

export interface LiveTarget {
  userId: string;
  /** Only the streams of this session (e.g. `session.ended` after signing out in one browser). */
  sessionId?: string;
}

/** How long an erased user's replay stream outlives their last event (session.ended). */
export const LIVE_FORGET_AFTER_SECONDS = 60;

export class LivePublisher {
  private readonly redis: LiveRedis;
  readonly keys: LiveKeys;
  private readonly maxLength: number;
  private readonly ttlSeconds: number;

  constructor(
    redis: Redis,
    private readonly options: LivePublisherOptions,
  ) {
    this.redis = withLiveCommands(redis);
    this.keys = liveKeys(options.prefix);
    this.maxLength = options.maxLength ?? LIVE_LIMITS.keptEventsPerUser;
    this.ttlSeconds = options.ttlSeconds ?? LIVE_LIMITS.keptForSeconds;
  }

  /** Sends one event to one user; resolves with its id, or undefined when it could not be published (logged). */
  async publish<T extends PublishedLiveEventType>(
    target: string | LiveTarget,
    type: T,
    body: LiveEventBody<T>,
  ): Promise<string | undefined> {
    const [id] = await this.publishToAll([target], type, body);
    return id;
  }

  /** Sends the same event to several users in one round trip (e.g. both travellers of a match). */
  async publishToAll<T extends PublishedLiveEventType>(
    targets: Array<string | LiveTarget>,
    type: T,
    body: LiveEventBody<T>,
  ): Promise<Array<string | undefined>> {
    const parsed = liveEventBodies[type].safeParse(body);
    if (!parsed.success) {
      this.options.logger.error(
        { type, issues: parsed.error.issues },
        'live event not published: invalid body',
      );
      return targets.map(() => undefined);
    }
    const json = JSON.stringify(parsed.data);
    const pipeline = this.redis.pipeline() as LivePipeline;
    for (const target of targets) {
      const { userId, sessionId = '' } = typeof target === 'string' ? { userId: target } : target;
      pipeline.livePublish(
        this.keys.stream(userId),
        this.maxLength,
        this.ttlSeconds,
        this.keys.channel,
        userId,
        type,
        sessionId,
        json,
      );
    }
    try {
      const results = (await pipeline.exec()) ?? [];
      return results.map(([error, id], index) => {
        if (error) {
          this.options.logger.warn({ err: error, type, target: targets[index] }, 'live event not published');
          return undefined;
        }
        return id as string;
      });
    } catch (error) {
      this.options.logger.warn({ err: error, type }, 'live events not published');
      return targets.map(() => undefined);
    }
  }

  /**
   * Erasure (issue 40): the user's replay stream goes (it holds ids and kinds of change, never words), a
   * minute after the last event: a gateway reads an event from the stream when the channel tells it one came,
   * so deleting it at once lost the session.ended just published (seen in a CI rehearsal: the open page was
   * closed without being told why).
   */
  async forget(userId: string): Promise<void> {
    await (this.redis as unknown as Redis).expire(this.keys.stream(userId), LIVE_FORGET_AFTER_SECONDS);
  }
}
