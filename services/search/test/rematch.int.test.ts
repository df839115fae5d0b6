/**
 * Re-matching (docs/decisions.md "Re-matching") through the whole product: a need holding a same-route
 * match is re-paired with a companion on its exact flight who posts later, the companion it leaves is
 * released (told, free again), and the final pairing is the one the other order of arrival gives.
 */
import { randomUUID } from 'node:crypto';
import {
  CHAT_MESSAGES,
  MATCH_RELEASED_TEXTS,
  TOPICS,
  addDays,
  notificationText,
  todayIso,
  type EventData,
  type EventEnvelope,
} from '@safarsaathi/contracts';
import { EventBus, createLogger } from '@safarsaathi/platform';
import {
  TopicRecorder,
  createSignedInUser,
  testGroup,
  waitFor,
  type ApiClient,
} from '@safarsaathi/platform/src/testing';
import { startTestStack, type TestStack } from '../../../test/stack';
import { requestModel, type StoredRequest } from '../src/persistence/requests';

let stack: TestStack;
let recorder: TopicRecorder;
let bus: EventBus;
beforeAll(async () => {
  stack = await startTestStack({}, { withSearch: true });
  recorder = await TopicRecorder.start([TOPICS.companionRequests, TOPICS.searchMatches]);
  bus = new EventBus({
    clientId: 'rematch-test',
    brokers: process.env.KAFKA_BROKERS!.split(','),
    logger: createLogger('t', 'silent'),
    topicPrefix: process.env.KAFKA_TOPIC_PREFIX,
  });
  await bus.connect();
});
afterAll(async () => {
  await bus.disconnect();
  await recorder.stop();
  await stack.stop();
});

type User = Awaited<ReturnType<typeof createSignedInUser>>;
type Label = 'N' | 'C1' | 'C2';

function freshRoute(): { from: string; to: string } {
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const pick = () => Array.from({ length: 3 }, () => letters[Math.floor(Math.random() * 26)]).join('');
  return { from: pick(), to: pick() };
}

const travelDate = addDays(todayIso(), 20);

/** N: a need on AI 101; C1: a companion on the same route and date, flight AI 173; C2: a companion on AI 101. */
function body(label: Label | 'N3', route: { from: string; to: string }) {
  const role = label === 'N' || label === 'N3' ? 'need' : 'provide';
  return {
    serviceType: role,
    fromAirport: route.from,
    toAirport: route.to,
    airline: 'Air India',
    flightNumber: label === 'C1' || label === 'N3' ? 'AI 173' : 'AI 101',
    travelDate,
    confirmedTicket: true,
    passengerName: role === 'need' ? 'Kamala Devi' : `Companion ${label}`,
    passengerAge: role === 'need' ? 74 : 31,
    passengerGender: role === 'need' ? 'female' : 'male',
    languagesKnown: 'Hindi, English',
    freeService: true,
    connectingFlights: [],
  };
}

const readModel = () => requestModel(stack.search!.deps.mongo);

function readModelUntil(
  caseid: string,
  predicate: (request: StoredRequest) => boolean,
): Promise<StoredRequest> {
  return waitFor(
    async () => {
      const request = await readModel().findById(caseid).lean<StoredRequest>();
      return request && predicate(request) ? request : undefined;
    },
    25_000,
    100,
  );
}

/** Waits until the `search` group has handled the request_created envelope `id`. */
async function handledBySearch(id: string): Promise<void> {
  const markers = stack.search!.deps.mongo.collection<{ _id: string; processedAt?: Date }>(
    'processed_events',
  );
  await waitFor(async () => {
    const marker = await markers.findOne({ _id: `${testGroup('search-test')}:request_created|${id}` });
    return marker?.processedAt ? true : undefined;
  }, 25_000);
}

async function createdEnvelope(caseid: string): Promise<EventEnvelope<EventData<'request_created'>>> {
  return (await waitFor(
    async () => recorder.events.findLast((e) => e.type === 'request_created' && e.key === caseid),
    20_000,
  )) as EventEnvelope<EventData<'request_created'>>;
}

interface Scenario {
  route: { from: string; to: string };
  users: Record<Label, User>;
  ids: Record<Label, string>;
}

