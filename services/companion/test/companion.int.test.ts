/**
 * Companion requests and travel plans through the gateway, against real Kafka, FerretDB/MongoDB and Redis:
 * validation, ownership, the outbox events on companion.requests.v1, and the consumers (match_found,
 * user_deleted, user_status_changed).
 */
import { randomUUID } from 'node:crypto';
import {
  COMPANION_LABELS,
  COMPANION_MESSAGES,
  TRAVEL_MESSAGES,
  addDays,
  companionRequestViewSchema,
  todayIso,
  type CompanionRequestView,
  type CompanionSubmissionInput,
  type EventData,
  type Notification,
  type TravelPlanDetails,
  type TravelPlanView,
} from '@safarsaathi/contracts';
import { buildEnvelope, outboxEvent, signIdentity, stageEvents, type EventBus } from '@safarsaathi/platform';
import {
  ApiClient,
  createSignedInUser,
  openEventStream,
  waitFor,
  type TopicRecorder,
} from '@safarsaathi/platform/src/testing';
import type { TestStack } from '../../../test/stack';
import { startCompanionHarness, type CompanionHarness } from './harness';
import { requestLockKey, type CompanionRequestRecord, type RequestModel } from '../src/persistence/requests';
import type { OwnerModel } from '../src/persistence/owners';
import type { TravelPlanModel } from '../src/persistence/travel-plans';
import { travelPlanLockKey } from '../src/persistence/share-links';
import { applyMatch, releaseMatch, type MatchContext } from '../src/use-cases/matches';

let stack: TestStack;
let recorder: TopicRecorder;
let bus: EventBus;
let requests: RequestModel;
let owners: OwnerModel;
let travelPlans: TravelPlanModel;

let harness: CompanionHarness | undefined;
beforeAll(async () => {
  harness = await startCompanionHarness('companion-test');
  ({ stack, recorder, bus, requests, owners, travelPlans } = harness);
});
afterAll(async () => {
  await harness?.stop();
});

const inDays = (days: number) => addDays(todayIso(), days);

const provideInput = (change: Partial<CompanionSubmissionInput> = {}): CompanionSubmissionInput => ({
  serviceType: 'provide',
  fromAirport: 'DEL',
  toAirport: 'JFK',
  airline: 'Air India',
  flightNumber: 'AI 101',
  travelDate: inDays(30),
  confirmedTicket: true,
  connectingFlights: [
    { layoverAirport: 'DXB', airline: 'Emirates', flightNumber: 'EK 511', date: inDays(30) },
  ],
  passengerName: 'Ravi Nair',
  passengerAge: 34,
  passengerGender: 'male',
  languagesKnown: 'Hindi, English',
  serviceCharges: '150',
  freeService: false,
  description: 'Happy to help at the gate',
  ...change,
});
const needBookedInput = (change: Partial<CompanionSubmissionInput> = {}): CompanionSubmissionInput =>
  provideInput({
    serviceType: 'need',
    passengerName: 'Kamala Rao',
    passengerAge: 72,
    passengerGender: 'female',
    languagesKnown: 'tamil, english',
    connectingFlights: [
      { layoverAirport: 'DXB', airline: 'Emirates', flightNumber: 'EK 513', date: inDays(30) },
    ],
    serviceCharges: undefined,
    description: undefined,
    ...change,
  });
const needYetToBookInput = (change: Partial<CompanionSubmissionInput> = {}): CompanionSubmissionInput => ({
  serviceType: 'need',
  fromAirport: 'BOM',
  toAirport: 'LHR',
  confirmedTicket: false,
  tentativeFromDate: inDays(10),
  tentativeToDate: inDays(20),
  passengerName: 'Kamala Rao',
  passengerAge: '72',
  passengerGender: 'female',
  languagesKnown: 'Marathi',
  ...change,
});

/** A registered, signed-in user whose name the companion service already knows (user_registered consumed). */
async function traveller(fullname = 'Asha Rao') {
  const signedIn = await createSignedInUser(stack.gatewayUrl, { fullname });
  const account = await stack.auth.deps.mongo.collection('users').findOne({ email: signedIn.email });
  const userId = String(account!._id);
  await waitFor(async () => (await owners.findOne({ _id: userId, fullname }).lean()) ?? undefined, 30_000);
  return { ...signedIn, userId };
}

const list = async (client: ApiClient) => {
  const result = await client.get<CompanionRequestView[]>('/api/companions/requests');
  expect(result.status).toBe(200);
  return result.body;
};
const stored = async (caseid: string) =>
  (await requests
    .findOne({ caseid })
    .lean<
      CompanionRequestRecord & { pendingEvents: unknown[]; hasPendingEvents: boolean; outboxVersion: number }
    >())!;
/** Distinct events (by id): delivery is at least once, so the same event may be read twice. */
const eventsFor = (type: string, caseid: string) => [
  ...new Map(
    recorder.events.filter((e) => e.type === type && e.key === caseid).map((e) => [e.id, e]),
  ).values(),
];
/**
 * The outbox relay has published and removed everything this request staged. Tests wait for it before
 * the next write to the same request: FerretDB (SQLite) applies an update as read-modify-write of the
 * whole document without isolation, so a write racing the relay's removal can be lost (MongoDB is not
 * affected). That is a platform matter (outbox on FerretDB), not what these tests are about. (The
 * `hasPendingEvents` flag is cleared later by the relay's sweep: a writer's nudge removes the events.)
 */
const settled = (caseid: string) =>
  waitFor(async () => ((await stored(caseid)).pendingEvents.length > 0 ? undefined : true));
const create = async (client: ApiClient, input: CompanionSubmissionInput) => {
  const result = await client.post<{ success: boolean; message: string; caseid: string }>(
    '/api/companions/requests',
    input,
  );
  expect([result.status, result.body]).toEqual([
    200,
    {
      success: true,
      message: COMPANION_MESSAGES.created,
      caseid: expect.stringMatching(/^SC-[2-9A-HJ-NP-Z]{8}$/),
    },
  ]);
  await settled(result.body.caseid);
  return result.body.caseid;
};

