/**
 * One live stream per browser, shared by its tabs. The tab that holds a Web Lock is the leader: it alone
 * opens `EventSource('/api/events')` and relays every event over a BroadcastChannel; the others listen.
 * When the leader tab closes, the lock passes to another tab, which opens the stream from the last id
 * every tab has seen, so the gateway replays what came in between. A user with many tabs open therefore
 * holds one HTTP connection, well under the browser's six per host.
 *
 * Without Web Locks (very old browsers) every tab keeps its own stream; the gateway's per-user cap then
 * still bounds them.
 */
import {
  LIVE_EVENTS_PATH,
  LIVE_EVENT_TYPES,
  compareLiveEventIds,
  isLiveEventId,
  parseLiveEventBody,
  type LiveEvent,
  type LiveEventType,
} from '@safarsaathi/contracts';

const CHANNEL = 'safarsaathi-live';
const LEADER_LOCK = 'safarsaathi-live-leader';
/** The leader repeats its status this often; a follower that hears nothing for longer assumes the stream is down. */
const LEADER_BEAT_MS = 10_000;
const LEADER_SILENCE_MS = 25_000;
/** Re-opening after the browser gave up (an error answer, e.g. 429 or 503): backoff with jitter. */
const REOPEN_MIN_MS = 2_000;
const REOPEN_MAX_MS = 30_000;

type ChannelMessage =
  | { kind: 'event'; event: LiveEvent }
  | { kind: 'status'; connected: boolean; lastEventId?: string }
  | { kind: 'hello' };

export interface LiveConnectionOptions {
  onEvent: (event: LiveEvent) => void;
  onStatus: (connected: boolean) => void;
  /**
   * The browser gave the stream up: the server refused to (re)open it. EventSource does not tell why (a 401
   * when the session ended without its `session.ended`, or a 429 or 503); the owner can ask.
   */
  onRefused?: () => void;
  url?: string;
}

export class LiveConnection {
  private channel: BroadcastChannel | undefined;
  private source: EventSource | undefined;
  private leader = false;
  private stopped = false;
  private connected = false;
  private lastEventId: string | undefined;
  private failures = 0;
  private reopenTimer: number | undefined;
  private beatTimer: number | undefined;
  private silenceTimer: number | undefined;
  private readonly lockAbort = new AbortController();
  private releaseLock: (() => void) | undefined;

  constructor(private readonly options: LiveConnectionOptions) {}

  start(): void {
    if (typeof BroadcastChannel === 'function') {
      this.channel = new BroadcastChannel(CHANNEL);
      this.channel.onmessage = (message: MessageEvent<ChannelMessage>) => this.onChannelMessage(message.data);
    }
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
    if (!locks || !this.channel) {
      this.becomeLeader();
      return;
    }
    locks
      .request(LEADER_LOCK, { signal: this.lockAbort.signal }, () => {
        if (this.stopped) return undefined;
        this.becomeLeader();
        // Held until this tab stops (sign-out, page closed): then the next tab in line leads.
        return new Promise<void>((resolve) => (this.releaseLock = resolve));
      })
      .catch(() => undefined);
    // Until a leader answers, this tab counts the stream as down (the screens keep polling).
    this.post({ kind: 'hello' });
    this.watchLeader();
  }

  stop(): void {
    this.stopped = true;
    this.lockAbort.abort();
    this.releaseLock?.();
    this.closeSource();
    window.clearTimeout(this.reopenTimer);
    window.clearInterval(this.beatTimer);
    window.clearTimeout(this.silenceTimer);
    if (this.leader) this.post({ kind: 'status', connected: false, lastEventId: this.lastEventId });
    this.channel?.close();
    this.channel = undefined;
  }

  private becomeLeader(): void {
    this.leader = true;
    window.clearTimeout(this.silenceTimer);
    this.open();
    this.beatTimer = window.setInterval(() => this.post(this.status()), LEADER_BEAT_MS);
  }

  private status(): ChannelMessage {
    return { kind: 'status', connected: this.connected, lastEventId: this.lastEventId };
  }

  private open(): void {
    if (this.stopped) return;
    const base = this.options.url ?? LIVE_EVENTS_PATH;
    // EventSource cannot set Last-Event-ID on its first request: a tab taking over passes it in the query.
    const url = this.lastEventId ? `${base}?lastEventId=${encodeURIComponent(this.lastEventId)}` : base;
    const source = new EventSource(url);
    this.source = source;
    source.onopen = () => {
      this.failures = 0;
      this.setConnected(true);
    };
    source.onerror = () => {
      this.setConnected(false);
      // CONNECTING: the browser reconnects by itself (with Last-Event-ID) after the retry hint.
      // CLOSED: it gave up (an error answer); try again later ourselves.
      if (source.readyState === EventSource.CLOSED) {
        this.closeSource();
        this.options.onRefused?.();
        const delay = Math.min(REOPEN_MAX_MS, REOPEN_MIN_MS * 2 ** this.failures);
        this.failures += 1;
        this.reopenTimer = window.setTimeout(() => this.open(), delay / 2 + Math.random() * (delay / 2));
      }
    };
    for (const type of LIVE_EVENT_TYPES) {
      source.addEventListener(type, (message: MessageEvent<string>) =>
        this.received(type, message.lastEventId, message.data),
      );
    }
  }

  private closeSource(): void {
    this.source?.close();
    this.source = undefined;
  }

  private received(type: LiveEventType, id: string, data: string): void {
    let raw: unknown;
    try {
      raw = JSON.parse(data);
    } catch {
      return;
    }
    const body = parseLiveEventBody(type, raw);
    if (body === null || !isLiveEventId(id)) return;
    const event = { id, type, body } as LiveEvent;
    if (!this.accept(event)) return;
    this.post({ kind: 'event', event });
  }

  /** Remembers the id and hands the event to this tab; false for one already seen. */
  private accept(event: LiveEvent): boolean {
    if (this.lastEventId && event.type !== 'resync' && compareLiveEventIds(event.id, this.lastEventId) <= 0)
      return false;
    this.lastEventId = event.id;
    if (event.type !== 'ready') this.options.onEvent(event);
    return true;
  }

  private onChannelMessage(message: ChannelMessage): void {
    if (this.stopped) return;
    if (message.kind === 'hello') {
      if (this.leader) this.post(this.status());
      return;
    }
    if (this.leader) return;
    this.watchLeader();
    if (message.kind === 'event') {
      this.accept(message.event);
      // Relayed events mean the leader's stream is up, even if its last status was missed.
      this.setConnected(true);
    } else {
      if (
        message.lastEventId &&
        (!this.lastEventId || compareLiveEventIds(message.lastEventId, this.lastEventId) > 0)
      ) {
        this.lastEventId = message.lastEventId;
      }
      this.setConnected(message.connected);
    }
  }

  /** A follower that hears nothing from a leader for a while counts the stream as down (polling resumes). */
  private watchLeader(): void {
    window.clearTimeout(this.silenceTimer);
    this.silenceTimer = window.setTimeout(() => {
      if (!this.leader) this.setConnected(false);
    }, LEADER_SILENCE_MS);
  }

  private setConnected(connected: boolean): void {
    if (this.leader) this.post({ kind: 'status', connected, lastEventId: this.lastEventId });
    if (connected === this.connected) return;
    this.connected = connected;
    this.options.onStatus(connected);
  }

  private post(message: ChannelMessage): void {
    try {
      this.channel?.postMessage(message);
    } catch {
      // The channel is closed (the tab is going away).
    }
  }
}
