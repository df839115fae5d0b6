/**
 * Ending a session closes its live streams within 5 s on whichever gateway instance holds them: logout,
 * "sign out other sessions", ending one session from the list, an admin's block and deleting the account.
 * The heartbeat (which also looks for streams whose session is gone) is set to ten minutes here, so only
 * the `session.ended` signal can close a stream in time; a closed stream gets nothing later.
 */
import {
  ApiClient,
  createSignedInUser,
  createTestLivePublisher,
  openEventStream,
  signIn,
  waitFor,
  type EventStreamClient,
} from '@safarsaathi/platform/src/testing';
import type { LivePublisher } from '@safarsaathi/platform';
import { startTestStack, testEnv, type TestStack } from '../../test/stack';
import { startGateway, type RunningGateway } from '../src/app';

const ENDS_WITHIN_MS = 5_000;
const NO_HEARTBEAT_IN_THIS_TEST = String(10 * 60_000);

let stack: TestStack;
let second: RunningGateway;
let admin: ApiClient;
let live: { publisher: LivePublisher; close: () => Promise<void> };
const opened: EventStreamClient[] = [];

beforeAll(async () => {
  stack = await startTestStack({ LIVE_HEARTBEAT_MS: NO_HEARTBEAT_IN_THIS_TEST });
  second = await startGateway(
    testEnv({
      AUTH_URL: stack.auth.url,
      COMPANION_URL: stack.companion.url,
      NOTIFICATIONS_URL: stack.notifications.url,
      SUPPORT_URL: stack.support.url,
      CHAT_URL: stack.chat.url,
      SEARCH_URL: 'http://127.0.0.1:9',
      RATE_LIMIT_IP_PER_MINUTE: '1000',
      LIVE_HEARTBEAT_MS: NO_HEARTBEAT_IN_THIS_TEST,
    }),
  );
  admin = new ApiClient(stack.gatewayUrl);
  await signIn(admin, stack.adminEmail);
  live = createTestLivePublisher();
});
afterEach(() => {
  for (const stream of opened.splice(0)) stream.close();
});
afterAll(async () => {
  await live.close();
  await second.stop();
  await stack.stop();
});

const gateways = () => [stack.gateway, second];
const openStreams = () => gateways().map((gateway) => gateway.liveStreams());

/** One browser of the user: its own session, a stream on each gateway instance. */
interface Browser {
  client: ApiClient;
  streams: EventStreamClient[];
}

async function browser(email: string, client?: ApiClient): Promise<Browser> {
  if (!client) {
    client = new ApiClient(stack.gatewayUrl);
    await signIn(client, email);
  }
  const cookie = `ss_session=${client.cookie('ss_session')}`;
  const streams = await Promise.all(gateways().map((gateway) => openEventStream(gateway.url, { cookie })));
  opened.push(...streams);
  for (const stream of streams) {
    expect(stream.status).toBe(200);
    await stream.waitForType('ready');
  }
  return { client, streams };
}

/** A signed-in user with three browsers (three sessions), each holding a stream on both instances. */
async function userWithBrowsers() {
  const { client, email } = await createSignedInUser(stack.gatewayUrl);
  const stored = await stack.auth.deps.mongo.collection('users').findOne({ email });
  const userId = String(stored!._id);
  const before = openStreams();
  const browsers = [await browser(email, client), await browser(email), await browser(email)];
  expect(openStreams()).toEqual(before.map((count) => count + 3));
  return { userId, browsers, before };
}

async function expectEnded(
  streams: EventStreamClient[],
  since: number,
  reason: 'signed_out' | 'blocked' | 'deleted',
) {
  for (const stream of streams) {
    await stream.waitForClose(ENDS_WITHIN_MS);
    expect(stream.closedAt! - since).toBeLessThan(ENDS_WITHIN_MS);
    expect(stream.events.at(-1)).toMatchObject({ type: 'session.ended', body: { reason } });
  }
}

/** An event published after the end reaches the streams that stay and none of the ended ones. */
async function expectOnlyKeptGetLaterEvents(
  userId: string,
  ended: EventStreamClient[],
  kept: EventStreamClient[],
) {
  const seen = ended.map((stream) => stream.events.length);
  const id = await live.publisher.publish(userId, 'notification.created', {});
  expect(id).toBeDefined();
  for (const stream of kept) await stream.waitForEvent((event) => event.id === id);
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(ended.map((stream) => stream.events.length)).toEqual(seen);
  expect(ended.every((stream) => stream.events.every((event) => event.id !== id))).toBe(true);
  for (const stream of kept) expect(stream.closedAt).toBeUndefined();
}

