/**
 * Shared trip links (issue 14) through the gateway, against real FerretDB/MongoDB, Redis and Kafka:
 * owner-only create and revoke, the public read-only view (and what it never contains), revoked,
 * expired, cancelled, deleted and unknown links, the token shape, the per-IP view limit, and a deleted
 * user's links.
 */
import { randomUUID } from 'node:crypto';
import {
  SHARE_MESSAGES,
  addDays,
  sharedTripSchema,
  shareLinkSchema,
  todayIso,
  type CompanionSubmissionInput,
  type EventData,
  type ShareLink,
  type SharedTrip,
  type TravelPlanRequest,
} from '@safarsaathi/contracts';
import { ApiClient, createSignedInUser, waitFor } from '@safarsaathi/platform/src/testing';
import { startTestStack, type TestStack } from '../../../test/stack';
import { requestModel, type RequestModel } from '../src/persistence/requests';
import { ownerModel, type OwnerModel } from '../src/persistence/owners';
import { shareLinkModel, type ShareLinkModel } from '../src/persistence/share-links';
import { tripModel } from '../src/persistence/trips';
import { travelPlanModel, type TravelPlanModel } from '../src/persistence/travel-plans';
import { applyMatch } from '../src/use-cases/matches';
import { shareTokenHash } from '../src/use-cases/share-tokens';

/** Low, so the limit test reaches it quickly; the other tests together open links fewer times than this. */
const VIEWS_PER_MINUTE = 40;

let stack: TestStack;
let requests: RequestModel;
let owners: OwnerModel;
let travelPlans: TravelPlanModel;
let shareLinks: ShareLinkModel;
/** A visitor: no cookies at all. */
let visitor: ApiClient;

beforeAll(async () => {
  stack = await startTestStack({
    SHARE_VIEWS_PER_IP_PER_MINUTE: String(VIEWS_PER_MINUTE),
    // Counters of this file only: another run's views from 127.0.0.1 never count here.
    RATE_LIMIT_KEY_PREFIX: `share-test-${randomUUID()}`,
  });
  requests = requestModel(stack.companion.deps.mongo);
  owners = ownerModel(stack.companion.deps.mongo);
  travelPlans = travelPlanModel(stack.companion.deps.mongo);
  shareLinks = shareLinkModel(stack.companion.deps.mongo);
  visitor = new ApiClient(stack.gatewayUrl);
});
afterAll(async () => {
  await stack?.stop();
});

const inDays = (days: number) => addDays(todayIso(), days);

const needInput = (change: Partial<CompanionSubmissionInput> = {}): CompanionSubmissionInput => ({
  serviceType: 'need',
  fromAirport: 'DEL',
  toAirport: 'JFK',
  airline: 'Air India',
  flightNumber: 'AI 101',
  travelDate: inDays(30),
  confirmedTicket: true,
  connectingFlights: [
    { layoverAirport: 'DXB', airline: 'Emirates', flightNumber: 'EK 513', date: inDays(30) },
  ],
  passengerName: 'Kamala Rao',
  passengerAge: 72,
  passengerGender: 'female',
  languagesKnown: 'Tamil, English',
  description: 'Needs a wheelchair at the gate',
  ...change,
});

const planInput: TravelPlanRequest = {
  helpPreference: 'need_help',
  flights: [
    { from: 'BOM', to: 'LHR', date: inDays(12), airline: 'British Airways', flightNumber: 'BA 138' },
    { from: 'LHR', to: 'JFK', date: inDays(13), airline: 'British Airways', flightNumber: 'BA 117' },
  ],
  travelerInfo: {
    name: 'Gopal Iyer',
    age: 81,
    gender: 'male',
    languages: 'Tamil',
    specialNeeds: 'Diabetic meals',
  },
};

/** A registered, signed-in user the companion service already knows. */
async function traveller(fullname: string) {
  const signedIn = await createSignedInUser(stack.gatewayUrl, { fullname });
  const account = await stack.auth.deps.mongo.collection('users').findOne({ email: signedIn.email });
  const userId = String(account!._id);
  await waitFor(async () => (await owners.findOne({ _id: userId, fullname }).lean()) ?? undefined, 30_000);
  return { ...signedIn, userId };
}