describe('creating and listing requests', () => {
  test('need (booked), need (yet to book) and provide are stored, listed newest first and announced in full', async () => {
    const asha = await traveller('Asha Rao');
    const booked = await create(asha.client, needBookedInput());
    const yetToBook = await create(asha.client, needYetToBookInput());
    const provide = await create(asha.client, provideInput({ freeService: true }));

    const items = await list(asha.client);
    expect(items.map((item) => item.caseid)).toEqual([provide, yetToBook, booked]);
    for (const item of items) {
      expect(Object.keys(item).sort()).toEqual(Object.keys(companionRequestViewSchema.shape).sort());
      expect(companionRequestViewSchema.parse(item)).toEqual(item);
      expect(item).toMatchObject({
        status: 'active',
        service_type: 'companion',
        companion_match: false,
        companion_match_caseid: null,
        matched_companion: null,
        match_details: null,
      });
    }
    expect(items[2]).toMatchObject({
      role: 'need',
      from_airport: 'DEL',
      to_airport: 'JFK',
      date: inDays(30),
      airlines: 'Air India',
      flight_number: 'AI101',
      confirmed_ticket: true,
      tentative_from_date: null,
      tentative_to_date: null,
      passenger_name: 'Kamala Rao',
      passenger_age: 72,
      passenger_gender: 'female',
      languages_known: 'Tamil, English',
      companion_price: 0,
      layovers: [{ DXB: { airlines: 'Emirates', flight_number: 'EK513', date: inDays(30) } }],
    });
    expect(items[1]).toMatchObject({
      role: 'need',
      confirmed_ticket: false,
      date: null,
      airlines: null,
      flight_number: null,
      tentative_from_date: inDays(10),
      tentative_to_date: inDays(20),
      passenger_age: 72,
      layovers: [],
    });
    // Free service: the charge that was typed is dropped.
    expect(items[0]).toMatchObject({
      role: 'provide',
      companion_price: 0,
      description: 'Happy to help at the gate',
    });

    const event = await waitFor(async () => eventsFor('request_created', booked)[0]);
    expect(event.data).toEqual({
      caseid: booked,
      ownerId: asha.userId,
      ownerFirstName: 'Asha',
      service_type: 'companion',
      role: 'need',
      from_airport: 'DEL',
      to_airport: 'JFK',
      date: inDays(30),
      tentative_from_date: null,
      tentative_to_date: null,
      confirmed_ticket: true,
      airlines: 'Air India',
      flight_number: 'AI101',
      layovers: [{ DXB: { airlines: 'Emirates', flight_number: 'EK513', date: inDays(30) } }],
      passenger_name: 'Kamala Rao',
      passenger_age: 72,
      passenger_gender: 'female',
      posted_for: 'self',
      languages_known: 'Tamil, English',
      companion_price: 0,
      description: null,
      createdAt: items[2]!.created_at,
    });
    expect(event).toMatchObject({ producer: 'companion', version: 1 });
    expect((await waitFor(async () => eventsFor('request_created', yetToBook)[0])).data).toMatchObject({
      confirmed_ticket: false,
      date: null,
      tentative_from_date: inDays(10),
      tentative_to_date: inDays(20),
    });
    expect((await waitFor(async () => eventsFor('request_created', provide)[0])).data).toMatchObject({
      role: 'provide',
      companion_price: 0,
    });

    // The owner hears about it.
    const notifications = await waitFor(async () => {
      const all = (await asha.client.get<Notification[]>('/api/notifications?limit=10')).body;
      return all.filter((n) => n.notification_type === 'request_created').length === 3 ? all : undefined;
    }, 20_000);
    // Named by whom it is for and the trip (issue 38), and opening the request's card.
    expect(notifications.find((n) => n.link === `/companion-service?request=${booked}`)).toMatchObject({
      title: 'Request posted',
      service_type: 'companion',
      message: expect.stringMatching(/^Your request for Kamala \(AI ?101, .+\) is posted\./),
    });

    // Another user sees none of them.
    const ravi = await createSignedInUser(stack.gatewayUrl, { fullname: 'Ravi Nair' });
    expect(await list(ravi.client)).toEqual([]);
  });

  test('a paid offer keeps its price; an owner without a known name is announced as Traveler', async () => {
    const stranger = await createSignedInUser(stack.gatewayUrl, { fullname: 'Meera Iyer' });
    const account = await stack.auth.deps.mongo.collection('users').findOne({ email: stranger.email });
    // Simulate a request made before user_registered reached this service.
    await waitFor(
      async () => (await owners.findOne({ _id: String(account!._id) }).lean()) ?? undefined,
      30_000,
    );
    await owners.deleteOne({ _id: String(account!._id) });
    const caseid = await create(stranger.client, provideInput());
    expect((await list(stranger.client))[0]).toMatchObject({ caseid, companion_price: 150 });
    expect((await waitFor(async () => eventsFor('request_created', caseid)[0])).data).toMatchObject({
      ownerFirstName: 'Traveler',
      companion_price: 150,
    });
  });

  test('a travel date of yesterday (UTC) is accepted, one day of slack for time zones, and is not shown expired', async () => {
    const { client } = await createSignedInUser(stack.gatewayUrl);
    const caseid = await create(client, needBookedInput({ travelDate: inDays(-1) }));
    expect((await list(client))[0]).toMatchObject({ caseid, status: 'active' });
  });

  test('requests whose travel date has passed are listed as expired', async () => {
    const { client } = await createSignedInUser(stack.gatewayUrl);
    const booked = await create(client, needBookedInput());
    const yetToBook = await create(client, needYetToBookInput());
    const future = await create(client, provideInput());
    await requests.updateOne({ caseid: booked }, { $set: { date: inDays(-3) } });
    await requests.updateOne(
      { caseid: yetToBook },
      { $set: { tentative_from_date: inDays(-9), tentative_to_date: inDays(-2) } },
    );
    const byId = Object.fromEntries((await list(client)).map((item) => [item.caseid, item.status]));
    expect(byId).toEqual({ [booked]: 'expired', [yetToBook]: 'expired', [future]: 'active' });
  });

  describe('invalid submissions are refused with their message and nothing is stored', () => {
    let client: ApiClient;
    beforeAll(async () => {
      ({ client } = await createSignedInUser(stack.gatewayUrl));
    });

    const cases: Array<[string, CompanionSubmissionInput, string, string]> = [
      [
        'need booked without travel date',
        needBookedInput({ travelDate: undefined }),
        'travelDate',
        COMPANION_MESSAGES.required(COMPANION_LABELS.travelDate),
      ],
      [
        'need booked without airline',
        needBookedInput({ airline: '' }),
        'airline',
        COMPANION_MESSAGES.required(COMPANION_LABELS.airline),
      ],
      [
        'need booked without flight number',
        needBookedInput({ flightNumber: undefined }),
        'flightNumber',
        COMPANION_MESSAGES.required(COMPANION_LABELS.flightNumber),
      ],
      [
        'yet to book without tentative to date',
        needYetToBookInput({ tentativeToDate: undefined }),
        'tentativeToDate',
        COMPANION_MESSAGES.required(COMPANION_LABELS.tentativeToDate),
      ],
      [
        'yet to book in the wrong order',
        needYetToBookInput({ tentativeFromDate: inDays(9), tentativeToDate: inDays(3) }),
        'tentativeToDate',
        COMPANION_MESSAGES.tentativeOrder,
      ],
      [
        'provide without a name',
        provideInput({ passengerName: ' ' }),
        'passengerName',
        COMPANION_MESSAGES.required(COMPANION_LABELS.yourName),
      ],
      [
        'without from airport',
        provideInput({ fromAirport: '' }),
        'fromAirport',
        COMPANION_MESSAGES.required(COMPANION_LABELS.fromAirport),
      ],
      ['same airports', provideInput({ toAirport: 'DEL' }), 'toAirport', COMPANION_MESSAGES.sameAirports],
      ['age 0', needBookedInput({ passengerAge: 0 }), 'passengerAge', COMPANION_MESSAGES.ageRange],
      ['age 121', needBookedInput({ passengerAge: 121 }), 'passengerAge', COMPANION_MESSAGES.ageRange],
      ['age abc', needBookedInput({ passengerAge: 'abc' }), 'passengerAge', COMPANION_MESSAGES.ageRange],
      [
        'a travel date two days ago',
        needBookedInput({ travelDate: inDays(-2) }),
        'travelDate',
        COMPANION_MESSAGES.pastDate(COMPANION_LABELS.travelDate),
      ],
      // Date.parse rolls 2030-02-30 over to 2 March: only a real calendar day is a date.
      [
        'an impossible day',
        needBookedInput({ travelDate: '2030-02-30' }),
        'travelDate',
        'Travel Date must be a valid date',
      ],
      [
        'an impossible layover day',
        provideInput({ connectingFlights: [{ layoverAirport: 'DXB', date: '2030-04-31' }] }),
        'connectingFlights',
        'Layover date must be a valid date',
      ],
      [
        'an unknown language',
        provideInput({ languagesKnown: 'Hindi, Klingon' }),
        'languagesKnown',
        COMPANION_MESSAGES.unknownLanguage,
      ],
      [
        'no language',
        provideInput({ languagesKnown: '' }),
        'languagesKnown',
        COMPANION_MESSAGES.required(COMPANION_LABELS.languagesKnown),
      ],
      [
        'a bad gender',
        provideInput({ passengerGender: 'robot' }),
        'passengerGender',
        COMPANION_MESSAGES.gender,
      ],
      [
        'a negative charge',
        provideInput({ serviceCharges: '-5' }),
        'serviceCharges',
        COMPANION_MESSAGES.price,
      ],
      [
        'no service type',
        { ...provideInput(), serviceType: undefined } as unknown as CompanionSubmissionInput,
        'serviceType',
        COMPANION_MESSAGES.serviceType,
      ],
    ];
    test.each(cases)('%s', async (_name, input, field, message) => {
      const before = await list(client);
      const result = await client.post('/api/companions/requests', input);
      expect(result.status).toBe(400);
      expect(result.body.error).toBe(message);
      expect((result.body.details as Record<string, string>)[field]).toBe(message);
      expect(await list(client)).toEqual(before);
    });

    test('several problems: the first is the error, every field is in details', async () => {
      const result = await client.post(
        '/api/companions/requests',
        needBookedInput({ fromAirport: '', airline: '', passengerAge: 200 }),
      );
      expect(result.status).toBe(400);
      expect(result.body).toEqual({
        error: COMPANION_MESSAGES.required(COMPANION_LABELS.fromAirport),
        code: 'companionField.fromAirportRequired',
        details: {
          fromAirport: COMPANION_MESSAGES.required(COMPANION_LABELS.fromAirport),
          airline: COMPANION_MESSAGES.required(COMPANION_LABELS.airline),
          passengerAge: COMPANION_MESSAGES.ageRange,
        },
      });
      expect(await list(client)).toEqual([]);
    });

    test('signed out: 401', async () => {
      const anonymous = new ApiClient(stack.gatewayUrl);
      expect((await anonymous.get('/api/companions/requests')).status).toBe(401);
      expect((await anonymous.post('/api/companions/requests', provideInput())).status).toBe(401);
    });
  });
});

