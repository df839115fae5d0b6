/**
 * The departure time and the origin's time zone (addendum §1.4, issue 21): the submission's optional
 * `departureTime` is stored, and every view of the request carries `departure_time` and `origin_timezone`.
 */
import {
  COMPANION_FIELD_MESSAGES,
  addDays,
  companionRequestViewSchema,
  todayIso,
  type CompanionRequestView,
  type CompanionSubmissionInput,
} from '@safarsaathi/contracts';
import { createSignedInUser, waitFor, type ApiClient } from '@safarsaathi/platform/src/testing';
import { startCompanionHarness, type CompanionHarness } from './harness';

let harness: CompanionHarness | undefined;
let client: ApiClient;
beforeAll(async () => {
  harness = await startCompanionHarness('companion-departure-time-test');
  const signedIn = await createSignedInUser(harness.stack.gatewayUrl, { fullname: 'Ravi Nair' });
  client = signedIn.client;
  // Posted once the companion service knows the owner (user_registered consumed), as companion.int.test.ts does.
  const account = await harness.stack.auth.deps.mongo.collection('users').findOne({ email: signedIn.email });
  const userId = String(account!._id);
  const { owners } = harness;
  await waitFor(async () => (await owners.findOne({ _id: userId }).lean()) ?? undefined, 30_000);
});
afterAll(async () => {
  await harness?.stop();
});

const provideInput = (change: Partial<CompanionSubmissionInput> = {}): CompanionSubmissionInput => ({
  serviceType: 'provide',
  fromAirport: 'DEL',
  toAirport: 'JFK',
  airline: 'Air India',
  flightNumber: 'AI 101',
  travelDate: addDays(todayIso(), 30),
  confirmedTicket: true,
  passengerName: 'Ravi Nair',
  passengerAge: 34,
  passengerGender: 'male',
  languagesKnown: 'Hindi, English',
  freeService: true,
  ...change,
});

async function create(input: CompanionSubmissionInput): Promise<CompanionRequestView> {
  const created = await client.post<{ caseid: string }>('/api/companions/requests', input);
  expect(created.status).toBe(200);
  const listed = await client.get<CompanionRequestView[]>('/api/companions/requests');
  expect(listed.status).toBe(200);
  const view = listed.body.find((item) => item.caseid === created.body.caseid);
  expect(view).toBeDefined();
  // The published view schema describes the new fields too.
  expect(companionRequestViewSchema.parse(view)).toEqual(view);
  return view!;
}

test('a departure time from DEL is stored and shown with the origin zone', async () => {
  const view = await create(provideInput({ departureTime: '09:35' }));
  expect(view.departure_time).toBe('09:35');
  expect(view.origin_timezone).toBe('Asia/Kolkata');
  const stored = await harness!.requests.findOne({ caseid: view.caseid }).lean<{ departure_time: unknown }>();
  expect(stored?.departure_time).toBe('09:35');
});

test('without a departure time: null, and the zone is still known', async () => {
  const view = await create(provideInput({ fromAirport: 'LHR', toAirport: 'BOM' }));
  expect(view.departure_time).toBeNull();
  expect(view.origin_timezone).toBe('Europe/London');
});

test('a yet-to-book seeker has no flight, so no departure time', async () => {
  const view = await create({
    serviceType: 'need',
    fromAirport: 'JFK',
    toAirport: 'DEL',
    confirmedTicket: false,
    tentativeFromDate: addDays(todayIso(), 10),
    tentativeToDate: addDays(todayIso(), 20),
    departureTime: '23:59',
    passengerName: 'Kamala Rao',
    passengerAge: 72,
    passengerGender: 'female',
    languagesKnown: 'Hindi',
  });
  expect(view.departure_time).toBeNull();
  expect(view.origin_timezone).toBe('America/New_York');
});

test.each(['25:00', '9:35', '09:60', '0935', ' 09:35'])(
  'an invalid departure time %j is a 400',
  async (time) => {
    const before = await client.get<CompanionRequestView[]>('/api/companions/requests');
    const result = await client.post('/api/companions/requests', provideInput({ departureTime: time }));
    expect(result.status).toBe(400);
    expect(result.body).toEqual({
      error: COMPANION_FIELD_MESSAGES.departureTimeInvalid,
      code: 'companionField.departureTimeInvalid',
      details: { departureTime: COMPANION_FIELD_MESSAGES.departureTimeInvalid },
    });
    expect((await client.get('/api/companions/requests')).body).toEqual(before.body);
  },
);

test('a departure time that is not a string is a 400, not a 500', async () => {
  const result = await client.post('/api/companions/requests', { ...provideInput(), departureTime: 935 });
  expect(result.status).toBe(400);
  expect(result.body).toEqual(
    expect.objectContaining({ error: expect.any(String), details: expect.any(Object) }),
  );
});
