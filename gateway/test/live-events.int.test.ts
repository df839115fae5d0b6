/**
 * `GET /api/events` through real gateways, against real Redis and the real services: sessions, headers,
 * fan-out across two gateway instances, replay and resync, caps, and streams closed when the session ends.
 */
import { LIVE_MESSAGES, addDays, blockedMessage, todayIso } from '@safarsaathi/contracts';
import {
  ApiClient,
  createSignedInUser,
  createTestLivePublisher,
  openEventStream,
  signIn,
  waitFor,
  type EventStreamClient,
} from '@safarsaathi/platform/src/testing';
import {
  SessionStore,
  createRedis,
  sessionIdOf,
  type LivePublisher,
  type Redis,
} from '@safarsaathi/platform';
import { startTestStack, testEnv, type TestStack } from '../../test/stack';
import { startGateway, type RunningGateway } from '../src/app';
import { chatRequestModel } from '../../services/chat/src/persistence/requests';

let stack: TestStack;
/** A second gateway instance in front of the same services. */
let second: RunningGateway;
let admin: ApiClient;
let live: { publisher: LivePublisher; close: () => Promise<void> };
let redis: Redis;
const streams: EventStreamClient[] = [];

const HEARTBEAT_MS = 400;

beforeAll(async () => {
  stack = await startTestStack({ LIVE_HEARTBEAT_MS: String(HEARTBEAT_MS) });
  second = await startGateway(
    testEnv({
      AUTH_URL: stack.auth.url,
      COMPANION_URL: stack.companion.url,
      NOTIFICATIONS_URL: stack.notifications.url,
      SUPPORT_URL: stack.support.url,
      SEARCH_URL: 'http://127.0.0.1:9',
      RATE_LIMIT_IP_PER_MINUTE: '1000',
      LIVE_MAX_STREAMS: '3',
      // Both instances beat at the same pace: the lost-signal test waits for the next heartbeat on each.
      LIVE_HEARTBEAT_MS: String(HEARTBEAT_MS),
    }),
  );
  admin = new ApiClient(stack.gatewayUrl);
  await signIn(admin, stack.adminEmail);
  live = createTestLivePublisher();
  redis = createRedis(process.env.REDIS_URL!);
});
afterEach(() => {
  for (const stream of streams.splice(0)) stream.close();
});
afterAll(async () => {
  await redis.quit();
  await live.close();
  await second.stop();
  await stack.stop();
});

const cookieOf = (client: ApiClient) => `ss_session=${client.cookie('ss_session')}`;

async function stream(
  client: ApiClient,
  options: {
    lastEventId?: string;
    lastEventIdInQuery?: boolean;
    gateway?: string;
    headers?: Record<string, string>;
    path?: string;
  } = {},
) {
  const opened = await openEventStream(options.gateway ?? stack.gatewayUrl, {
    cookie: cookieOf(client),
    ...options,
  });
  streams.push(opened);
  return opened;
}

/** A signed-in user whose welcome notification is already there: no event arrives on its own later. */
async function quietUser() {
  const user = await createSignedInUser(stack.gatewayUrl);
  await waitFor(
    async () => ((await user.client.get<unknown[]>('/api/notifications')).body.length > 0 ? true : undefined),
    20_000,
  );
  return user;
}

async function userId(client: ApiClient): Promise<string> {
  const stored = await stack.auth.deps.mongo
    .collection('users')
    .findOne({ email: (await client.get('/api/auth/user-info')).body.email_address });
  return String(stored!._id);
}

test('without a session: 401 in the error shape; the OpenAPI document describes the stream', async () => {
  const anonymous = await openEventStream(stack.gatewayUrl);
  expect(anonymous.status).toBe(401);
  expect(anonymous.errorBody).toEqual({ error: 'Please sign in to continue.', code: 'auth.notSignedIn' });
  const forged = await openEventStream(stack.gatewayUrl, { cookie: 'ss_session=not-a-session' });
  expect(forged.status).toBe(401);

  const openApi = await new ApiClient(stack.gatewayUrl).get<{
    paths: Record<string, { get?: { responses: Record<string, unknown> } }>;
  }>('/api/openapi.json');
  expect(Object.keys(openApi.body.paths['/api/events']!.get!.responses)).toEqual(
    expect.arrayContaining(['200', '400', '401', '429', '503']),
  );
});