describe('cancelling', () => {
  test('only the owner can cancel; a stranger gets 404 and the request stays active; cancelling twice is harmless', async () => {
    const owner = await createSignedInUser(stack.gatewayUrl);
    const stranger = await createSignedInUser(stack.gatewayUrl);
    const caseid = await create(owner.client, needBookedInput());

    const foreign = await stranger.client.put(`/api/companions/requests/${caseid}/cancel`);
    expect([foreign.status, foreign.body]).toEqual([
      404,
      { error: COMPANION_MESSAGES.notFound, code: 'companion.notFound' },
    ]);
    const unknown = await owner.client.put('/api/companions/requests/SC-NOSUCH22/cancel');
    expect([unknown.status, unknown.body]).toEqual([
      404,
      { error: COMPANION_MESSAGES.notFound, code: 'companion.notFound' },
    ]);
    expect((await list(owner.client))[0]).toMatchObject({ caseid, status: 'active' });

    const cancelled = await owner.client.put(`/api/companions/requests/${caseid}/cancel`);
    expect([cancelled.status, cancelled.body]).toEqual([200, { success: true, caseid, status: 'cancelled' }]);
    expect((await list(owner.client))[0]).toMatchObject({ caseid, status: 'cancelled' });
    const event = await waitFor(async () => eventsFor('request_cancelled', caseid)[0]);
    // With the request's own trip for its notices (issue 38).
    expect(event.data).toEqual({
      caseid,
      ownerId: expect.any(String),
      status: 'cancelled',
      summary: expect.objectContaining({ from: 'DEL', to: 'JFK', flight: 'AI101' }),
    });
    await settled(caseid);
    const before = await stored(caseid);

    const again = await owner.client.put(`/api/companions/requests/${caseid}/cancel`);
    expect([again.status, again.body]).toEqual([200, { success: true, caseid, status: 'cancelled' }]);
    // Nothing was staged the second time, and nothing more arrives.
    const after = await stored(caseid);
    expect([after.outboxVersion, after.pendingEvents, after.updated_at]).toEqual([
      before.outboxVersion,
      [],
      before.updated_at,
    ]);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(eventsFor('request_cancelled', caseid)).toHaveLength(1);

    const notification = await waitFor(
      async () =>
        (await owner.client.get<Notification[]>('/api/notifications?limit=10')).body.find(
          (n) => n.notification_type === 'request_cancelled',
        ),
      20_000,
    );
    expect(notification).toMatchObject({
      title: 'Request cancelled',
      service_type: 'companion',
      link: `/companion-service?request=${caseid}`,
    });
  });
});