/** Posts the three requests in `order`, each only once search has handled the one before (a real order of arrival). */
async function postInOrder(
  order: Label[],
  between?: (posted: Partial<Record<Label, string>>, users: Record<Label, User>) => Promise<void>,
): Promise<Scenario> {
  const route = freshRoute();
  const users = {
    N: await createSignedInUser(stack.gatewayUrl, { fullname: 'Meera Iyer' }),
    C1: await createSignedInUser(stack.gatewayUrl, { fullname: 'Rahul Verma' }),
    C2: await createSignedInUser(stack.gatewayUrl, { fullname: 'Vikram Das' }),
  };
  const ids: Partial<Record<Label, string>> = {};
  for (const label of order) {
    const result = await users[label].client.post('/api/companions/requests', body(label, route));
    expect(result.status).toBe(200);
    ids[label] = String(result.body.caseid);
    await handledBySearch((await createdEnvelope(ids[label]!)).id);
    await between?.(ids, users);
  }
  return { route, users, ids: ids as Record<Label, string> };
}

/** The companion service's view ('Your Match') of `caseid` once `predicate` holds. */
async function companionView(
  client: ApiClient,
  caseid: string,
  predicate: (request: Record<string, unknown>) => boolean,
): Promise<Record<string, unknown>> {
  return waitFor(
    async () => {
      const list = await client.get<Array<Record<string, unknown>>>('/api/companions/requests');
      const found = list.body.find((r) => r.caseid === caseid);
      return found && predicate(found) ? found : undefined;
    },
    25_000,
    200,
  );
}

/** Who each request ends up with, by label: the same for every order of arrival. */
async function pairingOf({ ids }: Scenario): Promise<Record<Label, Label | null>> {
  const labelOf = (caseid: string | null | undefined) =>
    (Object.keys(ids) as Label[]).find((label) => ids[label] === caseid) ?? null;
  const pairing = {} as Record<Label, Label | null>;
  for (const label of Object.keys(ids) as Label[])
    pairing[label] = labelOf((await readModel().findById(ids[label]).lean<StoredRequest>())?.matchedWith);
  return pairing;
}

const eventsAbout = (type: string, caseid: string) =>
  recorder.events.filter(
    (e) =>
      e.type === type &&
      [
        (e.data as { caseid?: string }).caseid,
        (e.data as { needCaseid?: string }).needCaseid,
        (e.data as { provideCaseid?: string }).provideCaseid,
      ].includes(caseid),
  );

const released = (caseid: string) =>
  eventsAbout('match_released', caseid).filter((e) => (e.data as { caseid: string }).caseid === caseid);

async function releaseNotices(user: User): Promise<Array<{ title: string; message: string }>> {
  const list = await user.client.get<Array<{ title: string; message: string }>>(
    '/api/notifications?limit=50',
  );
  return list.body.filter((n) => n.title === MATCH_RELEASED_TEXTS.title);
}

const EXPECTED: Record<Label, Label | null> = { N: 'C2', C1: null, C2: 'N' };
let upgraded: Scenario;