async function createRequest(client: ApiClient, input: CompanionSubmissionInput): Promise<string> {
  const result = await client.post<{ caseid: string }>('/api/companions/requests', input);
  expect(result.status).toBe(200);
  // The outbox relay removes the request_created event with a write of its own: wait for it, so a test's
  // direct write to the request is not lost to that read-modify-write on FerretDB.
  await waitFor(async () =>
    (await requests.findById(result.body.caseid).lean())?.pendingEvents?.length ? undefined : true,
  );
  return result.body.caseid;
}

async function createPlan(client: ApiClient, input: TravelPlanRequest = planInput): Promise<string> {
  const result = await client.post<{ data: { id: string } }>('/api/travel', input);
  expect(result.status).toBe(200);
  await waitFor(async () =>
    (await travelPlans.findById(result.body.data.id).lean())?.pendingEvents?.length ? undefined : true,
  );
  return result.body.data.id;
}

async function share(client: ApiClient, kind: 'request' | 'travel-plan', id: string): Promise<ShareLink> {
  const result = await client.post<ShareLink>('/api/share-links', { kind, id });
  expect(result.status).toBe(200);
  return shareLinkSchema.parse(result.body);
}

const open = (token: string) => visitor.get<SharedTrip & { error?: string }>(`/api/shared/${token}`);