describe('match_found', () => {
  const matchData = (
    need: string,
    needUserId: string,
    provide: string,
    provideUserId: string,
    matchId = randomUUID(),
  ): EventData<'match_found'> => ({
    matchId,
    needCaseid: need,
    needUserId,
    provideCaseid: provide,
    provideUserId,
    match_details: {
      overall_status: 'match',
      main_flight: { status: 'same_route' },
      layovers: [
        {
          airport: 'DXB',
          status: 'same_route',
          user_flight: { airlines: 'Emirates', flight_number: 'EK513', date: inDays(30) },
          matched_flight: { airlines: 'Emirates', flight_number: 'EK511', date: inDays(30) },
        },
      ],
    },
  });

  test('fills both requests once, each seeing the other; a redelivery changes nothing', async () => {
    const asha = await traveller('Asha Rao');
    const ravi = await traveller('Ravi Nair');
    const need = await create(asha.client, needBookedInput());
    const provide = await create(ravi.client, provideInput());
    const data = matchData(need, asha.userId, provide, ravi.userId);
    const envelope = buildEnvelope('match_found', data.matchId, data, 'search');
    // Both travellers' open browsers hear of it, each about their own request.
    const streams = await Promise.all(
      [asha, ravi].map((user) =>
        openEventStream(stack.gatewayUrl, { cookie: `ss_session=${user.client.cookie('ss_session')}` }),
      ),
    );

    await bus.publishEnvelope(envelope);
    await waitFor(
      async () =>
        (await stored(need)).companion_match && (await stored(provide)).companion_match ? true : undefined,
      20_000,
    );
    const [seekerEvent, companionEvent] = await Promise.all(
      streams.map((stream) => stream.waitForType('request.matched', 10_000)),
    );
    expect(seekerEvent!.body).toEqual({ caseid: need });
    expect(companionEvent!.body).toEqual({ caseid: provide });
    for (const stream of streams) stream.close();

    const seeker = (await list(asha.client))[0]!;
    expect(seeker).toMatchObject({
      caseid: need,
      companion_match: true,
      companion_match_caseid: provide,
      match_details: data.match_details,
      matched_companion: {
        name: 'Ravi Nair',
        from_airport: 'DEL',
        to_airport: 'JFK',
        airlines: 'Air India',
        flight_number: 'AI101',
        travel_date: inDays(30),
        languages_known: 'Hindi, English',
        passenger_age: 34,
        passenger_gender: 'male',
        companion_price: 150,
        layovers: [{ DXB: { airlines: 'Emirates', flight_number: 'EK511', date: inDays(30) } }],
      },
    });
    const companion = (await list(ravi.client))[0]!;
    expect(companion).toMatchObject({
      caseid: provide,
      companion_match: true,
      companion_match_caseid: need,
      matched_companion: {
        name: 'Kamala Rao',
        passenger_age: 72,
        companion_price: 0,
        languages_known: 'Tamil, English',
      },
      match_details: {
        overall_status: 'match',
        main_flight: { status: 'same_route' },
        // "own" is always the reader's flight.
        layovers: [
          {
            airport: 'DXB',
            status: 'same_route',
            user_flight: { airlines: 'Emirates', flight_number: 'EK511', date: inDays(30) },
            matched_flight: { airlines: 'Emirates', flight_number: 'EK513', date: inDays(30) },
          },
        ],
      },
    });
    const first = [(await stored(need)).updated_at, (await stored(provide)).updated_at];

    // The same envelope again, then a sentinel on the same key (same partition, so handled after it).
    await bus.publishEnvelope(envelope);
    const sentinelNeed = await create(asha.client, needBookedInput());
    const sentinelProvide = await create(ravi.client, provideInput());
    const sentinel = matchData(sentinelNeed, asha.userId, sentinelProvide, ravi.userId);
    await bus.publishEnvelope(buildEnvelope('match_found', data.matchId, sentinel, 'search'));
    await waitFor(async () => ((await stored(sentinelProvide)).companion_match ? true : undefined), 20_000);
    expect([(await stored(need)).updated_at, (await stored(provide)).updated_at]).toEqual(first);

    // And without the processed-events record: the writes themselves are idempotent.
    const ctx: MatchContext = {
      logger: stack.companion.deps.logger,
      requests,
      live: stack.companion.deps.live,
      locks: stack.companion.deps.locks,
    };
    expect(await applyMatch(ctx, data)).toEqual({ updated: 0 });
    expect([(await stored(need)).updated_at, (await stored(provide)).updated_at]).toEqual(first);
  });

  test('a crash between the two sides is repaired by the redelivered match_found: both end up pointing at each other', async () => {
    const asha = await traveller('Asha Rao');
    const ravi = await traveller('Ravi Nair');
    const need = await create(asha.client, needBookedInput());
    const provide = await create(ravi.client, provideInput());
    const data = matchData(need, asha.userId, provide, ravi.userId);
    // The first of the two writes happened, then the process died: the event was never marked processed.
    await requests.updateOne(
      { _id: need },
      {
        $set: {
          companion_match: true,
          companion_match_caseid: provide,
          companion_match_id: data.matchId,
          match_details: data.match_details,
        },
      },
    );
    expect((await stored(provide)).companion_match).toBeFalsy();

    // Kafka redelivers it, never marked processed (here: published again; the handler runs just the same).
    await bus.publishEnvelope(buildEnvelope('match_found', data.matchId, data, 'search'));
    await waitFor(async () => ((await stored(provide)).companion_match ? true : undefined), 20_000);
    expect(await stored(need)).toMatchObject({
      companion_match: true,
      companion_match_caseid: provide,
      companion_match_id: data.matchId,
    });
    expect(await stored(provide)).toMatchObject({
      companion_match: true,
      companion_match_caseid: need,
      companion_match_id: data.matchId,
    });
  });

  test('the outbox relay removes published events under the request lock, so it never undoes a match written meanwhile', async () => {
    const asha = await traveller('Asha Rao');
    const ravi = await traveller('Ravi Nair');
    const need = await create(asha.client, needBookedInput());
    const provide = await create(ravi.client, provideInput());
    const data = matchData(need, asha.userId, provide, ravi.userId);
    const created = await waitFor(async () => eventsFor('request_created', need)[0]);
    const staged = outboxEvent(
      'companion',
      'request_created',
      need,
      created.data as EventData<'request_created'>,
    );
    const { locks, flushOutbox } = stack.companion.deps;
    // Another instance holds the request (e.g. writing a match) while the relay is asked to sweep: on
    // FerretDB a removal now would rewrite the whole document from what it read before that write.
    await locks.around(requestLockKey(need), async () => {
      await requests.updateOne({ _id: need }, stageEvents([staged]));
      flushOutbox();
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect((await stored(need)).pendingEvents).toHaveLength(1);
      await requests.updateOne(
        { _id: need },
        {
          $set: { companion_match: true, companion_match_caseid: provide, companion_match_id: data.matchId },
        },
      );
    });
    // Then the relay removes it, and the match stays.
    await settled(need);
    expect(await stored(need)).toMatchObject({
      companion_match: true,
      companion_match_caseid: provide,
      companion_match_id: data.matchId,
    });
  });

  test('an existing match is never overwritten, and a cancelled side is skipped', async () => {
    const asha = await traveller('Asha Rao');
    const ravi = await traveller('Ravi Nair');
    const ctx: MatchContext = {
      logger: stack.companion.deps.logger,
      requests,
      live: stack.companion.deps.live,
      locks: stack.companion.deps.locks,
    };
    const need = await create(asha.client, needBookedInput());
    const provide = await create(ravi.client, provideInput());
    const otherProvide = await create(ravi.client, provideInput());
    expect(await applyMatch(ctx, matchData(need, asha.userId, provide, ravi.userId))).toEqual({ updated: 2 });

    expect(await applyMatch(ctx, matchData(need, asha.userId, otherProvide, ravi.userId))).toEqual({
      updated: 0,
    });
    expect((await stored(need)).companion_match_caseid).toBe(provide);
    expect((await stored(otherProvide)).companion_match).toBe(false);

    const cancelledNeed = await create(asha.client, needBookedInput());
    expect((await asha.client.put(`/api/companions/requests/${cancelledNeed}/cancel`)).status).toBe(200);
    expect(await applyMatch(ctx, matchData(cancelledNeed, asha.userId, otherProvide, ravi.userId))).toEqual({
      updated: 0,
    });
    expect((await stored(cancelledNeed)).companion_match).toBe(false);
    expect((await stored(otherProvide)).companion_match).toBe(false);
  });
});

