/**
 * Search and matching through the gateway: requests posted to the companion service reach the search
 * index and the matching engine over Kafka; both travellers hear about a match.
 */
import { randomUUID } from 'node:crypto';
import {
  PRIVATE_RESULT_FIELDS,
  SEARCH_MESSAGES,
  TOPICS,
  addDays,
  todayIso,
  type SearchResult,
} from '@safarsaathi/contracts';
import { EventBus, createLogger } from '@safarsaathi/platform';
import {
  ApiClient,
  TopicRecorder,
  createMailClient,
  createSignedInUser,
  signIn,
  testGroup,
  waitFor,
} from '@safarsaathi/platform/src/testing';
import { startTestStack, type TestStack } from '../../../test/stack';
import { requestModel, type StoredRequest } from '../src/persistence/requests';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({}, { withSearch: true });
});
afterAll(() => stack.stop());

/** A route no other test uses, so results are this test's own. */
function freshRoute(): { from: string; to: string } {
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const pick = () => Array.from({ length: 3 }, () => letters[Math.floor(Math.random() * 26)]).join('');
  // Real airports are not needed here: the service validates the 3-letter shape only.
  return { from: pick(), to: pick() };
}

const inDays = (days: number) => addDays(todayIso(), days);

function booked(
  role: 'need' | 'provide',
  route: { from: string; to: string },
  overrides: Record<string, unknown> = {},
) {
  return {
    serviceType: role,
    fromAirport: route.from,
    toAirport: route.to,
    airline: 'Air India',
    flightNumber: 'AI 101',
    travelDate: inDays(20),
    confirmedTicket: true,
    passengerName: role === 'need' ? 'Kamala Devi' : 'Arjun Mehta',
    passengerAge: role === 'need' ? 74 : 31,
    passengerGender: role === 'need' ? 'female' : 'male',
    languagesKnown: 'Hindi, English',
    freeService: true,
    connectingFlights: [],
    ...overrides,
  };
}

async function post(client: ApiClient, body: Record<string, unknown>): Promise<string> {
  const result = await client.post('/api/companions/requests', body);
  expect(result.status).toBe(200);
  return String(result.body.caseid);
}

async function searchUntil(
  client: ApiClient,
  path: string,
  predicate: (results: SearchResult[]) => boolean,
): Promise<SearchResult[]> {
  return waitFor(
    async () => {
      const response = await client.get<{ results: SearchResult[] }>(path);
      return response.status === 200 && predicate(response.body.results) ? response.body.results : undefined;
    },
    20_000,
    200,
  );
}

test('from is required: 400 with the spec message', async () => {
  const { client } = await createSignedInUser(stack.gatewayUrl);
  for (const path of ['/api/search/unified?service=companion', '/api/search/public?from=']) {
    const result = await (path.includes('public') ? new ApiClient(stack.gatewayUrl) : client).get(path);
    expect(result.status).toBe(400);
    expect(result.body.error).toBe(SEARCH_MESSAGES.fromRequired);
  }
  expect((await new ApiClient(stack.gatewayUrl).get('/api/search/unified?from=DEL')).status).toBe(401);
});

