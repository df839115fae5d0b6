/**
 * The family link follows live (addendum §1.6) through the gateway and the companion service, against real
 * Kafka, FerretDB/MongoDB and Redis: a signed-out visitor's stream (`GET /api/shared/:token/live`) says
 * `changed` within 5 s of a milestone and of a meeting change, carries no data, resumes with
 * Last-Event-ID, is capped per client network (an IPv6 /64 counts as one), refuses unknown and malformed
 * tokens, and ends when the link is revoked.
 *
 * The gateway trusts X-Forwarded-For from loopback here, so each test speaks from a network of its own.
 */
import { randomInt, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  LIVE_MESSAGES,
  SHARE_MESSAGES,
  addDays,
  sharedLivePath,
  todayIso,
  type CompanionSubmissionInput,
  type EventData,
  type SharedTrip,
  type ShareLink,
} from '@safarsaathi/contracts';
import {
  ApiClient,
  openEventStream,
  waitFor,
  type EventStreamClient,
} from '@safarsaathi/platform/src/testing';
import type { TestStack } from '../../../test/stack';
import { randomRoute, startCompanionHarness, type CompanionHarness } from './harness';
import { tripModel } from '../src/persistence/trips';
import { applyMatch } from '../src/use-cases/matches';

const SHARED_STREAMS_PER_NETWORK = 3;

let harness: CompanionHarness;
let stack: TestStack;
const streams: EventStreamClient[] = [];
// The shell's page the gateway serves for /shared/<token> (the link preview), without building the web app.
const webShell = fs.mkdtempSync(path.join(os.tmpdir(), 'family-live-shell-'));
const SHELL_PAGE =
  '<!doctype html><html lang="en"><head><meta property="og:title" content="SafarSaathi" /><title>SafarSaathi</title></head><body><div id="root"></div></body></html>';
fs.writeFileSync(path.join(webShell, 'index.html'), SHELL_PAGE);
beforeAll(async () => {
  harness = await startCompanionHarness('companion-family-live-test', {
    WEB_SHELL_DIR: webShell,
    // Streams and caps of this file only.
    LIVE_PREFIX: `family-live-${randomUUID()}`,
    LIVE_MAX_SHARED_STREAMS_PER_NETWORK: String(SHARED_STREAMS_PER_NETWORK),
    TRUST_PROXY: 'loopback',
  });
  stack = harness.stack;
});
afterEach(() => {
  for (const stream of streams.splice(0)) stream.close();
});
afterAll(async () => {
  await harness?.stop();
  fs.rmSync(webShell, { recursive: true, force: true });
});

const inDays = (days: number) => addDays(todayIso(), days);
const route = randomRoute;

const traveller = (fullname: string) => harness.traveller(fullname);
const stored = (caseid: string) => harness.stored(caseid);
const create = (client: ApiClient, input: CompanionSubmissionInput) => harness.create(client, input);

/** Asha (for her mother Kamala) and Ravi matched on today's flight; Asha shares her request. */
async function sharedPair() {
  const [asha, ravi] = await Promise.all([traveller('Asha Rao'), traveller('Ravi Nair')]);
  const input: CompanionSubmissionInput = {
    serviceType: 'need',
    airline: 'Air India',
    flightNumber: 'AI 101',
    travelDate: inDays(0),
    confirmedTicket: true,
    passengerName: 'Kamala Rao',
    passengerAge: 72,
    passengerGender: 'female',
    languagesKnown: 'Tamil, English',
    ...route(),
  };
  const need = await create(asha.client, input);
  const provide = await create(ravi.client, {
    ...input,
    serviceType: 'provide',
    passengerName: 'Ravi Nair',
    passengerAge: 34,
    passengerGender: 'male',
  });
  const data: EventData<'match_found'> = {
    matchId: randomUUID(),
    needCaseid: need,
    needUserId: asha.userId,
    provideCaseid: provide,
    provideUserId: ravi.userId,
    match_details: { overall_status: 'complete_match', main_flight: { status: 'same_flight' }, layovers: [] },
  };
  const deps = stack.companion.deps;
  await applyMatch(
    {
      logger: deps.logger,
      requests: harness.requests,
      live: deps.live,
      locks: deps.locks,
      trips: tripModel(deps.mongo),
    },
    data,
  );
  await waitFor(async () =>
    (await stored(need)).companion_match_caseid === provide &&
    (await stored(provide)).companion_match_caseid === need
      ? true
      : undefined,
  );
  const shared = await asha.client.post<ShareLink>('/api/share-links', { kind: 'request', id: need });
  expect(shared.status).toBe(200);
  return { asha, ravi, need, provide, token: shared.body.token };
}