test('a signed-in stream: SSE headers, never compressed, a retry hint, a ready position, heartbeats', async () => {
  const { client } = await createSignedInUser(stack.gatewayUrl);
  const opened = await stream(client, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
  expect(opened.status).toBe(200);
  expect(opened.headers['content-type']).toBe('text/event-stream; charset=utf-8');
  expect(opened.headers['cache-control']).toBe('no-store, no-transform');
  expect(opened.headers['x-accel-buffering']).toBe('no');
  expect(opened.headers['content-encoding']).toBeUndefined();
  const ready = await opened.waitForType('ready');
  expect(ready.id).toMatch(/^\d+-\d+$/);
  expect(opened.retryMs).toBe(3000);
  await waitFor(async () => (opened.comments >= 2 ? true : undefined), 5_000, 50);
  expect(opened.closedAt).toBeUndefined();
});

test('an event for a user reaches that user’s stream on either gateway instance, and not a third user’s', async () => {
  const [asha, ravi] = await Promise.all([quietUser(), quietUser()]);
  const ashaHere = await stream(asha.client);
  const ashaThere = await stream(asha.client, { gateway: second.url });
  const raviThere = await stream(ravi.client, { gateway: second.url });
  await Promise.all([ashaHere, ashaThere, raviThere].map((s) => s.waitForType('ready')));

  const id = await live.publisher.publish(await userId(asha.client), 'chat.message', {
    conversation_id: 'conv-1',
    seq: 7,
  });
  for (const s of [ashaHere, ashaThere]) {
    const event = await s.waitForType('chat.message');
    expect(event).toMatchObject({ id, body: { conversation_id: 'conv-1', seq: 7 } });
  }
  await live.publisher.publish(await userId(ravi.client), 'notification.created', {});
  await raviThere.waitForType('notification.created');
  expect(raviThere.events.map((e) => e.type)).toEqual(['ready', 'notification.created']);
  expect(ashaHere.events.map((e) => e.type)).toEqual(['ready', 'chat.message']);
});

/** Posts a companion request through the gateway and waits until the chat service knows it. */
async function postedRequest(client: ApiClient, role: 'need' | 'provide'): Promise<string> {
  const posted = await client.post('/api/companions/requests', {
    serviceType: role,
    fromAirport: 'DEL',
    toAirport: 'LHR',
    airline: 'Air India',
    flightNumber: 'AI 111',
    travelDate: addDays(todayIso(), 40),
    confirmedTicket: true,
    passengerName: role === 'need' ? 'Kamala Devi' : 'Arjun Mehta',
    passengerAge: role === 'need' ? 74 : 31,
    passengerGender: role === 'need' ? 'female' : 'male',
    languagesKnown: 'Hindi, English',
    freeService: true,
    connectingFlights: [],
  });
  expect(posted.status).toBe(200);
  const caseid = String(posted.body.caseid);
  const requests = chatRequestModel(stack.chat.deps.mongo);
  await waitFor(
    async () => ((await requests.findOne({ _id: caseid }).lean())?.status === 'active' ? true : undefined),
    20_000,
    100,
  );
  return caseid;
}

test('the chat service tells both participants of a new conversation, a message, a read and a block, on either gateway, and nobody else', async () => {
  const [asha, ravi, third] = await Promise.all([quietUser(), quietUser(), quietUser()]);
  const ashaCase = await postedRequest(asha.client, 'need');
  const raviCase = await postedRequest(ravi.client, 'provide');
  const ashaStream = await stream(asha.client);
  const raviStream = await stream(ravi.client, { gateway: second.url });
  const thirdStream = await stream(third.client);
  await Promise.all([ashaStream, raviStream, thirdStream].map((s) => s.waitForType('ready')));

  const contact = await asha.client.post('/api/chat/create-search-conversation', {
    target_caseid: raviCase,
    user_caseid: ashaCase,
  });
  expect(contact.status).toBe(200);
  const conversationId = String(contact.body.conversation_id);
  if (contact.body.status === 'conversation_created') {
    for (const s of [ashaStream, raviStream]) {
      expect((await s.waitForType('conversation.created')).body).toEqual({ conversation_id: conversationId });
    }
  }

  const sent = await asha.client.post(`/api/chat/conversations/${conversationId}/messages`, {
    message_text: 'Namaste, I am on the same flight.',
  });
  expect(sent.status).toBe(200);
  const arrived = await raviStream.waitForType('chat.message');
  // Names what changed, never the text.
  expect(arrived.body).toEqual({ conversation_id: conversationId, seq: 1 });
  expect((await ashaStream.waitForType('chat.message')).body).toEqual({
    conversation_id: conversationId,
    seq: 1,
  });

  expect((await ravi.client.put(`/api/chat/conversations/${conversationId}/mark-read`)).status).toBe(200);
  expect((await ashaStream.waitForType('chat.read')).body).toEqual({
    conversation_id: conversationId,
    last_read_seq: 1,
  });
  // Marking read again changes nothing and tells nobody.
  expect((await ravi.client.put(`/api/chat/conversations/${conversationId}/mark-read`)).status).toBe(200);
  const reads = () => ashaStream.events.filter((e) => e.type === 'chat.read').length;
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(reads()).toBe(1);

  // A block: the other side's open dialog learns that sending is closed.
  expect((await asha.client.put(`/api/chat/conversations/${conversationId}/block`)).status).toBe(200);
  expect((await raviStream.waitForType('conversation.updated')).body).toEqual({
    conversation_id: conversationId,
  });
  expect(thirdStream.events.map((e) => e.type)).toEqual(['ready']);
});

test('a reconnect with Last-Event-ID (header or query) replays what was missed; an id too old gets one resync', async () => {
  const { client } = await quietUser();
  const user = await userId(client);
  const first = await stream(client);
  const ready = await first.waitForType('ready');
  const seen = await live.publisher.publish(user, 'chat.message', { conversation_id: 'c', seq: 1 });
  await first.waitForEvent((e) => e.id === seen);
  first.close();

  // Published while the browser was away (e.g. the gateway it was on restarted).
  const missed = [
    await live.publisher.publish(user, 'chat.message', { conversation_id: 'c', seq: 2 }),
    await live.publisher.publish(user, 'chat.read', { conversation_id: 'c', last_read_seq: 2 }),
  ];
  const back = await stream(client, { lastEventId: first.lastEventId, gateway: second.url });
  await back.waitForEvent((e) => e.id === missed[1]);
  expect(back.events.map((e) => e.id)).toEqual(missed);
  const next = await live.publisher.publish(user, 'request.matched', { caseid: 'CMP-1' });
  await back.waitForEvent((e) => e.id === next);
  expect(back.events.map((e) => e.type)).toEqual(['chat.message', 'chat.read', 'request.matched']);

  // A tab taking the stream over passes the id in the query (EventSource cannot set the header).
  const takeover = await stream(client, { lastEventId: ready.id, lastEventIdInQuery: true });
  await takeover.waitForEvent((e) => e.id === next);
  expect(takeover.events.map((e) => e.id)).toEqual([seen, ...missed, next]);

  const old = await stream(client, { lastEventId: `${Date.now() - 25 * 3600_000}-0` });
  const resync = await old.waitForType('resync');
  expect(resync.id).toBe(next);
  expect(old.events).toHaveLength(1);
});

test('resync when events after the id were trimmed from the kept 500', async () => {
  const { client } = await quietUser();
  const user = await userId(client);
  const first = await live.publisher.publish(user, 'notification.created', {});
  const ids = await live.publisher.publishToAll(
    Array.from({ length: 700 }, () => user),
    'notification.created',
    {},
  );
  const back = await stream(client, { lastEventId: first });
  const resync = await back.waitForType('resync');
  expect(resync.id).toBe(ids[ids.length - 1]);
  // A recent id is still replayed, not resynced.
  const recent = await stream(client, { lastEventId: ids[ids.length - 3] });
  await recent.waitForEvent((e) => e.id === ids[ids.length - 1]);
  expect(recent.events.map((e) => e.type)).toEqual(['notification.created', 'notification.created']);
});

test('at most 10 streams per user across instances (429), a per-instance cap (503), and a closed stream frees its place', async () => {
  const { client } = await createSignedInUser(stack.gatewayUrl);
  const open: EventStreamClient[] = [];
  for (let i = 0; i < 10; i += 1)
    open.push(await stream(client, { gateway: i < 2 ? second.url : stack.gatewayUrl }));
  expect(open.map((s) => s.status)).toEqual(Array(10).fill(200));
  const refused = await stream(client);
  expect(refused.status).toBe(429);
  expect(refused.headers['retry-after']).toBe('30');
  expect(refused.errorBody).toEqual({ error: LIVE_MESSAGES.tooManyStreams, code: 'live.tooManyStreams' });

  // The client goes away: the gateway lets its subscription and its place go at once.
  const before = stack.gateway.liveStreams();
  open[5]!.close();
  await waitFor(async () => (stack.gateway.liveStreams() === before - 1 ? true : undefined), 2_000, 20);
  const again = await waitFor(
    async () => {
      const attempt = await stream(client);
      return attempt.status === 200 ? attempt : undefined;
    },
    3_000,
    100,
  );
  expect(again.status).toBe(200);

  // The second instance holds at most 3 streams (LIVE_MAX_STREAMS=3): 2 of this user are there.
  const other = await createSignedInUser(stack.gatewayUrl);
  expect((await stream(other.client, { gateway: second.url })).status).toBe(200);
  const busy = await stream(other.client, { gateway: second.url });
  expect(busy.status).toBe(503);
  expect(busy.headers['retry-after']).toBe('10');
  expect(busy.errorBody).toEqual({ error: LIVE_MESSAGES.serverBusy, code: 'live.serverBusy' });
  for (const s of [...open, again]) s.close();
});

test('blocking a user sends session.ended and closes every stream of the user within a second; a new one is 403', async () => {
  const { client, phone } = await createSignedInUser(stack.gatewayUrl);
  const here = await stream(client);
  const there = await stream(client, { gateway: second.url });
  await Promise.all([here.waitForType('ready'), there.waitForType('ready')]);

  const blockedAt = Date.now();
  const answer = await admin.post('/api/auth/update-user-status', {
    phoneNumber: phone,
    status: 'Block',
    status_reason: 'Spam messages',
  });
  expect(answer.status).toBe(200);
  for (const s of [here, there]) {
    await s.waitForClose(1_000);
    expect(s.closedAt! - blockedAt).toBeLessThan(1_000);
    expect(s.events.at(-1)).toMatchObject({ type: 'session.ended', body: { reason: 'blocked' } });
  }
  const refused = await stream(client);
  expect(refused.status).toBe(403);
  expect(refused.errorBody).toMatchObject({
    error: blockedMessage('Spam messages'),
    details: { blocked: true },
  });
});

test('deleting the profile closes the streams; signing out closes only that session’s streams', async () => {
  const { client, email } = await createSignedInUser(stack.gatewayUrl);
  // A second browser of the same user: its own session.
  const otherBrowser = new ApiClient(stack.gatewayUrl);
  await signIn(otherBrowser, email);
  await waitFor(
    async () => ((await client.get<unknown[]>('/api/notifications')).body.length > 0 ? true : undefined),
    20_000,
  );
  const mine = await stream(client);
  const theirs = await stream(otherBrowser, { gateway: second.url });
  await Promise.all([mine.waitForType('ready'), theirs.waitForType('ready')]);

  expect((await otherBrowser.post('/api/auth/logout')).status).toBe(200);
  await theirs.waitForClose(1_000);
  expect(theirs.events.at(-1)).toMatchObject({ type: 'session.ended', body: { reason: 'signed_out' } });
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(mine.closedAt).toBeUndefined();
  expect(mine.events.map((e) => e.type)).toEqual(['ready']);

  expect((await client.delete('/users/delete-account')).status).toBe(200);
  await mine.waitForClose(1_000);
  expect(mine.events.at(-1)).toMatchObject({ type: 'session.ended', body: { reason: 'deleted' } });
  expect((await stream(client)).status).toBe(401);
});

test('a new notification reaches the user’s stream with its id', async () => {
  const { client } = await createSignedInUser(stack.gatewayUrl);
  const opened = await stream(client);
  await opened.waitForType('ready');
  expect((await client.put('/users/help-preference', { helpPreference: 'need_help' })).status).toBe(200);
  const event = await opened.waitForEvent(
    (e) =>
      e.type === 'notification.created' &&
      typeof (e.body as { notification_id?: string }).notification_id === 'string',
    20_000,
  );
  const listed =
    await client.get<Array<{ notification_id: string; notification_type: string }>>('/api/notifications');
  const notification = listed.body.find(
    (n) => n.notification_id === (event.body as { notification_id: string }).notification_id,
  );
  expect(notification).toBeDefined();
  expect(Object.keys(event.body as object)).toEqual(['notification_id']);
});

test('a session that ends without its session.ended signal (lost publish) has its streams closed at the next heartbeat', async () => {
  const { client } = await quietUser();
  const here = await stream(client);
  const there = await stream(client, { gateway: second.url });
  await Promise.all([here.waitForType('ready'), there.waitForType('ready')]);
  const before = [stack.gateway.liveStreams(), second.liveStreams()];
  // Ended in Redis as the auth service ends it, but no event is published (as if auth crashed in between).
  const endedAt = Date.now();
  await new SessionStore(redis).end(sessionIdOf(client.cookie('ss_session')!));
  for (const s of [here, there]) {
    await s.waitForClose(3 * HEARTBEAT_MS + 1_000);
    expect(s.closedAt! - endedAt).toBeLessThan(3 * HEARTBEAT_MS + 1_000);
    expect(s.events.map((e) => e.type)).toEqual(['ready']);
  }
  await waitFor(
    async () =>
      stack.gateway.liveStreams() === before[0]! - 1 && second.liveStreams() === before[1]! - 1
        ? true
        : undefined,
    2_000,
    20,
  );
  expect((await stream(client)).status).toBe(401);
});

describe('Last-Event-ID', () => {
  test('one that is not an event id Redis could issue is a 400 before any stream opens', async () => {
    const { client } = await quietUser();
    const before = stack.gateway.liveStreams();
    const now = Date.now();
    for (const [lastEventId, inQuery] of [
      ['not-an-id', false],
      ['1-2-3', false],
      [`0${now}-0`, false],
      [`${now}-99999999999999999999`, false],
      [`${now}-18446744073709551616`, true],
      [`${'9'.repeat(16)}-0`, true],
      [`${now}-0${'0'.repeat(80)}`, false],
    ] as const) {
      const refused = await stream(client, { lastEventId, lastEventIdInQuery: inQuery });
      expect([lastEventId, refused.status]).toEqual([lastEventId, 400]);
      expect(refused.errorBody).toEqual({
        error: LIVE_MESSAGES.invalidLastEventId,
        code: 'live.invalidLastEventId',
      });
    }
    const repeated = await stream(client, { path: '/api/events?lastEventId=1-0&lastEventId=2-0' });
    expect(repeated.status).toBe(400);
    expect(stack.gateway.liveStreams()).toBe(before);
    // Nothing was counted against the user's cap: ten streams still open.
    const ten = await Promise.all(Array.from({ length: 10 }, () => stream(client)));
    expect(ten.map((s) => s.status)).toEqual(Array(10).fill(200));
  });

  test('a well-formed id from the future gets one resync with the current position, and the stream goes on', async () => {
    const { client } = await quietUser();
    const user = await userId(client);
    const newest = await live.publisher.publish(user, 'notification.created', {});
    for (const lastEventId of [
      `${Date.now() + 10 * 365 * 24 * 3600_000}-0`,
      '999999999999999-18446744073709551615',
    ]) {
      const resumed = await stream(client, { lastEventId });
      expect(resumed.status).toBe(200);
      const resync = await resumed.waitForType('resync');
      expect(resync.id).toBe(newest);
      expect(resumed.events).toHaveLength(1);
    }
    const resumed = streams.at(-1)!;
    const next = await live.publisher.publish(user, 'chat.message', { conversation_id: 'c', seq: 1 });
    await resumed.waitForEvent((e) => e.id === next);
    expect(resumed.events.map((e) => e.type)).toEqual(['resync', 'chat.message']);
  });
});

describe('streams per client network (IPv4 address, IPv6 /64)', () => {
  /** Two instances behind a trusted proxy (X-Forwarded-For from loopback), three streams per network. */
  let capped: RunningGateway[] = [];
  beforeAll(async () => {
    const env = testEnv({
      AUTH_URL: stack.auth.url,
      SEARCH_URL: 'http://127.0.0.1:9',
      TRUST_PROXY: 'loopback',
      LIVE_MAX_STREAMS_PER_NETWORK: '3',
      // Counters of their own: other tests' streams from 127.0.0.1 do not count here.
      LIVE_PREFIX: `${process.env.LIVE_PREFIX ?? 'live'}-network-cap`,
    });
    capped = await Promise.all([startGateway(env), startGateway(env)]);
  });
  afterAll(async () => {
    await Promise.all(capped.map((gateway) => gateway.stop()));
  });

  const from = (client: ApiClient, ip: string, instance = 0) =>
    stream(client, { gateway: capped[instance]!.url, headers: { 'x-forwarded-for': ip } });

  test('an IPv4 address holds at most 3 streams across both instances, whoever’s they are (429 with Retry-After)', async () => {
    const [asha, ravi] = await Promise.all([
      createSignedInUser(stack.gatewayUrl),
      createSignedInUser(stack.gatewayUrl),
    ]);
    const ip = '198.51.100.23';
    const open = [
      await from(asha.client, ip, 0),
      await from(asha.client, ip, 1),
      await from(ravi.client, ip, 1),
    ];
    expect(open.map((s) => s.status)).toEqual([200, 200, 200]);
    for (const [client, instance, spelling] of [
      [ravi.client, 0, ip],
      [asha.client, 1, ip],
      [ravi.client, 1, `::ffff:${ip}`],
    ] as const) {
      const refused = await from(client, spelling, instance);
      expect(refused.status).toBe(429);
      expect(refused.headers['retry-after']).toBe('30');
      expect(refused.errorBody).toEqual({
        error: LIVE_MESSAGES.tooManyStreamsFromNetwork,
        code: 'live.tooManyStreamsFromNetwork',
      });
    }
    // Another address is not affected, for the same users.
    expect((await from(ravi.client, '198.51.100.24', 0)).status).toBe(200);
    // A refused stream took no place under the user's own cap: Asha still opens 8 more (10 in all).
    const elsewhere = await Promise.all(
      Array.from({ length: 8 }, (_, i) => from(asha.client, `203.0.113.${i + 1}`, i % 2)),
    );
    expect(elsewhere.map((s) => s.status)).toEqual(Array(8).fill(200));
    // A stream that closes frees its place at once.
    open[0]!.close();
    const again = await waitFor(
      async () => {
        const attempt = await from(ravi.client, ip, 0);
        return attempt.status === 200 ? attempt : undefined;
      },
      3_000,
      100,
    );
    expect(again.status).toBe(200);
  });

  test('IPv6 addresses count by their /64: rotating inside it does not help, another /64 is apart', async () => {
    const { client } = await createSignedInUser(stack.gatewayUrl);
    const inside = ['2001:db8:77:1::1', '2001:db8:77:1::2', '2001:db8:77:1:aaaa:bbbb:cccc:dddd'];
    const open = await Promise.all(inside.map((ip, i) => from(client, ip, i % 2)));
    expect(open.map((s) => s.status)).toEqual([200, 200, 200]);
    for (const rotated of ['2001:db8:77:1:ffff::9', '2001:DB8:0077:0001:0:0:0:42']) {
      expect((await from(client, rotated, 1)).status).toBe(429);
    }
    expect((await from(client, '2001:db8:77:2::1', 0)).status).toBe(200);
  });
});