test('public results omit private fields; unified results carry them; no one gets e-mail or phone; own requests never show', async () => {
  const route = freshRoute();
  const owner = await createSignedInUser(stack.gatewayUrl, { fullname: 'Sunita Rao' });
  const caseid = await post(owner.client, booked('need', route));

  const visitor = new ApiClient(stack.gatewayUrl);
  const [publicResult] = await searchUntil(
    visitor,
    `/api/search/public?service=companion&from=${route.from}`,
    (r) => r.length === 1,
  );
  expect(publicResult).toMatchObject({
    caseid,
    owner: 'Sunita',
    role: 'need',
    from_airport: route.from,
    to_airport: route.to,
    languages_known: 'Hindi, English',
    companion_price: 0,
    confirmed_ticket: true,
  });
  for (const field of PRIVATE_RESULT_FIELDS) expect(publicResult).not.toHaveProperty(field);

  const searcher = await createSignedInUser(stack.gatewayUrl);
  const [unified] = await searchUntil(
    searcher.client,
    `/api/search/unified?service=companion&from=${route.from}`,
    (r) => r.length === 1,
  );
  expect(unified).toMatchObject({
    caseid,
    passenger_name: 'Kamala Devi',
    passenger_gender: 'female',
    passenger_age: 74,
    airlines: 'Air India',
    flight_number: 'AI101',
    layovers: [],
  });

  const serialized = JSON.stringify([publicResult, unified]);
  expect(serialized).not.toContain(owner.email);
  expect(serialized).not.toContain(owner.phone.slice(-10));

  const own = await owner.client.get<{ results: SearchResult[] }>(`/api/search/unified?from=${route.from}`);
  expect(own.body.results).toEqual([]);
});

test('date filters', async () => {
  const route = freshRoute();
  const { client } = await createSignedInUser(stack.gatewayUrl);
  const soon = await post(client, booked('provide', route, { travelDate: inDays(5) }));
  const later = await post(client, booked('provide', route, { travelDate: inDays(40) }));
  const searcher = (await createSignedInUser(stack.gatewayUrl)).client;
  const all = await searchUntil(searcher, `/api/search/unified?from=${route.from}`, (r) => r.length === 2);
  expect(all.map((r) => r.caseid)).toEqual([soon, later]);
  const fromDate = await searcher.get<{ results: SearchResult[] }>(
    `/api/search/unified?from=${route.from}&from_date=${inDays(10)}`,
  );
  expect(fromDate.body.results.map((r) => r.caseid)).toEqual([later]);
  const toDate = await searcher.get<{ results: SearchResult[] }>(
    `/api/search/unified?from=${route.from}&to=${route.to}&to_date=${inDays(10)}`,
  );
  expect(toDate.body.results.map((r) => r.caseid)).toEqual([soon]);
  const bad = await searcher.get(
    `/api/search/unified?from=${route.from}&from_date=${inDays(10)}&to_date=${inDays(5)}`,
  );
  expect(bad.status).toBe(400);
  // Impossible calendar days are refused, not rolled over into the next month.
  for (const query of ['from_date=2030-02-30', 'to_date=2030-04-31']) {
    const impossible = await searcher.get(`/api/search/unified?from=${route.from}&${query}`);
    expect(impossible.status).toBe(400);
    expect(impossible.body.error).toBe('Dates must be real calendar days (YYYY-MM-DD)');
    expect((await searcher.get(`/api/search/public?from=${route.from}&${query}`)).status).toBe(400);
  }
});

test('languages: only travellers who speak one of them (any of several), none is no filter, an unknown name is 400; public and signed in', async () => {
  const route = freshRoute();
  const { client } = await createSignedInUser(stack.gatewayUrl);
  const gujarati = await post(
    client,
    booked('provide', route, { travelDate: inDays(5), languagesKnown: 'Gujarati, English' }),
  );
  const tamil = await post(
    client,
    booked('provide', route, { travelDate: inDays(6), languagesKnown: 'Tamil' }),
  );
  const hindi = await post(
    client,
    booked('provide', route, { travelDate: inDays(7), languagesKnown: 'Hindi' }),
  );
  const searcher = (await createSignedInUser(stack.gatewayUrl)).client;
  const visitor = new ApiClient(stack.gatewayUrl);
  const ids = async (api: ApiClient, path: string) => {
    const response = await api.get<{ results: SearchResult[] }>(path);
    expect(response.status).toBe(200);
    return response.body.results.map((r) => r.caseid);
  };
  for (const [api, mode] of [
    [searcher, 'unified'],
    [visitor, 'public'],
  ] as const) {
    const path = `/api/search/${mode}?from=${route.from}`;
    await searchUntil(api, path, (r) => r.length === 3);
    expect(await ids(api, `${path}&languages=Gujarati`)).toEqual([gujarati]);
    expect(await ids(api, `${path}&languages=Hindi,gujarati`)).toEqual([gujarati, hindi]);
    expect(await ids(api, `${path}&languages=Tamil,Tamil`)).toEqual([tamil]);
    expect(await ids(api, `${path}&languages=Urdu`)).toEqual([]);
    expect(await ids(api, `${path}&languages=`)).toEqual([gujarati, tamil, hindi]);
    const bad = await api.get(`${path}&languages=Hindi,Klingon`);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/^Unknown language: Klingon\. Use names from: Assamese, /);
  }
});

