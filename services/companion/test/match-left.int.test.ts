/**
 * A companion who leaves (docs/decisions.md "Matches that hold") through the whole product: when a matched
 * party cancels, deletes their profile or is blocked, the other is told within 10 seconds in plain words
 * (in-app notice and e-mail), their card and family link say "Looking for a new companion" and name no
 * one, and they are matched afresh. The trip outlives the requests: the seeker still writes her no-show
 * reference about a companion who cancelled on the travel day, who is counted as a late cancellation.
 */
import {
  SHARE_TEXT,
  addDays,
  companionRequestViewSchema,
  notificationText,
  todayIso,
  type CompanionSubmissionInput,
  type Notification,
  type SharedTrip,
  type ShareLink,
} from '@safarsaathi/contracts';
import { signIdentity } from '@safarsaathi/platform';
import { ApiClient, createMailClient, waitFor } from '@safarsaathi/platform/src/testing';
import {
  randomRoute,
  startCompanionHarness,
  type CompanionHarness,
  type CompanionTraveller,
} from './harness';
import { trustModel } from '../src/persistence/trust';
import { trustOf } from '../src/use-cases/trust';

let harness: CompanionHarness;
beforeAll(async () => {
  harness = await startCompanionHarness('companion-match-left-test', {}, { withSearch: true });
});
afterAll(async () => {
  await harness?.stop();
});

const mail = createMailClient();

const input = (
  role: 'need' | 'provide',
  route: { fromAirport: string; toAirport: string },
  passengerName: string,
  travelDate = addDays(todayIso(), 12),
): CompanionSubmissionInput => ({
  serviceType: role,
  ...route,
  airline: 'Air India',
  flightNumber: 'AI 105',
  travelDate,
  confirmedTicket: true,
  passengerName,
  passengerAge: role === 'need' ? 72 : 24,
  passengerGender: role === 'need' ? 'female' : 'male',
  languagesKnown: 'Hindi, English',
  freeService: true,
  connectingFlights: [],
});

interface Pair {
  daughter: CompanionTraveller;
  arjun: CompanionTraveller;
  need: string;
  provide: string;
  route: { fromAirport: string; toAirport: string };
  familyToken: string;
}

/** Meera posts for her mother Kamala; Arjun offers help on the same flight; they are matched. */
async function matchedPair(travelDate?: string): Promise<Pair> {
  const route = randomRoute();
  const daughter = await harness.traveller('Meera Iyer');
  const arjun = await harness.traveller('Arjun Mehta');
  const need = await harness.create(daughter.client, input('need', route, 'Kamala Devi', travelDate));
  const provide = await harness.create(arjun.client, input('provide', route, 'Arjun Mehta', travelDate));
  await waitFor(
    async () => ((await harness.viewOf(daughter.client, need)).companion_match ? true : undefined),
    20_000,
  );
  const link = await daughter.client.post<ShareLink>('/api/share-links', { kind: 'request', id: need });
  expect(link.status).toBe(200);
  return { daughter, arjun, need, provide, route, familyToken: link.body.token };
}

const family = async (token: string) =>
  (await new ApiClient(harness.stack.gatewayUrl).get<SharedTrip>(`/api/shared/${token}`)).body;

/** The first notice of `key` the user has, once it is there. */
const noticeOf = (client: ApiClient, key: string) =>
  waitFor(
    async () =>
      (await client.get<Notification[]>('/api/notifications?limit=50')).body.find((n) => n.text?.key === key),
    10_000,
    100,
  );

/** What the seeker's card and family link show once the companion left: no one named, a new one looked for. */
async function expectLookingAgain(pair: Pair, formerName: string) {
  const view = companionRequestViewSchema.parse(await harness.viewOf(pair.daughter.client, pair.need));
  expect(view).toMatchObject({ looking_again: true, companion_match: false, matched_companion: null });
  expect(JSON.stringify(view)).not.toContain(formerName);
  const shared = await family(pair.familyToken);
  expect(shared).toMatchObject({ lookingAgain: true, match: null, status: SHARE_TEXT.lookingAgain });
  expect(JSON.stringify(shared)).not.toContain(formerName);
}