test('a need matched same-route is re-paired with a companion on its flight who posts later; the companion it leaves is released, told and free again', async () => {
  let conversationId = '';
  upgraded = await postInOrder(['N', 'C1', 'C2'], async (ids, users) => {
    if (!ids.C1 || ids.C2) return;
    // Before C2 posts: N is matched same-route with C1, and they have started a chat.
    const need = await companionView(users.N.client, ids.N!, (r) => r.companion_match === true);
    expect(need).toMatchObject({
      companion_match_caseid: ids.C1,
      match_details: { main_flight: { status: 'same_route' } },
    });
    const chat = await users.N.client.post<{ conversation_id: string }>('/api/chat/start-chat', {
      user_caseid: ids.N,
      matched_caseid: ids.C1,
    });
    expect(chat.status).toBe(200);
    conversationId = chat.body.conversation_id;
    expect(
      (
        await users.N.client.post(`/api/chat/conversations/${conversationId}/messages`, {
          message_text: 'Hello, see you at the gate?',
        })
      ).status,
    ).toBe(200);
  });
  const { ids, users } = upgraded;

  // 'Your Match' in the companion service: N shows C2 on the same flight, C2 shows N, C1 shows no match.
  const need = await companionView(users.N.client, ids.N, (r) => r.companion_match_caseid === ids.C2);
  expect(need).toMatchObject({
    companion_match: true,
    match_details: { overall_status: 'complete_match', main_flight: { status: 'same_flight' } },
    matched_companion: { name: 'Companion C2' },
  });
  await companionView(users.C2.client, ids.C2, (r) => r.companion_match_caseid === ids.N);
  const left = await companionView(users.C1.client, ids.C1, (r) => r.companion_match === false);
  expect(left).toMatchObject({ companion_match_caseid: null, matched_companion: null, match_details: null });

  // The matching read model agrees, and the events say what changed.
  expect(await pairingOf(upgraded)).toEqual(EXPECTED);
  expect(await readModelUntil(ids.N, () => true)).toMatchObject({
    matchedFlight: 'same_flight',
    leftBehind: ids.C1,
  });
  const found = eventsAbout('match_found', ids.N).map((e) => e.data as EventData<'match_found'>);
  expect(found.map((m) => m.provideCaseid)).toEqual([ids.C1, ids.C2]);
  expect(found[1]!.needRevision!).toBeGreaterThan(found[0]!.needRevision!);
  const release = await waitFor(async () => released(ids.C1)[0]);
  expect(release.data).toEqual({
    matchId: `${ids.N}:${ids.C1}`,
    caseid: ids.C1,
    userId: (await readModelUntil(ids.C1, () => true)).ownerId,
    formerCaseid: ids.N,
    // Whose key seals the former's name (issue 40: crypto-shredding).
    formerUserId: (await readModelUntil(ids.N, () => true)).ownerId,
    revision: expect.any(Number),
    reopened: true,
    // For C1's notice: who moved on, and C1's own trip.
    releasedRole: 'provide',
    formerFirstName: 'Kamala',
    travellerFirstName: 'Kamala',
    summary: {
      firstName: 'Companion',
      flight: 'AI173',
      date: travelDate,
      dateTo: null,
      from: upgraded.route.from,
      to: upgraded.route.to,
    },
  });
  expect((release.data as EventData<'match_released'>).revision).toBeGreaterThan(found[0]!.provideRevision!);

  // C1's owner is told once, in the app; N and C2 hear of their new match as of any match.
  const notices = await waitFor(async () => {
    const list = await releaseNotices(users.C1);
    return list.length > 0 ? list : undefined;
  }, 20_000);
  // Named: the traveller who moved on, and C1's own trip.
  expect(notices).toEqual([
    expect.objectContaining({
      message: MATCH_RELEASED_TEXTS.message({ other: 'Kamala', flight: 'AI173', date: travelDate }),
    }),
  ]);
  await waitFor(async () => {
    const list = await users.C2.client.get<Array<{ notification_type: string }>>(
      '/api/notifications?limit=50',
    );
    return list.body.some((n) => n.notification_type === 'match_found') ? true : undefined;
  }, 20_000);

  // Chat: the old pair can no longer start a chat as a match, their conversation stays readable; the new pair can.
  const refused = await users.N.client.post('/api/chat/start-chat', {
    user_caseid: ids.N,
    matched_caseid: ids.C1,
  });
  expect(refused.status).toBe(409);
  expect(refused.body.error).toBe(CHAT_MESSAGES.notMatched);
  const history = await users.C1.client.get<{ messages: Array<{ text: string }> }>(
    `/api/chat/conversations/${conversationId}/messages`,
  );
  expect(history.status).toBe(200);
  expect(JSON.stringify(history.body)).toContain('Hello, see you at the gate?');
  expect(
    (await users.N.client.post('/api/chat/start-chat', { user_caseid: ids.N, matched_caseid: ids.C2 }))
      .status,
  ).toBe(200);

  // C1 is free again: a need on C1's own flight, posted later, gets it (same flight, so it is not upgraded away).
  const another = await createSignedInUser(stack.gatewayUrl);
  const n3 = await another.client.post('/api/companions/requests', body('N3', upgraded.route));
  expect(n3.status).toBe(200);
  const matched = await companionView(
    another.client,
    String(n3.body.caseid),
    (r) => r.companion_match === true,
  );
  expect(matched).toMatchObject({
    companion_match_caseid: ids.C1,
    match_details: { main_flight: { status: 'same_flight' } },
  });
  await companionView(users.C1.client, ids.C1, (r) => r.companion_match_caseid === n3.body.caseid);
});