test("cancelled, blocked and deleted users' requests disappear", async () => {
  const route = freshRoute();
  const cancelling = await createSignedInUser(stack.gatewayUrl);
  const blocked = await createSignedInUser(stack.gatewayUrl);
  const deleting = await createSignedInUser(stack.gatewayUrl);
  const cancelled = await post(cancelling.client, booked('provide', route, { travelDate: inDays(3) }));
  const blockedCase = await post(blocked.client, booked('provide', route, { travelDate: inDays(4) }));
  const deletedCase = await post(deleting.client, booked('provide', route, { travelDate: inDays(6) }));
  const searcher = (await createSignedInUser(stack.gatewayUrl)).client;
  const path = `/api/search/unified?from=${route.from}`;
  await searchUntil(searcher, path, (r) => r.length === 3);

  expect((await cancelling.client.put(`/api/companions/requests/${cancelled}/cancel`)).status).toBe(200);
  const admin = new ApiClient(stack.gatewayUrl);
  await signIn(admin, stack.adminEmail);
  expect(
    (
      await admin.post('/api/auth/update-user-status', {
        phoneNumber: blocked.phone,
        status: 'Block',
        status_reason: 'test',
      })
    ).status,
  ).toBe(200);
  expect((await deleting.client.delete('/users/delete-account')).status).toBe(200);

  const remaining = await searchUntil(searcher, path, (r) => r.length === 0);
  expect(remaining).toEqual([]);
  void blockedCase;
  void deletedCase;
});

test('two travellers on the same flight are matched within seconds; each hears once, by notification and e-mail', async () => {
  const route = freshRoute();
  const recorder = await TopicRecorder.start([TOPICS.searchMatches]);
  try {
    const seeker = await createSignedInUser(stack.gatewayUrl, { fullname: 'Meera Iyer' });
    const companion = await createSignedInUser(stack.gatewayUrl, { fullname: 'Rahul Verma' });
    const layovers = [
      { layoverAirport: 'DXB', airline: 'Emirates', flightNumber: 'EK 201', date: inDays(21) },
    ];
    const needCase = await post(seeker.client, booked('need', route, { connectingFlights: layovers }));
    const provideCase = await post(
      companion.client,
      booked('provide', route, { connectingFlights: layovers, languagesKnown: 'Tamil, English' }),
    );

    const mine = await waitFor(
      async () => {
        const list = await seeker.client.get<Array<Record<string, unknown>>>('/api/companions/requests');
        const request = list.body.find((r) => r.caseid === needCase);
        return request?.companion_match ? request : undefined;
      },
      20_000,
      200,
    );
    expect(mine).toMatchObject({
      companion_match_caseid: provideCase,
      match_details: {
        overall_status: 'complete_match',
        main_flight: { status: 'same_flight' },
        layovers: [{ airport: 'DXB', status: 'same_flight' }],
      },
      matched_companion: { name: 'Arjun Mehta', flight_number: 'AI101' },
    });
    const theirs = await waitFor(
      async () => {
        const list = await companion.client.get<Array<Record<string, unknown>>>('/api/companions/requests');
        const request = list.body.find((r) => r.caseid === provideCase);
        return request?.companion_match ? request : undefined;
      },
      20_000,
      200,
    );
    expect(theirs).toMatchObject({
      companion_match_caseid: needCase,
      match_details: { overall_status: 'complete_match' },
    });

    for (const [user, caseid] of [
      [seeker, needCase],
      [companion, provideCase],
    ] as const) {
      const notifications = await waitFor(async () => {
        const list = await user.client.get<Array<{ notification_type: string }>>(
          '/api/notifications?limit=10',
        );
        const matches = list.body.filter((n) => n.notification_type === 'match_found');
        return matches.length > 0 ? matches : undefined;
      }, 20_000);
      expect(notifications).toHaveLength(1);
      await createMailClient().waitForMessageTo(user.email, {
        timeoutMs: 20_000,
        // A match's e-mail names the request in its subject ('… for your request NC-…').
        predicate: (m) => m.Subject.endsWith(caseid),
      });
    }
    expect(
      recorder.events.filter(
        (e) => e.type === 'match_found' && (e.data as { needCaseid: string }).needCaseid === needCase,
      ),
    ).toHaveLength(1);
  } finally {
    await recorder.stop();
  }
});