describe('re-matching: match_found and match_released in any order (docs/decisions.md "Re-matching")', () => {
  const ctxOf = (): MatchContext => ({
    logger: stack.companion.deps.logger,
    requests,
    live: stack.companion.deps.live,
    locks: stack.companion.deps.locks,
  });
  const details = (status: 'same_flight' | 'same_route'): EventData<'match_found'>['match_details'] => ({
    overall_status: status === 'same_flight' ? 'complete_match' : 'match',
    main_flight: { status },
    layovers: [],
  });

  /** N matched same-route with C1 (revision 1 each), then upgraded to C2 (N at 2, C2 at 1), C1 released (2). */
  async function upgradeEvents() {
    const asha = await traveller('Asha Rao');
    const ravi = await traveller('Ravi Nair');
    const vikram = await traveller('Vikram Das');
    const [n, c1, c2] = [
      await create(asha.client, needBookedInput()),
      await create(ravi.client, provideInput()),
      await create(vikram.client, provideInput()),
    ];
    const first: EventData<'match_found'> = {
      matchId: `${n}:${c1}`,
      needCaseid: n,
      needUserId: asha.userId,
      provideCaseid: c1,
      provideUserId: ravi.userId,
      match_details: details('same_route'),
      needRevision: 1,
      provideRevision: 1,
    };
    const upgrade: EventData<'match_found'> = {
      matchId: `${n}:${c2}`,
      needCaseid: n,
      needUserId: asha.userId,
      provideCaseid: c2,
      provideUserId: vikram.userId,
      match_details: details('same_flight'),
      needRevision: 2,
      provideRevision: 1,
    };
    const release: EventData<'match_released'> = {
      matchId: first.matchId,
      caseid: c1,
      userId: ravi.userId,
      formerCaseid: n,
      revision: 2,
      reopened: true,
    };
    const steps = {
      first: (ctx: MatchContext) => applyMatch(ctx, first),
      upgrade: (ctx: MatchContext) => applyMatch(ctx, upgrade),
      release: (ctx: MatchContext) => releaseMatch(ctx, release),
    };
    return { n, c1, c2, upgrade, steps };
  }

  const orders: Array<Array<'first' | 'upgrade' | 'release'>> = [
    ['first', 'upgrade', 'release'],
    ['first', 'release', 'upgrade'],
    ['upgrade', 'first', 'release'],
    ['upgrade', 'release', 'first'],
    ['release', 'first', 'upgrade'],
    ['release', 'upgrade', 'first'],
  ];

  test.each(orders)(
    '%s, %s, %s: N shows C2, C2 shows N, C1 shows no match; everything again changes nothing',
    async (...order) => {
      const ctx = ctxOf();
      const { n, c1, c2, upgrade, steps } = await upgradeEvents();
      for (const step of order) await steps[step](ctx);
      expect(await stored(n)).toMatchObject({
        companion_match: true,
        companion_match_caseid: c2,
        companion_match_id: upgrade.matchId,
        companion_match_revision: 2,
        match_details: upgrade.match_details,
      });
      expect(await stored(c2)).toMatchObject({
        companion_match: true,
        companion_match_caseid: n,
        companion_match_id: upgrade.matchId,
      });
      expect(await stored(c1)).toMatchObject({
        companion_match: false,
        companion_match_caseid: null,
        companion_match_id: null,
        matched_companion: null,
        match_details: null,
        companion_match_revision: 2,
      });

      const before = await Promise.all([n, c1, c2].map(stored));
      for (const step of [...order, ...order]) expect(await steps[step](ctx)).toEqual({ updated: 0 });
      expect(await Promise.all([n, c1, c2].map(stored))).toEqual(before);
    },
  );

  test('a release for a request that has moved on to a later match changes nothing', async () => {
    const ctx = ctxOf();
    const { c1, steps } = await upgradeEvents();
    const priya = await traveller('Priya Shah');
    const n3 = await create(priya.client, needBookedInput());
    // C1, released at 2, is matched afresh at 3; the release arrives only then.
    const fresh: EventData<'match_found'> = {
      matchId: `${n3}:${c1}`,
      needCaseid: n3,
      needUserId: priya.userId,
      provideCaseid: c1,
      provideUserId: (await stored(c1)).ownerId,
      match_details: details('same_flight'),
      needRevision: 1,
      provideRevision: 3,
    };
    expect(await applyMatch(ctx, fresh)).toEqual({ updated: 2 });
    expect(await steps.release(ctx)).toEqual({ updated: 0 });
    expect(await steps.first(ctx)).toEqual({ updated: 0 });
    expect(await stored(c1)).toMatchObject({
      companion_match: true,
      companion_match_caseid: n3,
      companion_match_revision: 3,
    });
  });

  test('match_released through Kafka: the released request shows no match; its former partner keeps what it shows', async () => {
    const { n, c1, steps } = await upgradeEvents();
    await steps.first(ctxOf());
    const owner = (await stored(c1)).ownerId;
    const release: EventData<'match_released'> = {
      matchId: `${n}:${c1}`,
      caseid: c1,
      userId: owner,
      formerCaseid: n,
      revision: 2,
      reopened: true,
    };
    await bus.publishEnvelope(buildEnvelope('match_released', c1, release, 'search'));
    await waitFor(async () => ((await stored(c1)).companion_match === false ? true : undefined), 20_000);
    expect(await stored(n)).toMatchObject({ companion_match: true, companion_match_caseid: c1 });
  });
});