test('the other order of arrival (C2 first) ends in the same pairing, with nobody released', async () => {
  const scenario = await postInOrder(['C2', 'C1', 'N']);
  await readModelUntil(scenario.ids.N, (r) => !!r.matchedWith);
  expect(await pairingOf(scenario)).toEqual(EXPECTED);
  await companionView(
    scenario.users.N.client,
    scenario.ids.N,
    (r) => r.companion_match_caseid === scenario.ids.C2,
  );
  expect(released(scenario.ids.C1)).toEqual([]);
  expect(eventsAbout('match_found', scenario.ids.C1)).toEqual([]);
});

test('the same events handled again change nothing: no new events, the same read model, views and notices', async () => {
  const { ids, users } = upgraded;
  const snapshot = async () =>
    Promise.all(
      (Object.keys(ids) as Label[]).map((label) => readModel().findById(ids[label]).lean<StoredRequest>()),
    );
  const before = await snapshot();
  const matchEvents = recorder.events.filter(
    (e) => e.type === 'match_found' || e.type === 'match_released',
  ).length;

  // Kafka may deliver an event again after a restart, past the processed-events marker: a copy with a new id.
  const created = await createdEnvelope(ids.C2);
  const copy = { ...created, id: randomUUID() };
  await bus.publishEnvelope(copy);
  await handledBySearch(copy.id);
  const release = released(ids.C1)[0]!;
  const releaseCopy = { ...release, id: randomUUID() };
  await bus.publishEnvelope(releaseCopy);
  // And the first match's match_found, late: it must not bring C1 back.
  const firstMatch = eventsAbout('match_found', ids.N)[0]!;
  const lateCopyId = randomUUID();
  await bus.publishEnvelope({ ...firstMatch, id: lateCopyId });
  // Wait until every consumer of search.matches.v1 has handled both copies.
  for (const [service, group] of [
    [stack.companion, 'companion-test'],
    [stack.chat, 'chat-test'],
    [stack.notifications, 'notifications-test'],
  ] as const) {
    const markers = service.deps.mongo.collection<{ _id: string; processedAt?: Date }>('processed_events');
    for (const event of [releaseCopy, { ...firstMatch, id: lateCopyId }]) {
      await waitFor(
        async () =>
          (await markers.findOne({ _id: `${testGroup(group)}:${event.type}|${event.id}` }))?.processedAt
            ? true
            : undefined,
        20_000,
      );
    }
  }
  await new Promise((resolve) => setTimeout(resolve, 1000));

  expect(await snapshot()).toEqual(before);
  expect(recorder.events.filter((e) => e.type === 'match_found' || e.type === 'match_released').length).toBe(
    matchEvents + 2,
  );
  await companionView(users.N.client, ids.N, (r) => r.companion_match_caseid === ids.C2);
  const c1 = await companionView(users.C1.client, ids.C1, () => true);
  expect(c1.companion_match_caseid).not.toBe(ids.N);
  expect(await releaseNotices(users.C1)).toHaveLength(1);
  const refused = await users.N.client.post('/api/chat/start-chat', {
    user_caseid: ids.N,
    matched_caseid: ids.C1,
  });
  expect(refused.status).toBe(409);
});

test("from the other side: a need on a companion's flight takes it from a same-route need, which is then matched afresh with a free companion", async () => {
  const route = freshRoute();
  /** Posts a request on `flight` and waits until search has handled it; returns its case id. */
  const post = async (role: 'need' | 'provide', flight: string) => {
    const user = await createSignedInUser(stack.gatewayUrl);
    const result = await user.client.post('/api/companions/requests', {
      ...body(role === 'need' ? 'N' : 'C2', route),
      flightNumber: flight,
    });
    expect(result.status).toBe(200);
    const caseid = String(result.body.caseid);
    await handledBySearch((await createdEnvelope(caseid)).id);
    return caseid;
  };
  const finalPairing = async (ids: Record<string, string>) => {
    const labelOf = (caseid: string | null | undefined) =>
      Object.keys(ids).find((label) => ids[label] === caseid) ?? null;
    const pairing: Record<string, string | null> = {};
    for (const label of Object.keys(ids))
      pairing[label] = labelOf((await readModel().findById(ids[label]).lean<StoredRequest>())?.matchedWith);
    return pairing;
  };
  const expected = { P: 'N2', N2: 'P', N1: 'C3', C3: 'N1' };

  // P (AI 101) and N1 (AI 173) match on the same route; C3 (AI 999) finds nobody free; N2 (AI 101) takes P.
  const first: Record<string, string> = {};
  first.P = await post('provide', 'AI 101');
  first.N1 = await post('need', 'AI 173');
  expect((await readModelUntil(first.N1, () => true)).matchedWith).toBe(first.P);
  first.C3 = await post('provide', 'AI 999');
  expect((await readModelUntil(first.C3, () => true)).matchedWith ?? null).toBeNull();
  first.N2 = await post('need', 'AI 101');
  expect(await finalPairing(first)).toEqual(expected);
  expect(released(first.N1).map((e) => e.data)).toEqual([
    expect.objectContaining({
      matchId: `${first.N1}:${first.P}`,
      caseid: first.N1,
      userId: expect.any(String),
      formerCaseid: first.P,
      revision: expect.any(Number),
      reopened: true,
      releasedRole: 'need',
    }),
  ]);

  // The same requests in another order: nobody is ever released.
  const second: Record<string, string> = {};
  second.N2 = await post('need', 'AI 101');
  second.P = await post('provide', 'AI 101');
  second.N1 = await post('need', 'AI 173');
  second.C3 = await post('provide', 'AI 999');
  expect(await finalPairing(second)).toEqual(expected);
  expect(released(second.N1)).toEqual([]);
});

