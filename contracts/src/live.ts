/**
 * Live updates (`GET /api/events`, Server-Sent Events through the gateway). A service that has news for a
 * user publishes one of these events to that user's stream (platform/src/live); the gateway forwards it
 * to the user's open streams and replays what a reconnecting browser missed (`Last-Event-ID`).
 *
 * Bodies only name WHAT changed, so the browser knows which data to refetch: never a message's text,
 * never another user's e-mail address or phone number.
 */
import { z } from 'zod';

const id = z.string().min(1).max(128);

export const liveEventBodies = {
  /** A new message in a conversation of the user (for the recipient, and the sender's other tabs). */
  'chat.message': z.object({ conversation_id: id, seq: z.number().int().positive() }).strict(),
  /** The other participant read up to `last_read_seq`: the sender's ticks. */
  'chat.read': z.object({ conversation_id: id, last_read_seq: z.number().int().nonnegative() }).strict(),
  /** A conversation the user takes part in was started. */
  'conversation.created': z.object({ conversation_id: id }).strict(),
  /** A conversation was blocked or unblocked: whether either side may still send changed. */
  'conversation.updated': z.object({ conversation_id: id }).strict(),
  /** A notification for the user was created (the bell). */
  'notification.created': z.object({ notification_id: id.optional() }).strict(),
  /** One of the user's companion requests got its match. */
  'request.matched': z.object({ caseid: id }).strict(),
  /** The trip day of one of the user's matched requests changed: meeting point, milestone or hand-over code. */
  'request.trip': z.object({ caseid: id }).strict(),
  /**
   * A shared trip link's public view may have changed (meeting point, milestone, match, trip): published to
   * the link's own stream (`sharedLiveStream`), never to a user's. The visitor's stream says only `changed`.
   */
  'shared.changed': z.object({}).strict(),
  /** The link stopped working (revoked, trip cancelled, owner deleted): its open streams end. */
  'shared.ended': z.object({}).strict(),
  /** The session ended on the server (blocked, profile deleted, signed out in another tab): sign out. */
  'session.ended': z.object({ reason: z.enum(['blocked', 'deleted', 'signed_out']) }).strict(),
  /**
   * Sent by the gateway only: the `Last-Event-ID` is older than what is kept, so events may be missing;
   * the client refetches its screens. Its id is the stream's current position.
   */
  resync: z.object({}).strict(),
  /**
   * Sent by the gateway only, first on a stream opened without `Last-Event-ID`: its id is the stream's
   * current position, so a tab that takes the connection over later resumes from there.
   */
  ready: z.object({}).strict(),
} as const;

export type LiveEventType = keyof typeof liveEventBodies;
export type LiveEventBody<T extends LiveEventType> = z.infer<(typeof liveEventBodies)[T]>;

/** What the gateway itself sends; services never publish these. */
export const GATEWAY_LIVE_EVENT_TYPES = ['resync', 'ready'] as const satisfies readonly LiveEventType[];
export type GatewayLiveEventType = (typeof GATEWAY_LIVE_EVENT_TYPES)[number];
/** What services publish to a user's stream. */
export type PublishedLiveEventType = Exclude<LiveEventType, GatewayLiveEventType>;

export const LIVE_EVENT_TYPES = Object.keys(liveEventBodies) as LiveEventType[];
export const PUBLISHED_LIVE_EVENT_TYPES = LIVE_EVENT_TYPES.filter(
  (type): type is PublishedLiveEventType => !(GATEWAY_LIVE_EVENT_TYPES as readonly string[]).includes(type),
);

/** Published to shared trip links' streams only, never to a signed-in user's. */
export const SHARED_LIVE_EVENT_TYPES = [
  'shared.changed',
  'shared.ended',
] as const satisfies readonly LiveEventType[];
/** What a signed-in user's stream (`GET /api/events`) may carry. */
export const USER_LIVE_EVENT_TYPES = LIVE_EVENT_TYPES.filter(
  (type) => !(SHARED_LIVE_EVENT_TYPES as readonly string[]).includes(type),
);

export function isLiveEventType(type: string): type is LiveEventType {
  return Object.hasOwn(liveEventBodies, type);
}