/** Each instance lets go of the ended streams (and its hub of their subscriptions). */
async function expectInstancesHold(counts: number[]) {
  await waitFor(
    async () => (openStreams().every((count, i) => count === counts[i]) ? true : undefined),
    2_000,
    20,
  );
}

test('logout closes that browser’s streams on both instances; the other browsers’ stay open', async () => {
  const { userId, browsers, before } = await userWithBrowsers();
  const [, leaving, ...others] = browsers;
  const since = Date.now();
  expect((await leaving!.client.post('/api/auth/logout')).status).toBe(200);
  await expectEnded(leaving!.streams, since, 'signed_out');
  await expectInstancesHold(before.map((count) => count + 2));
  await expectOnlyKeptGetLaterEvents(userId, leaving!.streams, [
    ...browsers[0]!.streams,
    ...others.flatMap((b) => b.streams),
  ]);
});

test('sign out other sessions closes every other browser’s streams, on both instances; this browser’s stay', async () => {
  const { userId, browsers, before } = await userWithBrowsers();
  const [current, ...others] = browsers;
  const since = Date.now();
  const answer = await current!.client.post('/api/auth/logout-others');
  expect(answer.status).toBe(200);
  expect(answer.body).toMatchObject({ success: true, ended: 2 });
  const ended = others.flatMap((other) => other.streams);
  await expectEnded(ended, since, 'signed_out');
  await expectInstancesHold(before.map((count) => count + 1));
  await expectOnlyKeptGetLaterEvents(userId, ended, current!.streams);
  // The ended sessions cannot open a stream again.
  for (const other of others) {
    const again = await openEventStream(second.url, {
      cookie: `ss_session=${other.client.cookie('ss_session')}`,
    });
    opened.push(again);
    expect(again.status).toBe(401);
  }
});

test('ending one session from the list closes that session’s streams only; ending the current one closes its own', async () => {
  const { userId, browsers, before } = await userWithBrowsers();
  const [current, target, bystander] = browsers as [Browser, Browser, Browser];
  const listed = await current.client.get<{ sessions: Array<{ id: string; current: boolean }> }>(
    '/api/auth/sessions',
  );
  expect(listed.body.sessions).toHaveLength(3);
  // The target's own listing names its session as the current one.
  const targetListed = await target.client.get<{ sessions: Array<{ id: string; current: boolean }> }>(
    '/api/auth/sessions',
  );
  const targetId = targetListed.body.sessions.find((session) => session.current)!.id;

  let since = Date.now();
  expect((await current.client.delete(`/api/auth/sessions/${targetId}`)).status).toBe(200);
  await expectEnded(target.streams, since, 'signed_out');
  await expectInstancesHold(before.map((count) => count + 2));
  await expectOnlyKeptGetLaterEvents(userId, target.streams, [...current.streams, ...bystander.streams]);

  const ownId = listed.body.sessions.find((session) => session.current)!.id;
  since = Date.now();
  expect((await current.client.delete(`/api/auth/sessions/${ownId}`)).status).toBe(200);
  await expectEnded(current.streams, since, 'signed_out');
  await expectInstancesHold(before.map((count) => count + 1));
  await expectOnlyKeptGetLaterEvents(userId, [...target.streams, ...current.streams], bystander.streams);
});

test('an admin’s block closes every stream of the user on both instances', async () => {
  const { phone, client, email } = await createSignedInUser(stack.gatewayUrl);
  const stored = await stack.auth.deps.mongo.collection('users').findOne({ email });
  const before = openStreams();
  const browsers = [await browser(email, client), await browser(email)];
  const streams = browsers.flatMap((b) => b.streams);
  const since = Date.now();
  const answer = await admin.post('/api/auth/update-user-status', {
    phoneNumber: phone,
    status: 'Block',
    status_reason: 'Spam messages',
  });
  expect(answer.status).toBe(200);
  await expectEnded(streams, since, 'blocked');
  await expectInstancesHold(before);
  await expectOnlyKeptGetLaterEvents(String(stored!._id), streams, []);
});

test('deleting the account closes every stream of the user on both instances', async () => {
  const { userId, browsers, before } = await userWithBrowsers();
  const streams = browsers.flatMap((b) => b.streams);
  const since = Date.now();
  expect((await browsers[1]!.client.delete('/users/delete-account')).status).toBe(200);
  await expectEnded(streams, since, 'deleted');
  await expectInstancesHold(before);
  await expectOnlyKeptGetLaterEvents(userId, streams, []);
});
