/**
 * A Server-Sent Events client for tests and the benchmark: opens `GET /api/events` like a browser's
 * EventSource (cookie, `Last-Event-ID`), parses the stream, and lets a test wait for events.
 */
import http from 'node:http';
import { LivePublisher } from '../live/publisher';
import { createLogger } from '../logger';
import { createRedis, type Redis } from '../redis';

export interface ReceivedEvent {
  id: string | undefined;
  type: string;
  /** The JSON body (undefined when it was not JSON). */
  body: unknown;
  receivedAt: number;
}

export interface EventStreamOptions {
  /** `ss_session=<token>` */
  cookie?: string;
  lastEventId?: string;
  /** Sent as the query parameter instead of the header (what a tab taking the stream over does). */
  lastEventIdInQuery?: boolean;
  headers?: Record<string, string>;
  agent?: http.Agent;
  path?: string;
}

type Waiter = { predicate: (event: ReceivedEvent) => boolean; resolve: (event: ReceivedEvent) => void };

/** Splits an SSE byte stream into events, comments and retry hints (the HTML standard's parsing rules). */
export class SseParser {
  private buffer = '';
  private id: string | undefined;
  private type = '';
  private data: string[] = [];
  lastEventId: string | undefined;

  constructor(
    private readonly onEvent: (event: { id: string | undefined; type: string; data: string }) => void,
    private readonly onComment: (text: string) => void = () => undefined,
    private readonly onRetry: (ms: number) => void = () => undefined,
  ) {}

  push(chunk: string): void {
    this.buffer += chunk;
    for (;;) {
      const match = /\r\n|\r|\n/.exec(this.buffer);
      if (!match) return;
      const line = this.buffer.slice(0, match.index);
      this.buffer = this.buffer.slice(match.index + match[0].length);
      this.line(line);
    }
  }

  private line(line: string): void {
    if (line === '') {
      if (this.id !== undefined) this.lastEventId = this.id;
      if (this.data.length > 0)
        this.onEvent({ id: this.lastEventId, type: this.type || 'message', data: this.data.join('\n') });
      this.id = undefined;
      this.type = '';
      this.data = [];
      return;
    }
    if (line.startsWith(':')) return this.onComment(line.slice(1));
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'id') this.id = value;
    else if (field === 'event') this.type = value;
    else if (field === 'data') this.data.push(value);
    else if (field === 'retry' && /^\d+$/.test(value)) this.onRetry(Number(value));
  }
}

export class EventStreamClient {
  readonly events: ReceivedEvent[] = [];
  comments = 0;
  retryMs: number | undefined;
  status = 0;
  headers: http.IncomingHttpHeaders = {};
  /** Set when the server ended the stream (or the connection broke). */
  closedAt: number | undefined;
  /** The error body when the answer was not a stream. */
  errorBody: unknown;
  private request: http.ClientRequest | undefined;
  private waiters: Waiter[] = [];
  private closeWaiters: Array<() => void> = [];
  private readonly parser = new SseParser(
    ({ id, type, data }) => this.received(id, type, data),
    () => (this.comments += 1),
    (ms) => (this.retryMs = ms),
  );

  /** Called for every event as it arrives (the benchmark measures there). */
  onEvent: ((event: ReceivedEvent) => void) | undefined;

  constructor(
    private readonly baseUrl: string,
    private readonly options: EventStreamOptions = {},
  ) {}

  /** The id of the last event received (what EventSource would send as Last-Event-ID). */
  get lastEventId(): string | undefined {
    return this.parser.lastEventId ?? this.options.lastEventId;
  }