describe('the owner leaves or is blocked', () => {
  test('user_deleted: active requests become inactive and leave search; travel plans are deleted', async () => {
    const { client, userId } = await traveller('Asha Rao');
    const active = await create(client, needBookedInput());
    const cancelled = await create(client, provideInput());
    expect((await client.put(`/api/companions/requests/${cancelled}/cancel`)).status).toBe(200);
    expect(
      (
        await client.post('/api/travel', {
          helpPreference: 'need_help',
          flights: [{ from: 'DEL', to: 'JFK', date: inDays(5) }],
        })
      ).status,
    ).toBe(200);
    expect(await travelPlans.countDocuments({ ownerId: userId })).toBe(1);

    expect((await client.delete('/users/delete-account')).status).toBe(200);
    await waitFor(async () => ((await stored(active)).status === 'inactive' ? true : undefined), 20_000);
    expect((await stored(cancelled)).status).toBe('cancelled');
    // The plans go after the requests, in the same handler.
    await waitFor(
      async () => ((await travelPlans.countDocuments({ ownerId: userId })) === 0 ? true : undefined),
      20_000,
    );
    // The owner document stays as a tombstone without the name.
    expect(await owners.findOne({ _id: userId }).lean()).toMatchObject({ deleted: true, fullname: '' });
    const event = await waitFor(async () => eventsFor('request_cancelled', active)[0]);
    expect(event.data).toEqual({ caseid: active, ownerId: userId, status: 'inactive' });
  });

  test('user_status_changed: blocking hides the requests and takes them out of search; unblocking brings them back', async () => {
    // The admin call goes straight to auth with a signed admin identity: signing the one admin address in
    // through e-mail codes in every test run would use up its hourly code quota.
    const setStatus = async (status: 'Active' | 'Block', reason: string) => {
      const identity = signIdentity(
        { userId: 'admin', email: 'admin@safarsaathi.test', role: 'admin', sessionId: 'test' },
        stack.auth.deps.config.INTERNAL_HMAC_SECRET,
      );
      const response = await fetch(`${stack.auth.url}/api/auth/update-user-status`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...identity },
        body: JSON.stringify({ phoneNumber: phone, status, status_reason: reason }),
      });
      return response.status;
    };
    const { client, userId, phone } = await traveller('Asha Rao');
    const active = await create(client, needBookedInput());
    const cancelled = await create(client, provideInput());
    expect((await client.put(`/api/companions/requests/${cancelled}/cancel`)).status).toBe(200);
    await waitFor(async () => eventsFor('request_created', active)[0]);

    expect(await setStatus('Block', 'Spam')).toBe(200);
    await waitFor(
      async () => ((await stored(active)).hidden && (await stored(cancelled)).hidden ? true : undefined),
      20_000,
    );
    expect((await waitFor(async () => eventsFor('request_cancelled', active)[0])).data).toEqual({
      caseid: active,
      ownerId: userId,
      status: 'hidden',
      summary: expect.objectContaining({ from: 'DEL', to: 'JFK', flight: 'AI101' }),
    });
    expect((await stored(active)).status).toBe('active');
    await settled(active);

    expect(await setStatus('Active', 'Appeal')).toBe(200);
    await waitFor(
      async () => (!(await stored(active)).hidden && !(await stored(cancelled)).hidden ? true : undefined),
      20_000,
    );
    const announced = await waitFor(async () =>
      eventsFor('request_created', active).length === 2 ? eventsFor('request_created', active) : undefined,
    );
    expect(announced[1]!.data).toEqual(announced[0]!.data);
    // The cancelled one is not announced again.
    expect(eventsFor('request_created', cancelled)).toHaveLength(1);
  });
});

