/**
 * Flight changes (addendum §1.4) through the gateway, with every service and the matching engine on real
 * Kafka, FerretDB/MongoDB, Redis and the mail catcher: the PUT's rules, a match kept when the pair still
 * matches the same way, and a match released by a flight change: both told (notice and e-mail, each in their
 * language and words), both matched again, the released pair's trip gone from both views.
 */
import { randomInt } from 'node:crypto';
import {
  COMPANION_MESSAGES,
  serverTexts,
  TOPICS,
  addDays,
  todayIso,
  type CompanionRequestView,
  type CompanionSubmissionInput,
  type Notification,
} from '@safarsaathi/contracts';
import {
  ApiClient,
  TopicRecorder,
  createMailClient,
  createSignedInUser,
  waitFor,
} from '@safarsaathi/platform/src/testing';
import { startTestStack, type TestStack } from '../../../test/stack';

let stack: TestStack;
let recorder: TopicRecorder;
const mail = createMailClient();
beforeAll(async () => {
  stack = await startTestStack({}, { withSearch: true });
  recorder = await TopicRecorder.start([TOPICS.companionRequests]);
});
afterAll(async () => {
  await recorder?.stop();
  await stack?.stop();
});

const date = addDays(todayIso(), 12);
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const code = () => Array.from({ length: 3 }, () => LETTERS[randomInt(0, 26)]).join('');

function body(
  role: 'need' | 'provide',
  route: { fromAirport: string; toAirport: string },
  change: Partial<CompanionSubmissionInput> = {},
): CompanionSubmissionInput {
  return {
    serviceType: role,
    ...route,
    airline: 'Air India',
    flightNumber: 'AI 101',
    travelDate: date,
    confirmedTicket: true,
    passengerName: role === 'need' ? 'Kamala Rao' : 'Ravi Nair',
    passengerAge: role === 'need' ? 72 : 34,
    passengerGender: role === 'need' ? 'female' : 'male',
    languagesKnown: 'Hindi, English',
    freeService: true,
    ...change,
  };
}

async function post(client: ApiClient, input: CompanionSubmissionInput): Promise<string> {
  const result = await client.post<{ caseid: string }>('/api/companions/requests', input);
  expect(result.status).toBe(200);
  return result.body.caseid;
}

const viewOf = async (client: ApiClient, caseid: string): Promise<CompanionRequestView> => {
  const result = await client.get<CompanionRequestView[]>('/api/companions/requests');
  return result.body.find((item) => item.caseid === caseid)!;
};
const viewUntil = (
  client: ApiClient,
  caseid: string,
  predicate: (view: CompanionRequestView) => boolean,
): Promise<CompanionRequestView> =>
  waitFor(async () => {
    const view = await viewOf(client, caseid);
    return predicate(view) ? view : undefined;
  }, 30_000);

const notices = async (client: ApiClient) =>
  (await client.get<Notification[]>('/api/notifications?limit=50')).body;

test('PUT /api/companions/requests/{caseid}: 200 with the new fields, the role stays, 409 cancelled, 404 for others, 400 for a bad body', async () => {
  const route = { fromAirport: code(), toAirport: code() };
  const owner = await createSignedInUser(stack.gatewayUrl, { fullname: 'Asha Rao' });
  const other = await createSignedInUser(stack.gatewayUrl, { fullname: 'Someone Else' });
  const caseid = await post(
    owner.client,
    body('need', route, {
      departureTime: '09:40',
      emergencyContactName: 'Vijay Rao',
      emergencyContactPhone: '+91 9812345678',
    }),
  );

  const edit = body('need', route, {
    flightNumber: 'AI 202',
    departureTime: '21:05',
    travelDate: addDays(date, 1),
  });
  const changed = await owner.client.put(`/api/companions/requests/${caseid}`, edit);
  expect(changed.status).toBe(200);
  expect(changed.body).toEqual({ success: true, message: COMPANION_MESSAGES.updated, caseid });
  // The emergency contact was left out, so it is removed; the new flight and time show.
  expect(await viewOf(owner.client, caseid)).toMatchObject({
    flight_number: 'AI202',
    date: addDays(date, 1),
    departure_time: '21:05',
    emergency_contact: null,
    status: 'active',
  });
  const updated = await waitFor(
    async () => recorder.events.find((e) => e.type === 'request_updated' && e.key === caseid),
    20_000,
  );
  expect(updated.data).toMatchObject({ caseid, flight_number: 'AI202', version: 1 });
  expect(JSON.stringify(updated.data)).not.toContain('9812345678');

  // The role cannot change; the form's rules answer in the form's words.
  const role = await owner.client.put(`/api/companions/requests/${caseid}`, body('provide', route));
  expect(role.status).toBe(400);
  expect(role.body).toMatchObject({
    error: COMPANION_MESSAGES.roleUnchangeable,
    code: 'companion.roleUnchangeable',
  });
  const bad = await owner.client.put(`/api/companions/requests/${caseid}`, { ...edit, travelDate: 'soon' });
  expect(bad.status).toBe(400);
  expect(bad.body.details).toHaveProperty('travelDate');

  // Someone else's, an unknown one, or signed out.
  expect((await other.client.put(`/api/companions/requests/${caseid}`, edit)).status).toBe(404);
  expect((await owner.client.put('/api/companions/requests/SC-NOSUCH1', edit)).status).toBe(404);
  expect((await new ApiClient(stack.gatewayUrl).put(`/api/companions/requests/${caseid}`, edit)).status).toBe(
    401,
  );
  expect((await viewOf(owner.client, caseid)).flight_number).toBe('AI202');

  // Cancelled: 409, nothing changes.
  expect((await owner.client.put(`/api/companions/requests/${caseid}/cancel`, {})).status).toBe(200);
  const cancelled = await owner.client.put(`/api/companions/requests/${caseid}`, {
    ...edit,
    flightNumber: 'AI 303',
  });
  expect(cancelled.status).toBe(409);
  expect(cancelled.body.error).toBe(COMPANION_MESSAGES.cancelledUnchangeable);
  expect((await viewOf(owner.client, caseid)).flight_number).toBe('AI202');
});