test('the companion cancels: within 10 s the seeker is told by name, her card and family page look for a new companion, and a companion who posts next is hers', async () => {
  const pair = await matchedPair();
  const started = Date.now();
  expect((await pair.arjun.client.put(`/api/companions/requests/${pair.provide}/cancel`)).status).toBe(200);

  const notice = await noticeOf(pair.daughter.client, 'companion_left');
  expect(Date.now() - started).toBeLessThan(10_000);
  expect(notice).toMatchObject({
    notification_type: 'match_released',
    message: 'Arjun can no longer travel with Kamala. We are looking for a new companion.',
  });
  expect(notificationText(notice.text!, 'hi').message).toContain('Arjun');
  const email = await mail.waitForMessageTo(pair.daughter.email, {
    predicate: (message) => message.Text.includes('Arjun can no longer travel with Kamala.'),
    timeoutMs: 15_000,
  });
  expect(email.Subject).toContain('Looking for a new companion');
  await expectLookingAgain(pair, 'Arjun');

  // Matched afresh: a new companion on the flight is hers, and the card shows her.
  const vikram = await harness.traveller('Vikram Das');
  const next = await harness.create(vikram.client, input('provide', pair.route, 'Vikram Das'));
  const rematched = await waitFor(async () => {
    const view = await harness.viewOf(pair.daughter.client, pair.need);
    return view.companion_match_caseid === next ? view : undefined;
  }, 20_000);
  expect(rematched).toMatchObject({ looking_again: false, matched_companion: { name: 'Vikram Das' } });
  expect(await family(pair.familyToken)).toMatchObject({
    lookingAgain: false,
    match: { firstName: 'Vikram' },
  });
});

test('the seeker cancels: the companion is told in words of their own side and is free again', async () => {
  const pair = await matchedPair();
  expect((await pair.daughter.client.put(`/api/companions/requests/${pair.need}/cancel`)).status).toBe(200);
  const notice = await noticeOf(pair.arjun.client, 'traveller_left');
  expect(notice.message).toBe(
    'Kamala can no longer travel with you. We will tell you when someone else on your route needs a companion.',
  );
  const view = await harness.viewOf(pair.arjun.client, pair.provide);
  expect(view).toMatchObject({ looking_again: true, companion_match: false, matched_companion: null });
});

test('the companion deletes the profile: the seeker is told without a name, and nothing names him any more', async () => {
  const pair = await matchedPair();
  expect((await pair.arjun.client.delete('/users/delete-account')).status).toBe(200);
  const notice = await noticeOf(pair.daughter.client, 'companion_left_unnamed');
  expect(notice.message).toBe(
    'Your companion can no longer travel with Kamala. We are looking for a new companion.',
  );
  await expectLookingAgain(pair, 'Arjun');
});

test('the companion is blocked: the seeker is released, told and looks for a new companion', async () => {
  const pair = await matchedPair();
  const stack = harness.stack;
  // Straight to auth with a signed admin identity, as companion.int.test.ts does.
  const identity = signIdentity(
    { userId: 'admin', email: 'admin@safarsaathi.test', role: 'admin', sessionId: 'test' },
    stack.auth.deps.config.INTERNAL_HMAC_SECRET,
  );
  const blocked = await fetch(`${stack.auth.url}/api/auth/update-user-status`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...identity },
    body: JSON.stringify({ phoneNumber: pair.arjun.phone, status: 'Block', status_reason: 'Test' }),
  });
  expect(blocked.status).toBe(200);
  await noticeOf(pair.daughter.client, 'companion_left');
  await expectLookingAgain(pair, 'Arjun');
});

test('the trip outlives the requests: after the companion cancels on the travel day the seeker still reports the no-show, he still writes his, and his late cancellation counts', async () => {
  const pair = await matchedPair(todayIso());
  expect((await pair.arjun.client.put(`/api/companions/requests/${pair.provide}/cancel`)).status).toBe(200);
  await noticeOf(pair.daughter.client, 'companion_left');

  const noShow = await pair.daughter.client.post(`/api/companions/requests/${pair.need}/reference`, {
    rating: 'negative',
    text: 'He cancelled at the gate and never came to help.',
    no_show: true,
  });
  expect(noShow.status).toBe(201);
  expect(companionRequestViewSchema.parse(noShow.body).references.given).toMatchObject({ no_show: true });
  // His cancelled request's case id still takes his reference.
  const his = await pair.arjun.client.post(`/api/companions/requests/${pair.provide}/reference`, {
    rating: 'neutral',
    text: 'I had to cancel at the last minute, sorry.',
  });
  expect(his.status).toBe(201);

  // Counted: a matched party who cancelled after the departure's 48-hour mark.
  const ctx = { owners: harness.owners, trust: trustModel(harness.stack.companion.deps.mongo) };
  const trust = await waitFor(async () => {
    const figures = await trustOf(ctx, pair.arjun.userId);
    return figures.late_cancellations === 1 ? figures : undefined;
  }, 20_000);
  expect(trust.late_cancellations).toBe(1);
  expect((await trustOf(ctx, pair.daughter.userId)).late_cancellations).toBe(0);
});