test('a duplicate request_created delivery creates no duplicate match', async () => {
  const route = freshRoute();
  const seekerRecorder = await TopicRecorder.start([TOPICS.companionRequests, TOPICS.searchMatches]);
  const bus = new EventBus({
    clientId: 'search-test',
    brokers: process.env.KAFKA_BROKERS!.split(','),
    logger: createLogger('t', 'silent'),
    topicPrefix: process.env.KAFKA_TOPIC_PREFIX,
  });
  await bus.connect();
  try {
    const seeker = await createSignedInUser(stack.gatewayUrl);
    const companion = await createSignedInUser(stack.gatewayUrl);
    const needCase = await post(seeker.client, booked('need', route));
    const provideCase = await post(companion.client, booked('provide', route));
    await waitFor(
      async () =>
        seekerRecorder.find(
          (e) => e.type === 'match_found' && (e.data as { needCaseid: string }).needCaseid === needCase,
        ),
      20_000,
    );

    // Deliver both creations again, as Kafka may after a consumer restart.
    for (const caseid of [needCase, provideCase]) {
      const created = seekerRecorder.find((e) => e.type === 'request_created' && e.key === caseid)!;
      await bus.publishEnvelope(created);
    }
    // A fresh event on the same route acts as a marker that the redeliveries were processed.
    const marker = await post(
      companion.client,
      booked('provide', route, {
        travelDate: inDays(60),
        passengerName: `marker-${randomUUID().slice(0, 6)}`,
      }),
    );
    const searcher = (await createSignedInUser(stack.gatewayUrl)).client;
    await searchUntil(searcher, `/api/search/unified?from=${route.from}`, (r) =>
      r.some((x) => x.caseid === marker),
    );
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(
      seekerRecorder.events.filter(
        (e) => e.type === 'match_found' && (e.data as { needCaseid: string }).needCaseid === needCase,
      ),
    ).toHaveLength(1);
  } finally {
    await bus.disconnect();
    await seekerRecorder.stop();
  }
});

/** The search service's matching read model: waits until `caseid`'s stored state satisfies `predicate`. */
function readModelUntil(
  caseid: string,
  predicate: (request: StoredRequest) => boolean,
): Promise<StoredRequest> {
  const requests = requestModel(stack.search!.deps.mongo);
  return waitFor(
    async () => {
      const request = await requests.findById(caseid).lean<StoredRequest>();
      return request && predicate(request) ? request : undefined;
    },
    20_000,
    100,
  );
}

/** Waits until the `search` group has fully handled `caseid`'s latest request_created (recording and matching). */
async function matchingDone(recorder: TopicRecorder, caseid: string): Promise<void> {
  const created = await waitFor(
    async () => recorder.events.findLast((e) => e.type === 'request_created' && e.key === caseid),
    20_000,
  );
  const markers = stack.search!.deps.mongo.collection<{ _id: string }>('processed_events');
  await waitFor(
    async () =>
      (await markers.findOne({ _id: `${testGroup('search-test')}:request_created|${created.id}` })) ??
      undefined,
    20_000,
  );
}