  /** Resolves once the response's status and headers are in (a stream, or an error answer read in full). */
  open(): Promise<this> {
    return new Promise((resolve, reject) => {
      const headers: Record<string, string> = { accept: 'text/event-stream', ...this.options.headers };
      if (this.options.cookie) headers.cookie = this.options.cookie;
      let path = this.options.path ?? '/api/events';
      if (this.options.lastEventId) {
        if (this.options.lastEventIdInQuery)
          path += `?lastEventId=${encodeURIComponent(this.options.lastEventId)}`;
        else headers['last-event-id'] = this.options.lastEventId;
      }
      const request = http.get(
        new URL(path, this.baseUrl),
        { headers, agent: this.options.agent },
        (response) => {
          this.status = response.statusCode ?? 0;
          this.headers = response.headers;
          response.setEncoding('utf8');
          if (this.status !== 200) {
            let text = '';
            response.on('data', (chunk: string) => (text += chunk));
            response.on('end', () => {
              try {
                this.errorBody = JSON.parse(text);
              } catch {
                this.errorBody = text;
              }
              this.markClosed();
              resolve(this);
            });
            return;
          }
          response.on('data', (chunk: string) => this.parser.push(chunk));
          response.on('end', () => this.markClosed());
          response.on('error', () => this.markClosed());
          resolve(this);
        },
      );
      request.on('error', (error) => {
        if (this.status === 0) reject(error);
        else this.markClosed();
      });
      request.on('close', () => this.markClosed());
      this.request = request;
    });
  }

  private received(id: string | undefined, type: string, data: string): void {
    let body: unknown;
    try {
      body = JSON.parse(data);
    } catch {
      body = undefined;
    }
    const event: ReceivedEvent = { id, type, body, receivedAt: Date.now() };
    this.events.push(event);
    this.onEvent?.(event);
    this.waiters = this.waiters.filter((waiter) => {
      if (!waiter.predicate(event)) return true;
      waiter.resolve(event);
      return false;
    });
  }

  private markClosed(): void {
    if (this.closedAt !== undefined) return;
    this.closedAt = Date.now();
    for (const resolve of this.closeWaiters) resolve();
    this.closeWaiters = [];
  }

  /** The first event (already received or still to come) that matches, or a rejection after `timeoutMs`. */
  waitForEvent(predicate: (event: ReceivedEvent) => boolean, timeoutMs = 10_000): Promise<ReceivedEvent> {
    const seen = this.events.find(predicate);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        reject(
          new Error(
            `no matching event within ${timeoutMs} ms; received: ${JSON.stringify(this.events.map((e) => [e.type, e.body]))}`,
          ),
        );
      }, timeoutMs);
      const waiter: Waiter = {
        predicate,
        resolve: (event) => {
          clearTimeout(timer);
          resolve(event);
        },
      };
      this.waiters.push(waiter);
    });
  }

  waitForType(type: string, timeoutMs?: number): Promise<ReceivedEvent> {
    return this.waitForEvent((event) => event.type === type, timeoutMs);
  }

  /** Resolves when the server closes the stream; rejects after `timeoutMs`. */
  waitForClose(timeoutMs = 10_000): Promise<void> {
    if (this.closedAt !== undefined) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`stream still open after ${timeoutMs} ms`)), timeoutMs);
      this.closeWaiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  /** The client goes away (closes its connection). */
  close(): void {
    this.request?.destroy();
    this.markClosed();
  }
}

/** Opens a stream and waits for its answer. */
export function openEventStream(
  baseUrl: string,
  options: EventStreamOptions = {},
): Promise<EventStreamClient> {
  return new EventStreamClient(baseUrl, options).open();
}

/**
 * A publisher like the services' (startService gives them one), on this run's LIVE_PREFIX, for tests that
 * send live events themselves. Call `close()` when done.
 */
export function createTestLivePublisher(): {
  publisher: LivePublisher;
  redis: Redis;
  close: () => Promise<void>;
} {
  const redis = createRedis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  const publisher = new LivePublisher(redis, {
    prefix: process.env.LIVE_PREFIX ?? 'live',
    logger: createLogger('test-publisher', 'warn'),
  });
  return {
    publisher,
    redis,
    close: async () => {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