describe('travel plans', () => {
  test('create, list by date, delete; a stranger cannot delete', async () => {
    const recorderStart = recorder.events.length;
    const owner = await createSignedInUser(stack.gatewayUrl);
    const stranger = await createSignedInUser(stack.gatewayUrl);
    const later = await owner.client.post<{ success: boolean; message: string; data: TravelPlanView }>(
      '/api/travel',
      {
        helpPreference: 'offer_help',
        flights: [
          { from: 'ATL', to: 'LHR', date: inDays(40), airline: 'Delta Air Lines', flightNumber: 'DL 30' },
          { from: 'LHR', to: 'DEL', date: inDays(41) },
        ],
        travelerInfo: {
          name: 'Ravi Nair',
          age: '34',
          gender: 'male',
          languages: ['Hindi', 'English'],
          specialNeeds: '',
        },
        submittedAt: new Date().toISOString(),
      },
    );
    expect(later.status).toBe(200);
    expect(later.body).toEqual({
      success: true,
      message: TRAVEL_MESSAGES.submitted,
      data: {
        id: expect.any(String),
        date: inDays(40),
        time: '12:00 PM',
        from: 'ATL',
        to: 'DEL',
        helpNeeded: false,
        flightNumber: 'DL 30',
        description: null,
      },
    });
    const sooner = await owner.client.post<{ data: TravelPlanView }>('/api/travel', {
      helpPreference: 'need_help',
      flights: [{ from: 'BOM', to: 'DXB', date: inDays(3) }],
      travelerInfo: { name: 'Kamala Rao', specialNeeds: 'Wheelchair at the gate' },
    });
    expect(sooner.status).toBe(200);

    const plans = (await owner.client.get<TravelPlanView[]>('/api/travels')).body;
    expect(plans).toEqual([
      {
        id: sooner.body.data.id,
        date: inDays(3),
        time: '12:00 PM',
        from: 'BOM',
        to: 'DXB',
        helpNeeded: true,
        flightNumber: null,
        description: 'Wheelchair at the gate',
      },
      later.body.data,
    ]);
    expect((await stranger.client.get<TravelPlanView[]>('/api/travels')).body).toEqual([]);

    const event = await waitFor(async () =>
      recorder.events
        .slice(recorderStart)
        .find((e) => e.type === 'travel_plan_created' && e.key === later.body.data.id),
    );
    expect(event.data).toEqual({
      planId: later.body.data.id,
      ownerId: expect.any(String),
      helpPreference: 'offer_help',
      from: 'ATL',
      to: 'DEL',
      date: inDays(40),
    });

    const foreign = await stranger.client.delete(`/api/travels/${later.body.data.id}`);
    expect([foreign.status, foreign.body]).toEqual([
      404,
      { error: TRAVEL_MESSAGES.notFound, code: 'travel.notFound' },
    ]);
    expect((await owner.client.delete('/api/travels/not-an-id')).status).toBe(404);
    expect((await owner.client.get<TravelPlanView[]>('/api/travels')).body).toHaveLength(2);

    expect((await owner.client.delete(`/api/travels/${later.body.data.id}`)).status).toBe(200);
    expect((await owner.client.get<TravelPlanView[]>('/api/travels')).body.map((plan) => plan.id)).toEqual([
      sooner.body.data.id,
    ]);
    expect((await owner.client.delete(`/api/travels/${later.body.data.id}`)).status).toBe(404);
  });

  test('deleting a plan publishes the events still in its outbox first (a crash had left one there)', async () => {
    const owner = await createSignedInUser(stack.gatewayUrl);
    const created = await owner.client.post<{ data: TravelPlanView }>('/api/travel', {
      helpPreference: 'need_help',
      flights: [{ from: 'DEL', to: 'BOM', date: inDays(9) }],
    });
    expect(created.status).toBe(200);
    const planId = created.body.data.id;
    const first = await waitFor(async () =>
      recorder.events.find((e) => e.type === 'travel_plan_created' && e.key === planId),
    );
    // An event staged but never published: the writer died before its nudge (the sweep is a minute away).
    // Under the plan's lock, as every writer of a plan (else the relay's removal of the first event, under
    // that lock, could overwrite it).
    const left = outboxEvent('companion', 'travel_plan_created', planId, {
      ...(first.data as EventData<'travel_plan_created'>),
    });
    await stack.companion.deps.locks.around(travelPlanLockKey(planId), () =>
      travelPlans.updateOne({ _id: planId }, stageEvents([left])),
    );

    expect((await owner.client.delete(`/api/travels/${planId}`)).status).toBe(200);
    // On Kafka when the delete answers (the recorder may take a moment to read it).
    expect(await waitFor(async () => recorder.events.find((e) => e.id === left.id), 5_000, 50)).toBeDefined();
    expect(await travelPlans.countDocuments({ _id: planId })).toBe(0);
  });

  test('the owner reads a plan in full and edits it; a stranger gets 404 for both; an edit follows the same rules', async () => {
    const recorderStart = recorder.events.length;
    const owner = await createSignedInUser(stack.gatewayUrl);
    const stranger = await createSignedInUser(stack.gatewayUrl);
    const created = await owner.client.post<{ data: TravelPlanView }>('/api/travel', {
      helpPreference: 'need_help',
      flights: [{ from: 'DEL', to: 'LHR', date: inDays(20), airline: 'Air India', flightNumber: 'AI 111' }],
      travelerInfo: {
        name: 'Kamala Devi',
        age: '72',
        gender: 'female',
        languages: ['Hindi'],
        specialNeeds: 'Wheelchair at the gate',
      },
    });
    expect(created.status).toBe(200);
    const id = created.body.data.id;

    const details = await owner.client.get<TravelPlanDetails>(`/api/travels/${id}`);
    expect([details.status, details.body]).toEqual([
      200,
      {
        ...created.body.data,
        helpPreference: 'need_help',
        flights: [{ from: 'DEL', to: 'LHR', date: inDays(20), airline: 'Air India', flightNumber: 'AI 111' }],
        travelerInfo: {
          name: 'Kamala Devi',
          age: 72,
          gender: 'female',
          languages: 'Hindi',
          specialNeeds: 'Wheelchair at the gate',
        },
      },
    ]);

    const edit = {
      helpPreference: 'offer_help',
      flights: [
        { from: 'DEL', to: 'DXB', date: inDays(22), airline: 'Emirates', flightNumber: 'EK 511' },
        { from: 'DXB', to: 'LHR', date: inDays(22) },
      ],
      travelerInfo: {
        name: 'Kamala Devi',
        age: 72,
        gender: 'female',
        languages: ['Hindi', 'Punjabi'],
        specialNeeds: '',
      },
    };
    // A stranger can neither read nor change it, and learns nothing (the same 404 as a missing plan).
    for (const answer of [
      await stranger.client.get(`/api/travels/${id}`),
      await stranger.client.put(`/api/travels/${id}`, edit),
    ]) {
      expect([answer.status, answer.body]).toEqual([
        404,
        { error: TRAVEL_MESSAGES.notFound, code: 'travel.notFound' },
      ]);
    }
    expect((await owner.client.get('/api/travels/not-an-id')).status).toBe(404);
    expect((await owner.client.put('/api/travels/0123456789abcdef01234567', edit)).status).toBe(404);

    const updated = await owner.client.put<{ success: boolean; message: string; data: TravelPlanDetails }>(
      `/api/travels/${id}`,
      edit,
    );
    expect(updated.status).toBe(200);
    expect(updated.body.message).toBe(TRAVEL_MESSAGES.updated);
    const expected = {
      id,
      date: inDays(22),
      time: '12:00 PM',
      from: 'DEL',
      to: 'LHR',
      helpNeeded: false,
      flightNumber: 'EK 511',
      description: null,
      helpPreference: 'offer_help',
      flights: [
        { from: 'DEL', to: 'DXB', date: inDays(22), airline: 'Emirates', flightNumber: 'EK 511' },
        { from: 'DXB', to: 'LHR', date: inDays(22), airline: null, flightNumber: null },
      ],
      travelerInfo: {
        name: 'Kamala Devi',
        age: 72,
        gender: 'female',
        languages: 'Hindi, Punjabi',
        specialNeeds: null,
      },
    };
    expect(updated.body.data).toEqual(expected);
    expect((await owner.client.get(`/api/travels/${id}`)).body).toEqual(expected);
    expect((await owner.client.get<TravelPlanView[]>('/api/travels')).body).toEqual([
      {
        id,
        date: inDays(22),
        time: '12:00 PM',
        from: 'DEL',
        to: 'LHR',
        helpNeeded: false,
        flightNumber: 'EK 511',
        description: null,
      },
    ]);
    const event = await waitFor(async () =>
      recorder.events.slice(recorderStart).find((e) => e.type === 'travel_plan_updated' && e.key === id),
    );
    expect(event.data).toEqual({
      planId: id,
      ownerId: expect.any(String),
      helpPreference: 'offer_help',
      from: 'DEL',
      to: 'LHR',
      date: inDays(22),
    });

    // The rules of a new plan hold for an edit, and a refused edit changes nothing.
    const refused = await owner.client.put(`/api/travels/${id}`, {
      ...edit,
      flights: [{ from: 'DEL', to: 'DEL', date: inDays(5) }],
    });
    expect([refused.status, refused.body.error]).toEqual([400, COMPANION_MESSAGES.sameAirports]);
    const malformed = await owner.client.put(`/api/travels/${id}`, {
      helpPreference: 'maybe',
      flights: 'DEL',
    });
    expect(malformed.status).toBe(400);
    expect((await owner.client.get(`/api/travels/${id}`)).body).toEqual(expected);
  });

  test.each([
    [
      'no help preference',
      { flights: [{ from: 'DEL', to: 'JFK', date: inDays(5) }] },
      TRAVEL_MESSAGES.helpPreferenceRequired,
    ],
    ['no flights', { helpPreference: 'need_help', flights: [] }, TRAVEL_MESSAGES.flightsRequired],
    [
      'an airport not in the list',
      { helpPreference: 'need_help', flights: [{ from: 'ORD', to: 'JFK', date: inDays(5) }] },
      'Choose a From Airport from the list',
    ],
    [
      'no to airport',
      { helpPreference: 'need_help', flights: [{ from: 'DEL', date: inDays(5) }] },
      'Choose a To Airport from the list',
    ],
    [
      'no date',
      { helpPreference: 'need_help', flights: [{ from: 'DEL', to: 'JFK' }] },
      'Travel Date is required',
    ],
    [
      'a past date',
      { helpPreference: 'need_help', flights: [{ from: 'DEL', to: 'JFK', date: inDays(-2) }] },
      COMPANION_MESSAGES.pastDate('Travel Date'),
    ],
    [
      'a date that does not exist',
      { helpPreference: 'need_help', flights: [{ from: 'DEL', to: 'JFK', date: '2031-02-30' }] },
      'Travel Date must be a valid date',
    ],
    [
      'the same airport twice',
      { helpPreference: 'offer_help', flights: [{ from: 'DEL', to: 'DEL', date: inDays(5) }] },
      COMPANION_MESSAGES.sameAirports,
    ],
    [
      'an impossible age',
      {
        helpPreference: 'offer_help',
        flights: [{ from: 'DEL', to: 'JFK', date: inDays(5) }],
        travelerInfo: { age: 150 },
      },
      COMPANION_MESSAGES.ageRange,
    ],
    [
      'a connecting flight in the past',
      {
        helpPreference: 'need_help',
        flights: [
          { from: 'DEL', to: 'DXB', date: inDays(5) },
          { from: 'DXB', to: 'JFK', date: inDays(-3) },
        ],
      },
      COMPANION_MESSAGES.pastDate('Travel Date'),
    ],
  ])('refused: %s', async (_name, body, message) => {
    const { client } = await createSignedInUser(stack.gatewayUrl);
    const result = await client.post('/api/travel', body);
    expect([result.status, result.body.error]).toEqual([400, message]);
    expect((await client.get<TravelPlanView[]>('/api/travels')).body).toEqual([]);
  });
});