/** A visitor's stream from `address` (X-Forwarded-For), registered for closing after the test. */
async function follow(token: string, address: string, lastEventId?: string) {
  const stream = await openEventStream(stack.gatewayUrl, {
    path: sharedLivePath(token),
    headers: { 'x-forwarded-for': address, 'accept-encoding': 'gzip, deflate, br' },
    ...(lastEventId ? { lastEventId } : {}),
  });
  streams.push(stream);
  return stream;
}

/** Until the stream's position line arrived, it is not yet subscribed: events before it are not its. */
const positioned = (stream: EventStreamClient) =>
  waitFor(async () => stream.lastEventId ?? undefined, 5_000, 20);

describe('a visitor follows the family link live', () => {
  test('"changed" within 5 s of a milestone and of a meeting change, with no data; Last-Event-ID resumes', async () => {
    const { asha, ravi, need, provide, token } = await sharedPair();
    const visitor = new ApiClient(stack.gatewayUrl);
    const stream = await follow(token, '198.51.100.21');
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers['cache-control']).toBe('no-store, no-transform');
    // Never compressed (it would hold events back), and the gateway's CSP like every answer.
    expect(stream.headers['content-encoding']).toBeUndefined();
    expect(stream.headers['content-security-policy']).toContain("default-src 'self'");
    await positioned(stream);
    expect(stream.events).toEqual([]);

    const recorded = Date.now();
    const met = await ravi.client.post(`/api/companions/requests/${provide}/milestones`, {
      milestone: 'met',
    });
    expect(met.status).toBe(200);
    const first = await stream.waitForType('changed', 5_000);
    expect(first.receivedAt - recorded).toBeLessThan(5_000);
    expect(first.body).toEqual({});
    // What the page does next: the refetch shows the milestone.
    const view = await visitor.get<SharedTrip>(`/api/shared/${token}`);
    expect(view.body.milestones.map((entry) => entry.milestone)).toEqual(['met']);

    const moved = Date.now();
    const meeting = { place: 'Gate 14, Terminal 3', time: `${inDays(0)}T06:30:00+05:30` };
    expect((await asha.client.put(`/api/companions/requests/${need}/meeting`, meeting)).status).toBe(200);
    const second = await stream.waitForEvent((event) => event.type === 'changed' && event !== first, 5_000);
    expect(second.receivedAt - moved).toBeLessThan(5_000);
    expect((await visitor.get<SharedTrip>(`/api/shared/${token}`)).body.meeting).toEqual(meeting);

    // Only ever `changed` with an empty body: nothing of the trip, the people or the request travels on it.
    expect(stream.events.map((event) => [event.type, event.body])).toEqual([
      ['changed', {}],
      ['changed', {}],
    ]);

    // A visitor whose connection dropped after the first event is given the second on reconnecting.
    const resumed = await follow(token, '198.51.100.21', first.id);
    expect(resumed.status).toBe(200);
    const replayed = await resumed.waitForType('changed', 5_000);
    expect(replayed.id).toBe(second.id);
  });

  test('refused past the per-network cap (an IPv6 /64 counts as one network); other networks are not', async () => {
    const { token } = await sharedPair();
    const network = () => `2001:db8:7:${randomInt(1, 0xffff).toString(16)}::`;
    const prefix = network();
    const opened: EventStreamClient[] = [];
    for (let host = 1; host <= SHARED_STREAMS_PER_NETWORK; host += 1) {
      const stream = await follow(token, `${prefix}${host}`);
      expect(stream.status).toBe(200);
      opened.push(stream);
    }
    const refused = await follow(token, `${prefix}${SHARED_STREAMS_PER_NETWORK + 1}`);
    expect([refused.status, refused.errorBody]).toEqual([
      429,
      { error: LIVE_MESSAGES.tooManyStreamsFromNetwork, code: 'live.tooManyStreamsFromNetwork' },
    ]);
    expect(refused.headers['retry-after']).toBe('30');
    // Another household's /64 and an IPv4 address are not punished.
    expect((await follow(token, `${network()}1`)).status).toBe(200);
    expect((await follow(token, '198.51.100.22')).status).toBe(200);
    // A closed stream gives its place back.
    opened[0]!.close();
    await waitFor(async () => {
      const again = await follow(token, `${prefix}99`);
      return again.status === 200 ? true : undefined;
    }, 5_000);
  });

  test('a malformed token is 400, an unknown one 404, a revoked one 410; revoking ends an open stream', async () => {
    const malformed = await follow('not-a-token', '198.51.100.23');
    expect([malformed.status, malformed.errorBody]).toEqual([
      400,
      { error: SHARE_MESSAGES.invalidToken, code: 'share.invalidToken' },
    ]);
    const unknown = await follow('A'.repeat(43), '198.51.100.23');
    expect([unknown.status, unknown.errorBody]).toEqual([
      404,
      { error: SHARE_MESSAGES.notFound, code: 'share.notFound' },
    ]);

    const { asha, need, token } = await sharedPair();
    // An id that is not one of ours is ignored: the stream starts from now (the page refetches on open).
    const badId = await follow(token, '198.51.100.23', 'yesterday');
    expect(badId.status).toBe(200);
    await positioned(badId);
    const stream = await follow(token, '198.51.100.23');
    expect(stream.status).toBe(200);
    await positioned(stream);
    expect((await asha.client.delete(`/api/share-links/request/${need}`)).status).toBe(200);
    // One last `changed` (the refetch shows the link is off), then the stream ends.
    await stream.waitForType('changed', 5_000);
    await stream.waitForClose(5_000);
    const after = await follow(token, '198.51.100.23');
    expect([after.status, after.errorBody]).toEqual([
      410,
      { error: SHARE_MESSAGES.revoked, code: 'share.revoked' },
    ]);
    const post = await new ApiClient(stack.gatewayUrl).post(sharedLivePath(token), {});
    expect(post.status).toBe(405);
  });
});