describe('sharing a companion request', () => {
  test('the owner gets one link; a visitor sees the trip and nothing private; revoking ends it', async () => {
    const asha = await traveller('Asha Rao');
    const caseid = await createRequest(asha.client, needInput());

    const link = await share(asha.client, 'request', caseid);
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link.path).toBe(`/shared/${link.token}`);
    expect([link.lastDay, link.expiresAt]).toEqual([inDays(31), `${inDays(32)}T00:00:00.000Z`]);
    // Sharing again gives the same link (family already holding it keeps it working).
    expect((await share(asha.client, 'request', caseid)).token).toBe(link.token);
    // Only the token's hash is stored, never the token.
    const stored = await shareLinks.findById(shareTokenHash(link.token)).lean();
    expect(stored).toMatchObject({
      kind: 'request',
      objectId: caseid,
      ownerId: asha.userId,
      revoked_at: null,
    });
    expect(JSON.stringify(await requests.findById(caseid).lean())).not.toContain(link.token);

    const seen = await open(link.token);
    expect(seen.status).toBe(200);
    expect(seen.headers.get('cache-control')).toBe('no-store');
    expect(sharedTripSchema.strict().parse(seen.body)).toEqual({
      kind: 'request',
      lookingFor: 'need',
      travellerFirstName: 'Kamala',
      lookingAgain: false,
      from: 'DEL',
      to: 'JFK',
      date: inDays(30),
      tentative: null,
      // Times on their airports' clocks (issue 39): none given here.
      flights: [
        {
          from: 'DEL',
          to: 'JFK',
          date: inDays(30),
          airline: 'Air India',
          flightNumber: 'AI101',
          departureTime: null,
          arrivalDate: null,
          arrivalTime: null,
        },
      ],
      layovers: [{ airport: 'DXB', airline: 'Emirates', flightNumber: 'EK513' }],
      status: 'Match Not Found',
      match: null,
      meeting: null,
      milestones: [],
      origin_timezone: 'Asia/Kolkata',
      destination_timezone: 'America/New_York',
      // Not opened from a printed pickup pass (no ?pass=).
      pickupPass: null,
      expiresAt: link.expiresAt,
    });
    const text = JSON.stringify(seen.body);
    // The traveller by first name only (issue 38): never her surname, nor the owner's name.
    for (const secret of [
      asha.email,
      asha.phone,
      asha.phone.slice(3),
      'Rao',
      'Asha',
      '72',
      'female',
      'wheelchair',
      caseid,
      asha.userId,
    ]) {
      expect(text).not.toContain(secret);
    }

    const revoked = await asha.client.delete(`/api/share-links/request/${caseid}`);
    expect([revoked.status, revoked.body]).toEqual([200, { success: true }]);
    const after = await open(link.token);
    expect([after.status, after.body]).toEqual([
      410,
      { error: SHARE_MESSAGES.revoked, code: 'share.revoked' },
    ]);
    expect(after.headers.get('cache-control')).toBe('no-store');
    // Revoking twice is harmless; sharing again makes a new link, and the revoked one stays dead.
    expect((await asha.client.delete(`/api/share-links/request/${caseid}`)).status).toBe(200);
    const again = await share(asha.client, 'request', caseid);
    expect(again.token).not.toBe(link.token);
    expect((await open(again.token)).status).toBe(200);
    expect((await open(link.token)).status).toBe(410);
  });

  test('once matched, the view names the companion by first name with languages and badge, nothing more', async () => {
    const asha = await traveller('Asha Rao');
    const ravi = await traveller('Ravi Nair');
    const need = await createRequest(asha.client, needInput());
    const provide = await createRequest(
      ravi.client,
      needInput({
        serviceType: 'provide',
        passengerName: 'Ravi Kumar Nair',
        passengerAge: 34,
        passengerGender: 'male',
        languagesKnown: 'Hindi, English',
        serviceCharges: '150',
        freeService: false,
      }),
    );
    const data: EventData<'match_found'> = {
      matchId: randomUUID(),
      needCaseid: need,
      needUserId: asha.userId,
      provideCaseid: provide,
      provideUserId: ravi.userId,
      match_details: {
        overall_status: 'complete_match',
        main_flight: { status: 'same_flight' },
        layovers: [],
      },
    };
    const deps = stack.companion.deps;
    expect(
      await applyMatch({ logger: deps.logger, requests, live: deps.live, locks: deps.locks }, data),
    ).toEqual({ updated: 2 });

    const link = await share(asha.client, 'request', need);
    const seen = await open(link.token);
    expect(seen.status).toBe(200);
    expect(seen.body.status).toBe('Match Found');
    expect(seen.body.match).toEqual({
      firstName: 'Ravi',
      languages: ['Hindi', 'English'],
      badge: 'Complete Match',
    });
    const text = JSON.stringify(seen.body);
    for (const secret of [
      ravi.email,
      ravi.phone,
      ravi.phone.slice(3),
      'Kumar',
      '34',
      '150',
      'male',
      provide,
      ravi.userId,
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  test("a stranger can neither share nor revoke someone else's trip (404, like a missing one)", async () => {
    const asha = await traveller('Asha Rao');
    const mallory = await traveller('Mallory Nosy');
    const caseid = await createRequest(asha.client, needInput());
    const planId = await createPlan(asha.client);
    const link = await share(asha.client, 'request', caseid);

    for (const [kind, id] of [
      ['request', caseid],
      ['travel-plan', planId],
      ['request', 'SC-NOTHERE'],
      ['travel-plan', 'not-an-object-id'],
    ] as const) {
      const created = await mallory.client.post('/api/share-links', { kind, id });
      expect([created.status, created.body]).toEqual([
        404,
        { error: SHARE_MESSAGES.objectNotFound, code: 'share.objectNotFound' },
      ]);
      const revoked = await mallory.client.delete(`/api/share-links/${kind}/${id}`);
      expect([revoked.status, revoked.body]).toEqual([
        404,
        { error: SHARE_MESSAGES.objectNotFound, code: 'share.objectNotFound' },
      ]);
    }
    // Signed out: 401 at the gateway.
    expect((await visitor.post('/api/share-links', { kind: 'request', id: caseid })).status).toBe(401);
    expect((await visitor.delete(`/api/share-links/request/${caseid}`)).status).toBe(401);
    // The owner's link still works.
    expect((await open(link.token)).status).toBe(200);
  });

  test("a cancelled request's link stops working and the request cannot be shared again", async () => {
    const asha = await traveller('Asha Rao');
    const caseid = await createRequest(asha.client, needInput());
    const link = await share(asha.client, 'request', caseid);
    expect((await asha.client.put(`/api/companions/requests/${caseid}/cancel`)).status).toBe(200);
    const seen = await open(link.token);
    expect([seen.status, seen.body]).toEqual([410, { error: SHARE_MESSAGES.gone, code: 'share.gone' }]);
    const again = await asha.client.post('/api/share-links', { kind: 'request', id: caseid });
    expect([again.status, again.body]).toEqual([
      409,
      { error: SHARE_MESSAGES.notShareable, code: 'share.notShareable' },
    ]);
  });

  test('a yet-to-book request shows its tentative range and lasts until the day after its end', async () => {
    const asha = await traveller('Asha Rao');
    const caseid = await createRequest(
      asha.client,
      needInput({
        confirmedTicket: false,
        airline: undefined,
        flightNumber: undefined,
        travelDate: undefined,
        connectingFlights: [],
        tentativeFromDate: inDays(10),
        tentativeToDate: inDays(20),
      }),
    );
    const link = await share(asha.client, 'request', caseid);
    expect(link.lastDay).toBe(inDays(21));
    const seen = await open(link.token);
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({
      date: null,
      tentative: { from: inDays(10), to: inDays(20) },
      layovers: [],
    });
  });

  test('a link expires after the travel date', async () => {
    const asha = await traveller('Asha Rao');
    const caseid = await createRequest(asha.client, needInput());
    const link = await share(asha.client, 'request', caseid);
    expect((await open(link.token)).status).toBe(200);
    // The trip was the day before yesterday: its link worked through yesterday.
    await requests.updateOne({ _id: caseid }, { $set: { date: inDays(-2) } });
    const seen = await open(link.token);
    expect([seen.status, seen.body]).toEqual([410, { error: SHARE_MESSAGES.expired, code: 'share.expired' }]);
    // Yesterday's trip still shows today (the day after the travel date).
    await requests.updateOne({ _id: caseid }, { $set: { date: inDays(-1) } });
    expect((await open(link.token)).status).toBe(200);
  });
});

describe('sharing a travel plan', () => {
  test('shows every flight and the traveller by first name only; deleting the plan ends the link', async () => {
    const asha = await traveller('Asha Rao');
    const planId = await createPlan(asha.client);
    const link = await share(asha.client, 'travel-plan', planId);
    expect(link.lastDay).toBe(inDays(14));

    const seen = await open(link.token);
    expect(seen.status).toBe(200);
    expect(sharedTripSchema.strict().parse(seen.body)).toEqual({
      kind: 'travel-plan',
      lookingFor: 'need',
      travellerFirstName: 'Gopal',
      lookingAgain: false,
      from: 'BOM',
      to: 'JFK',
      date: inDays(12),
      tentative: null,
      flights: [
        { from: 'BOM', to: 'LHR', date: inDays(12), airline: 'British Airways', flightNumber: 'BA 138' },
        { from: 'LHR', to: 'JFK', date: inDays(13), airline: 'British Airways', flightNumber: 'BA 117' },
      ],
      layovers: [],
      status: 'Upcoming',
      match: null,
      meeting: null,
      milestones: [],
      origin_timezone: 'Asia/Kolkata',
      destination_timezone: 'America/New_York',
      pickupPass: null,
      expiresAt: `${inDays(15)}T00:00:00.000Z`,
    });
    const text = JSON.stringify(seen.body);
    for (const secret of [asha.email, asha.phone, 'Iyer', 'Asha', '81', 'Diabetic', planId])
      expect(text).not.toContain(secret);
    // The owner's own views never show the pointer or the sealed token.
    expect(JSON.stringify((await asha.client.get(`/api/travels/${planId}`)).body)).not.toContain('share');

    expect((await asha.client.delete(`/api/travels/${planId}`)).status).toBe(200);
    const after = await open(link.token);
    expect([after.status, after.body]).toEqual([410, { error: SHARE_MESSAGES.gone, code: 'share.gone' }]);
  });
});

describe('whose trip it is (issue 38)', () => {
  test('a request posted for family names its passenger by first name, and nothing else about anyone', async () => {
    const meera = await traveller('Meera Iyer');
    const arjun = await traveller('Arjun Mehta');
    const need = await createRequest(
      meera.client,
      needInput({
        postedFor: 'family',
        toAirport: 'EWR',
        emergencyContactName: 'Suresh Iyer',
        emergencyContactPhone: '+919845012345',
      }),
    );
    const provide = await createRequest(
      arjun.client,
      needInput({
        serviceType: 'provide',
        toAirport: 'EWR',
        passengerName: 'Arjun Mehta',
        passengerAge: 24,
        passengerGender: 'male',
        freeService: true,
      }),
    );
    const deps = stack.companion.deps;
    const matched = {
      logger: deps.logger,
      requests,
      live: deps.live,
      locks: deps.locks,
      trips: tripModel(deps.mongo),
    };
    expect(
      await applyMatch(matched, {
        matchId: randomUUID(),
        needCaseid: need,
        needUserId: meera.userId,
        provideCaseid: provide,
        provideUserId: arjun.userId,
        match_details: {
          overall_status: 'complete_match',
          main_flight: { status: 'same_flight' },
          layovers: [],
        },
      }),
    ).toEqual({ updated: 2 });

    const family = await open((await share(meera.client, 'request', need)).token);
    expect(family.status).toBe(200);
    expect(sharedTripSchema.strict().parse(family.body)).toMatchObject({
      travellerFirstName: 'Kamala',
      match: { firstName: 'Arjun' },
      origin_timezone: 'Asia/Kolkata',
      destination_timezone: 'America/New_York',
    });
    const seekerView = (
      await meera.client.get<Array<{ caseid: string; trip: { handover_code: string } }>>(
        '/api/companions/requests',
      )
    ).body.find((view) => view.caseid === need)!;
    const text = JSON.stringify(family.body);
    for (const secret of [
      'Rao',
      'Meera',
      'Iyer',
      'Mehta',
      'Suresh',
      '9845012345',
      meera.email,
      arjun.email,
      meera.phone.slice(3),
      '72',
      'wheelchair',
      seekerView.trip.handover_code,
    ])
      expect([secret, text.includes(secret)]).toEqual([secret, false]);

    // The companion's own trip is his: his first name, never the seeker's family.
    const his = await open((await share(arjun.client, 'request', provide)).token);
    expect(his.body).toMatchObject({
      lookingFor: 'provide',
      travellerFirstName: 'Arjun',
      match: { firstName: 'Kamala' },
    });
    expect(JSON.stringify(his.body)).not.toMatch(/Mehta|Meera|Iyer|Rao/);
  });

  test("a plan that names no traveller is its owner's trip, by first name", async () => {
    const asha = await traveller('Asha Rao');
    const planId = await createPlan(asha.client, { ...planInput, travelerInfo: { languages: 'Tamil' } });
    const seen = await open((await share(asha.client, 'travel-plan', planId)).token);
    expect(seen.body).toMatchObject({ travellerFirstName: 'Asha', destination_timezone: 'America/New_York' });
    expect(JSON.stringify(seen.body)).not.toContain('Rao');
  });
});

describe('the public view', () => {
  test('an unknown token is 404, a token of the wrong shape 400', async () => {
    const unknown = await open('A'.repeat(43));
    expect([unknown.status, unknown.body]).toEqual([
      404,
      { error: SHARE_MESSAGES.notFound, code: 'share.notFound' },
    ]);
    for (const bad of ['short', 'A'.repeat(44), `${'A'.repeat(42)}!`]) {
      const answer = await visitor.get(`/api/shared/${encodeURIComponent(bad)}`);
      expect([answer.status, (answer.body as { error: string }).error]).toEqual([
        400,
        SHARE_MESSAGES.invalidToken,
      ]);
    }
  });

  test("a deleted user's links stop working: 410 (issue 40)", async () => {
    const asha = await traveller('Asha Rao');
    const caseid = await createRequest(asha.client, needInput());
    const link = await share(asha.client, 'request', caseid);
    expect((await asha.client.delete('/users/delete-account')).status).toBe(200);
    await waitFor(
      async () =>
        (await shareLinks.findById(shareTokenHash(link.token)).lean())?.revoked_at ? true : undefined,
      30_000,
    );
    expect((await open(link.token)).status).toBe(410);
  });

  // Last: it spends this minute's views of 127.0.0.1.
  test("views are limited per IP: 429 with Retry-After once the minute's views are spent", async () => {
    const answers: number[] = [];
    let limited: Awaited<ReturnType<typeof open>> | undefined;
    for (let i = 0; i < VIEWS_PER_MINUTE + 1 && !limited; i += 1) {
      const answer = await open(randomUUID().replace(/-/g, '').padEnd(43, 'x'));
      answers.push(answer.status);
      if (answer.status === 429) limited = answer;
    }
    expect(limited).toBeDefined();
    expect(limited!.body).toEqual({
      error: SHARE_MESSAGES.tooMany,
      code: 'share.tooMany',
      details: { retryAfterSeconds: expect.any(Number) },
    });
    expect(Number(limited!.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // Everything before the limit was an ordinary answer (404 for unknown tokens).
    expect(new Set(answers.slice(0, -1))).toEqual(new Set([404]));
  });
});