test('a shared language (addendum §4): among companions equal on the flight, the one who speaks the traveller’s language ends up with her, in every order of arrival', async () => {
  // N speaks Gujarati; C1 (Tamil) and C2 (Gujarati, Hindi) are both on N's route and date, neither on her flight.
  const spec: Record<Label, { role: 'need' | 'provide'; flightNumber: string; languagesKnown: string }> = {
    N: { role: 'need', flightNumber: 'AI 101', languagesKnown: 'Gujarati' },
    C1: { role: 'provide', flightNumber: 'AI 173', languagesKnown: 'Tamil' },
    C2: { role: 'provide', flightNumber: 'AI 999', languagesKnown: 'Gujarati, Hindi' },
  };
  const orders: Label[][] = [
    ['N', 'C1', 'C2'],
    ['N', 'C2', 'C1'],
    ['C1', 'N', 'C2'],
    ['C1', 'C2', 'N'],
    ['C2', 'N', 'C1'],
    ['C2', 'C1', 'N'],
  ];
  // Three travellers post on six routes, one per order; the orders run side by side, each request posted
  // once search handled the one before.
  const users = {} as Record<Label, User>;
  for (const label of ['N', 'C1', 'C2'] as const) users[label] = await createSignedInUser(stack.gatewayUrl);
  const scenarios = await Promise.all(
    orders.map(async (order) => {
      const route = freshRoute();
      const ids = {} as Record<Label, string>;
      for (const label of order) {
        const user = users[label];
        const result = await user.client.post('/api/companions/requests', {
          ...body(label, route),
          flightNumber: spec[label].flightNumber,
          languagesKnown: spec[label].languagesKnown,
        });
        expect(result.status).toBe(200);
        ids[label] = String(result.body.caseid);
        await handledBySearch((await createdEnvelope(ids[label])).id);
      }
      return { order, ids };
    }),
  );
  for (const { order, ids } of scenarios) {
    await readModelUntil(ids.N, (r) => r.matchedWith === ids.C2);
    const pairing = await pairingOf({ ids } as Scenario);
    expect({ order, pairing }).toEqual({ order, pairing: { N: 'C2', C1: null, C2: 'N' } });
    expect(await readModelUntil(ids.N, () => true)).toMatchObject({
      matchedFlight: 'same_route',
      matchedShares: true,
    });
    // C1 was matched with N only when it came before C2 and N was there: then it was released, and said so.
    const c1First = order.indexOf('C1') < order.indexOf('C2');
    const nBeforeC2 = order.indexOf('N') < order.indexOf('C2');
    const expectRelease = c1First && nBeforeC2;
    if (expectRelease) {
      const release = await waitFor(async () => released(ids.C1)[0]);
      expect(release.data).toMatchObject({ caseid: ids.C1, formerCaseid: ids.N, reason: 'shared_language' });
      // Told why in words that fit: someone who speaks the traveller's language, not someone on her flight.
      const { message } = notificationText({
        key: 'match_released_language',
        params: { caseid: ids.C1, other: 'Kamala', flight: 'AI173', date: travelDate },
      });
      await waitFor(
        async () => ((await releaseNotices(users.C1)).some((n) => n.message === message) ? true : undefined),
        20_000,
      );
    }
    expect(released(ids.C1).length).toBe(expectRelease ? 1 : 0);
  }
});