describe("the link's preview (issue 22 item 1)", () => {
  test('the page names the route and date from the live view, never a person; a revoked link gets the generic page', async () => {
    const { asha, need, token } = await sharedPair();
    const visitor = new ApiClient(stack.gatewayUrl);
    const view = (await visitor.get<SharedTrip>(`/api/shared/${token}`)).body;
    const preview = async () => {
      const answer = await fetch(`${stack.gatewayUrl}/shared/${token}`, {
        headers: { accept: 'text/html', 'x-forwarded-for': '198.51.100.40' },
      });
      expect(answer.status).toBe(200);
      return answer.text();
    };
    const html = await preview();
    const day = new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(`${inDays(0)}T00:00:00Z`));
    expect(html).toContain(`<meta property="og:title" content="${view.from} → ${view.to}, ${day}" />`);
    expect(html).toContain(`<title>${view.from} → ${view.to}, ${day} · SafarSaathi</title>`);
    // The view names Ravi (the companion's first name); the preview names nobody.
    expect(view.match?.firstName).toBe('Ravi');
    for (const person of ['Ravi', 'Asha', 'Kamala', asha.email, 'AI 101'])
      expect([person, html.includes(person)]).toEqual([person, false]);

    expect((await asha.client.delete(`/api/share-links/request/${need}`)).status).toBe(200);
    expect(await preview()).toBe(SHELL_PAGE);
  });
});