/** One event as a client receives it: the SSE `id`, `event` and JSON `data` lines. */
export interface LiveEvent<T extends LiveEventType = LiveEventType> {
  id: string;
  type: T;
  body: LiveEventBody<T>;
}

/** Validates a body of a known type; null when the type is unknown or the body malformed. */
export function parseLiveEventBody<T extends LiveEventType>(type: T, body: unknown): LiveEventBody<T> | null {
  const parsed = liveEventBodies[type].safeParse(body);
  return parsed.success ? (parsed.data as LiveEventBody<T>) : null;
}

/**
 * Event ids are Redis stream ids, `<milliseconds>-<sequence>` in plain decimal: ordered per user. Only
 * what Redis can issue is an id: no leading zeros, and a sequence within 64 bits (Redis refuses a larger
 * one, so a client's absurd `Last-Event-ID` would otherwise fail the replay read).
 */
const LIVE_EVENT_ID = /^(?:0|[1-9]\d{0,14})-(0|[1-9]\d{0,19})$/;
const MAX_SEQUENCE = '18446744073709551615';

export function isLiveEventId(value: string): boolean {
  const sequence = LIVE_EVENT_ID.exec(value)?.[1];
  if (sequence === undefined) return false;
  // Equal lengths: decimal strings compare like their numbers.
  return sequence.length < MAX_SEQUENCE.length || sequence <= MAX_SEQUENCE;
}

/** The OpenAPI pattern of an event id (the sequence's 64-bit bound is checked by isLiveEventId). */
const LIVE_EVENT_ID_PATTERN = '^(0|[1-9]\\d{0,14})-(0|[1-9]\\d{0,19})$';

/** The id's time part in milliseconds (Redis's clock when the event was added). */
export function liveEventIdMs(id: string): number {
  return Number(id.slice(0, id.indexOf('-')));
}

/** Negative, zero or positive as `a` is before, equal to or after `b`. Both must be event ids. */
export function compareLiveEventIds(a: string, b: string): number {
  const [aMs = '', aSeq = ''] = a.split('-');
  const [bMs = '', bSeq = ''] = b.split('-');
  return compareDigits(aMs, bMs) || compareDigits(aSeq, bSeq);
}