async function matchOf(client: ApiClient, caseid: string): Promise<string> {
  const request = await waitFor(
    async () => {
      const list = await client.get<Array<Record<string, unknown>>>('/api/companions/requests');
      const found = list.body.find((r) => r.caseid === caseid);
      return found?.companion_match ? found : undefined;
    },
    20_000,
    200,
  );
  return String(request.companion_match_caseid);
}

test('a yet-to-book need is matched by a companion who posts later on a date inside its range', async () => {
  const route = freshRoute();
  const seeker = await createSignedInUser(stack.gatewayUrl);
  const companion = await createSignedInUser(stack.gatewayUrl);
  const needCase = await post(seeker.client, {
    ...booked('need', route),
    confirmedTicket: false,
    travelDate: undefined,
    airline: undefined,
    flightNumber: undefined,
    tentativeFromDate: inDays(15),
    tentativeToDate: inDays(25),
  });
  await readModelUntil(needCase, (r) => r.status === 'active');
  // Outside the range first: not a match; then inside it.
  const tooLate = await post(companion.client, booked('provide', route, { travelDate: inDays(26) }));
  const inside = await post(companion.client, booked('provide', route, { travelDate: inDays(20) }));
  expect(await matchOf(seeker.client, needCase)).toBe(inside);
  expect((await readModelUntil(tooLate, () => true)).matchedWith ?? null).toBeNull();
});

test('a cancelled companion is not matched; one posted after the seeker is', async () => {
  const route = freshRoute();
  const cancelling = await createSignedInUser(stack.gatewayUrl);
  const seeker = await createSignedInUser(stack.gatewayUrl);
  const later = await createSignedInUser(stack.gatewayUrl);
  const cancelled = await post(cancelling.client, booked('provide', route));
  await readModelUntil(cancelled, (r) => r.status === 'active');
  expect((await cancelling.client.put(`/api/companions/requests/${cancelled}/cancel`)).status).toBe(200);
  await readModelUntil(cancelled, (r) => r.status === 'removed');

  const needCase = await post(seeker.client, booked('need', route));
  const laterCase = await post(later.client, booked('provide', route));
  expect(await matchOf(seeker.client, needCase)).toBe(laterCase);
  expect((await readModelUntil(cancelled, () => true)).matchedWith ?? null).toBeNull();
});

test("a blocked owner's companion is not matched; unblocked, it is", async () => {
  const route = freshRoute();
  const recorder = await TopicRecorder.start([TOPICS.companionRequests]);
  try {
    const blocked = await createSignedInUser(stack.gatewayUrl);
    const seeker = await createSignedInUser(stack.gatewayUrl);
    const provideCase = await post(blocked.client, booked('provide', route));
    await readModelUntil(provideCase, (r) => r.status === 'active' && !r.hidden);

    const admin = new ApiClient(stack.gatewayUrl);
    await signIn(admin, stack.adminEmail);
    const setStatus = (status: 'Block' | 'Active') =>
      admin.post('/api/auth/update-user-status', {
        phoneNumber: blocked.phone,
        status,
        status_reason: 'test',
      });
    expect((await setStatus('Block')).status).toBe(200);
    await readModelUntil(provideCase, (r) => r.hidden && r.status === 'removed');

    const needCase = await post(seeker.client, booked('need', route));
    await matchingDone(recorder, needCase);
    expect((await readModelUntil(needCase, () => true)).matchedWith ?? null).toBeNull();

    expect((await setStatus('Active')).status).toBe(200);
    expect(await matchOf(seeker.client, needCase)).toBe(provideCase);
  } finally {
    await recorder.stop();
  }
});