test('a flight change: a match that still holds stays; one that no longer does is released, both are told and matched again', async () => {
  const route = { fromAirport: code(), toAirport: code() };
  const asha = await createSignedInUser(stack.gatewayUrl, { fullname: 'Asha Rao' });
  const ravi = await createSignedInUser(stack.gatewayUrl, { fullname: 'Ravi Nair' });
  const chitra = await createSignedInUser(stack.gatewayUrl, { fullname: 'Chitra Iyer' });
  // Ravi reads his e-mails in Hindi.
  expect((await ravi.client.put('/api/auth/locale', { locale: 'hi' })).status).toBe(200);

  const A = await post(asha.client, body('need', route));
  const B = await post(ravi.client, body('provide', route));
  await viewUntil(asha.client, A, (v) => v.companion_match_caseid === B);
  await viewUntil(ravi.client, B, (v) => v.companion_match_caseid === A);
  const meeting = { place: 'Gate 4, Terminal 3', time: `${date}T06:30:00+05:30` };
  expect((await asha.client.put(`/api/companions/requests/${A}/meeting`, meeting)).status).toBe(200);
  const firstCode = (await viewOf(asha.client, A)).trip.handover_code;
  // Chitra flies the same route and day on AI 202: nobody for her yet.
  const C = await post(
    chitra.client,
    body('provide', route, { flightNumber: 'AI 202', passengerName: 'Chitra Iyer' }),
  );

  // Kept: Asha changes her age and languages on the same flight. Ravi sees it; nobody is released.
  const kept = await asha.client.put(
    `/api/companions/requests/${A}`,
    body('need', route, { passengerAge: 73, languagesKnown: 'Tamil, English' }),
  );
  expect(kept.status).toBe(200);
  const raviKept = await viewUntil(ravi.client, B, (v) => v.matched_companion?.passenger_age === 73);
  expect(raviKept).toMatchObject({ companion_match_caseid: A, trip: { meeting: { place: meeting.place } } });
  expect((await viewOf(asha.client, A)).trip.handover_code).toBe(firstCode);

  // Released: Asha moves to AI 202. She is matched with Chitra; Ravi is free and told, and so is she.
  const moved = await asha.client.put(
    `/api/companions/requests/${A}`,
    body('need', route, { flightNumber: 'AI 202', passengerAge: 73 }),
  );
  expect(moved.status).toBe(200);
  const ashaNow = await viewUntil(asha.client, A, (v) => v.companion_match_caseid === C);
  // A new pair: a trip of its own, a new hand-over code, no meeting point from before.
  expect(ashaNow.trip.meeting).toBeNull();
  expect(ashaNow.trip.handover_code).toMatch(/^\d{6}$/);
  expect(ashaNow.trip.handover_code).not.toBe(firstCode);
  expect(ashaNow.match_details?.main_flight.status).toBe('same_flight');
  const raviNow = await viewUntil(ravi.client, B, (v) => v.companion_match === false);
  expect(raviNow).toMatchObject({ companion_match_caseid: null, trip: { meeting: null, milestones: [] } });

  const told = async (client: ApiClient) =>
    waitFor(
      async () => (await notices(client)).find((n) => n.notification_type === 'match_released'),
      30_000,
    );
  const ashaNotice = await told(asha.client);
  expect(ashaNotice.title).toBe(serverTexts('en').notifications.flight_changed_self.title);
  expect(ashaNotice.text).toMatchObject({
    key: 'flight_changed_self',
    params: expect.objectContaining({ caseid: A, otherCaseid: B, other: expect.any(String) }),
  });
  const raviNotice = await told(ravi.client);
  expect(raviNotice.text).toMatchObject({
    key: 'flight_changed',
    params: expect.objectContaining({ caseid: B, otherCaseid: A, other: expect.any(String) }),
  });

  const ashaMail = await mail.waitForMessageTo(asha.email, {
    timeoutMs: 30_000,
    predicate: (m) => m.Subject.includes(serverTexts('en').notifications.flight_changed_self.title),
  });
  // The same words as the notice, with a button to the request's card.
  expect(ashaMail.Text).toContain(`/companion-service?request=${A}`);
  const raviMail = await mail.waitForMessageTo(ravi.email, {
    timeoutMs: 30_000,
    predicate: (m) => m.Subject.includes('की उड़ान बदल गई'),
  });
  expect(raviMail.Text).toContain(`/companion-service?request=${B}`);

  // Ravi is matched again as if newly posted: a traveller on his flight, posted now, gets him.
  const dev = await createSignedInUser(stack.gatewayUrl, { fullname: 'Dev Menon' });
  const D = await post(dev.client, body('need', route, { passengerName: 'Dev Menon' }));
  await viewUntil(ravi.client, B, (v) => v.companion_match_caseid === D);
  // Each was told once about the released match.
  expect((await notices(asha.client)).filter((n) => n.notification_type === 'match_released')).toHaveLength(
    1,
  );
  expect((await notices(ravi.client)).filter((n) => n.notification_type === 'match_released')).toHaveLength(
    1,
  );
});