// Decimal strings without leading zeros compare by length first; sequence numbers can exceed 2^53.
function compareDigits(a: string, b: string): number {
  const x = a.replace(/^0+(?=\d)/, '');
  const y = b.replace(/^0+(?=\d)/, '');
  if (x.length !== y.length) return x.length - y.length;
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Limits of the stream (docs/decisions.md "Live updates"). */
export const LIVE_LIMITS = {
  /** Events kept per user for replay: at least this many (Redis `MAXLEN ~`)... */
  keptEventsPerUser: 500,
  /** ...and the user's stream expires after this much quiet. */
  keptForSeconds: 24 * 3600,
  /** Heartbeat comments keep proxies and the browser from timing a quiet stream out. */
  heartbeatMs: 15_000,
  /** The `retry:` hint: how long the browser waits before reconnecting by itself. */
  retryMs: 3_000,
  /** Open streams per user (all gateway instances together). */
  streamsPerUser: 10,
  /**
   * Open streams per client network (an IPv4 address, an IPv6 /64), all instances together: far above the
   * signed-in browsers one carrier-grade NAT address carries at once, far below an instance's 10,000
   * (docs/decisions.md "Live streams per network").
   */
  streamsPerNetwork: 300,
  /**
   * Open family-link streams (`GET /api/shared/{token}/live`) per client network, all instances together,
   * counted apart from the signed-in streams: a carrier address carries many families at once
   * (docs/decisions.md "The family link follows live").
   */
  sharedStreamsPerNetwork: 300,
  /**
   * A family-link stream is closed after this long (the browser reconnects with its Last-Event-ID and the
   * link is checked again), so a stream whose `shared.ended` was lost does not outlive its link for long.
   */
  sharedStreamMaxAgeMs: 15 * 60_000,
} as const;

export const LIVE_MESSAGES = {
  tooManyStreams: 'Too many live connections are open for this account. Close a tab or window and try again.',
  tooManyStreamsFromNetwork:
    'Too many live connections are open from your network. Please try again shortly.',
  serverBusy: 'The live update service is busy. Please try again shortly.',
  invalidLastEventId: 'Last-Event-ID must be an event id of this stream (<milliseconds>-<sequence>).',
} as const;

/** The stream's path, served by the gateway itself. */
export const LIVE_EVENTS_PATH = '/api/events';

/** `GET /api/events` in the OpenAPI document (written by hand: the gateway serves it, not a service). */
export const LIVE_EVENTS_OPENAPI = {
  get: {
    summary: 'Live updates of the signed-in user (Server-Sent Events)',
    description:
      'One text/event-stream per browser. Each event has an `id` (resume with the `Last-Event-ID` header, or the ' +
      '`lastEventId` query parameter when the header cannot be set), an `event` type and a JSON `data` body naming ' +
      'what changed: ' +
      USER_LIVE_EVENT_TYPES.map((type) => `\`${type}\``).join(', ') +
      '. A `Last-Event-ID` older than what is kept, or after the newest event, answers one `resync` event ' +
      '(refetch everything); one that is not an event id at all is a 400. ' +
      'Heartbeat comments every 15 s; a `retry:` hint.',
    tags: ['gateway'],
    parameters: [
      {
        name: 'Last-Event-ID',
        in: 'header',
        required: false,
        schema: { type: 'string', pattern: LIVE_EVENT_ID_PATTERN },
      },
      {
        name: 'lastEventId',
        in: 'query',
        required: false,
        schema: { type: 'string', pattern: LIVE_EVENT_ID_PATTERN },
      },
    ],
    responses: {
      '200': { description: 'The stream', content: { 'text/event-stream': { schema: { type: 'string' } } } },
      '400': { description: 'The Last-Event-ID (header or query) is not an event id' },
      '401': { description: 'Not signed in' },
      '403': { description: 'Blocked' },
      '429': { description: 'Too many open streams for this user, or from this network (Retry-After)' },
      '503': { description: 'The gateway holds as many streams as it may (Retry-After)' },
    },
  },
} as const;

/**
 * A shared trip link's public live stream (addendum §1.6), served by the gateway: it says only `changed`
 * (no data at all; the page refetches `GET /api/shared/{token}`), ends when the link stops working.
 */
export const SHARED_LIVE_ROUTE = '/api/shared/:token/live';
export const sharedLivePath = (token: string) => `/api/shared/${encodeURIComponent(token)}/live`;
/** The one event type a visitor's stream carries. */
export const SHARED_LIVE_CHANGED = 'changed';

/** `GET /api/shared/{token}/live` in the OpenAPI document (written by hand: the gateway serves it). */
export const SHARED_LIVE_OPENAPI = {
  get: {
    summary: 'Live updates of a shared trip (Server-Sent Events, public)',
    description:
      'A text/event-stream for anyone holding the link. Its only event is `changed` (data `{}`, nothing about ' +
      'the trip): refetch `GET /api/shared/{token}`. An `id` line with no event marks the stream position; ' +
      'resume with `Last-Event-ID` (or the `lastEventId` query parameter). The stream ends when the link is ' +
      'revoked or expires. Open streams are capped per client network (IPv4 address, IPv6 /64).',
    tags: ['gateway'],
    security: [],
    parameters: [
      {
        name: 'token',
        in: 'path',
        required: true,
        schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{43}$' },
      },
      {
        name: 'Last-Event-ID',
        in: 'header',
        required: false,
        schema: { type: 'string', pattern: LIVE_EVENT_ID_PATTERN },
      },
      {
        name: 'lastEventId',
        in: 'query',
        required: false,
        schema: { type: 'string', pattern: LIVE_EVENT_ID_PATTERN },
      },
    ],
    responses: {
      '200': { description: 'The stream', content: { 'text/event-stream': { schema: { type: 'string' } } } },
      '400': {
        description: 'The token is not a link token (a Last-Event-ID that is not an event id is ignored)',
      },
      '404': { description: 'No such link' },
      '410': { description: 'The link was revoked or has expired, or the trip is no longer shared' },
      '429': { description: 'Too many open streams from this network, or too many views (Retry-After)' },
      '503': {
        description: 'The gateway holds as many streams as it may, or the link cannot be checked now',
      },
    },
  },
} as const;
