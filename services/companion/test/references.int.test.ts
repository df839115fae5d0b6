/**
 * References after the trip and trust figures (addendum §2.1) through the gateway, against real Kafka,
 * FerretDB/MongoDB and Redis: the window, once per side, the double-blind reveal (both written, and the
 * 14 days), trips completed, the no-show case in support, and trust in search results. Travel dates in
 * the past are written straight into the test database after the match (the form refuses them).
 */
import { randomInt, randomUUID } from 'node:crypto';
import {
  COMPANION_MESSAGES,
  REFERENCE_MESSAGES,
  TOPICS,
  addDays,
  companionRequestViewSchema,
  searchResultSchema,
  todayIso,
  trustAsOf,
  type CompanionRequestView,
  type EventData,
  type CompanionSubmissionInput,
  type SearchResult,
  type Trust,
} from '@safarsaathi/contracts';
import { ApiClient, TopicRecorder, waitFor } from '@safarsaathi/platform/src/testing';
import type { TestStack } from '../../../test/stack';
import {
  randomRoute,
  startCompanionHarness,
  type CompanionHarness,
  type CompanionTraveller,
} from './harness';
import { tripModel, type TripModel } from '../src/persistence/trips';
import { applyMatch } from '../src/use-cases/matches';
import { trustModel } from '../src/persistence/trust';
import { trustOf } from '../src/use-cases/trust';

let harness: CompanionHarness;
let stack: TestStack;
let trips: TripModel;
let trustRecorder: TopicRecorder;
beforeAll(async () => {
  harness = await startCompanionHarness('companion-references-test', {}, { withSearch: true });
  stack = harness.stack;
  trips = tripModel(stack.companion.deps.mongo);
  trustRecorder = await TopicRecorder.start([TOPICS.companionTrust]);
});
afterAll(async () => {
  await trustRecorder?.stop();
  await harness?.stop();
});

const inDays = (days: number) => addDays(todayIso(), days);
const route = randomRoute;

const input = (role: 'need' | 'provide', change: Partial<CompanionSubmissionInput> = {}) =>
  ({
    serviceType: role,
    airline: 'Air India',
    flightNumber: `AI ${randomInt(100, 999)}`,
    travelDate: inDays(0),
    confirmedTicket: true,
    passengerName: role === 'need' ? 'Kamala Rao' : 'Ravi Nair',
    passengerAge: role === 'need' ? 72 : 34,
    passengerGender: role === 'need' ? 'female' : 'male',
    languagesKnown: 'Tamil, English',
    ...route(),
    ...change,
  }) satisfies CompanionSubmissionInput;

type Traveller = CompanionTraveller;

const traveller = (fullname: string) => harness.traveller(fullname);
const stored = (caseid: string) => harness.stored(caseid);
const create = (client: ApiClient, input: CompanionSubmissionInput) => harness.create(client, input);

const viewOf = async (client: ApiClient, caseid: string) =>
  companionRequestViewSchema.parse(await harness.viewOf(client, caseid));

interface Pair {
  seeker: Traveller;
  companion: Traveller;
  need: string;
  provide: string;
}

/** A seeker and a companion matched on one flight today; `travelDate` then moves the trip (test DB). */
async function matched(
  travelDate: string,
  people: { seeker?: Traveller; companion?: Traveller } = {},
): Promise<Pair> {
  const seeker = people.seeker ?? (await traveller('Asha Rao'));
  const companion = people.companion ?? (await traveller('Ravi Nair'));
  // Routes of their own: search never pairs them with anyone (the test matches them itself).
  const need = await create(seeker.client, input('need'));
  const provide = await create(companion.client, input('provide'));
  const deps = stack.companion.deps;
  await applyMatch(
    { logger: deps.logger, requests: harness.requests, live: deps.live, locks: deps.locks, trips },
    {
      matchId: randomUUID(),
      needCaseid: need,
      needUserId: seeker.userId,
      provideCaseid: provide,
      provideUserId: companion.userId,
      match_details: {
        overall_status: 'complete_match',
        main_flight: { status: 'same_flight' },
        layovers: [],
      },
    },
  );
  await waitFor(async () =>
    (await stored(need)).companion_match_caseid === provide &&
    (await stored(provide)).companion_match_caseid === need
      ? true
      : undefined,
  );
  if (travelDate !== inDays(0))
    for (const caseid of [need, provide])
      await harness.requests.updateOne({ _id: caseid }, { $set: { date: travelDate } });
  return { seeker, companion, need, provide };
}

const referencePath = (caseid: string) => `/api/companions/requests/${caseid}/reference`;
const POSITIVE = { rating: 'positive', text: 'Kind, patient and on time at the gate.' } as const;
const NEUTRAL = { rating: 'neutral', text: 'Fine overall, a little late at the start.' } as const;
const NO_SHOW = { rating: 'negative', text: 'Never came to the gate, no message at all.', no_show: true };

const trustIn = async (client: ApiClient, caseid: string) =>
  (await viewOf(client, caseid)).matched_companion?.trust;
const waitForTrust = (client: ApiClient, caseid: string, wanted: (trust: Trust) => boolean) =>
  waitFor(async () => {
    const trust = await trustIn(client, caseid);
    return trust && wanted(trust) ? trust : undefined;
  }, 20_000);

describe('writing a reference (§2.1)', () => {
  test('from the travel date to 30 days after it (409 before and after), once per side, 404 for others and unmatched, 400 for a bad body', async () => {
    const early = await matched(inDays(1));
    const before = await early.seeker.client.post(referencePath(early.need), POSITIVE);
    expect([before.status, before.body.error]).toEqual([409, REFERENCE_MESSAGES.tooEarly]);

    const late = await matched(inDays(-31));
    const after = await late.companion.client.post(referencePath(late.provide), POSITIVE);
    expect([after.status, after.body.error]).toEqual([409, REFERENCE_MESSAGES.tooLate]);

    const { seeker, companion, need, provide } = await matched(inDays(-30));
    for (const body of [
      { ...POSITIVE, text: 'Too short' },
      { ...POSITIVE, text: 'x'.repeat(1001) },
      { ...POSITIVE, rating: 'excellent' },
      { text: POSITIVE.text },
      { ...POSITIVE, no_show: 'yes' },
    ]) {
      const refused = await seeker.client.post(referencePath(need), body);
      expect(refused.status).toBe(400);
      expect(typeof refused.body.error).toBe('string');
    }
    const stranger = await traveller('Lena Solo');
    const foreign = await stranger.client.post(referencePath(need), POSITIVE);
    expect([foreign.status, foreign.body.error]).toEqual([404, COMPANION_MESSAGES.notFound]);
    const alone = await create(stranger.client, input('need'));
    expect((await stranger.client.post(referencePath(alone), POSITIVE)).status).toBe(404);

    const written = await seeker.client.post<CompanionRequestView>(referencePath(need), POSITIVE);
    expect(written.status).toBe(201);
    expect(companionRequestViewSchema.parse(written.body).references).toEqual({
      given: { ...POSITIVE, no_show: false },
      received: null,
      can_write: false,
    });
    const again = await seeker.client.post(referencePath(need), NEUTRAL);
    expect([again.status, again.body.error]).toEqual([409, REFERENCE_MESSAGES.alreadyWritten]);
    // The other side still writes its own, once.
    expect((await companion.client.post(referencePath(provide), NEUTRAL)).status).toBe(201);
    expect((await companion.client.post(referencePath(provide), NEUTRAL)).status).toBe(409);
  });
});

describe('double-blind (§2.1)', () => {
  test('hidden from the person it is about until both wrote; the figures count it only then', async () => {
    const { seeker, companion, need, provide } = await matched(inDays(-2));
    expect((await viewOf(companion.client, provide)).references).toEqual({
      given: null,
      received: null,
      can_write: true,
    });
    expect((await seeker.client.post(referencePath(need), POSITIVE)).status).toBe(201);
    // Ravi sees that Asha wrote, not what.
    expect((await viewOf(companion.client, provide)).references).toEqual({
      given: null,
      received: 'hidden',
      can_write: true,
    });
    // The figures do not give it away meanwhile: the reference reached the trust record, uncounted.
    await waitFor(async () =>
      ((
        await stack.companion.deps.mongo
          .collection('companion_trust')
          .findOne({ _id: companion.userId as never })
      )?.received?.length ?? 0) === 1
        ? true
        : undefined,
    );
    expect((await trustIn(seeker.client, need))?.references).toEqual({
      positive: 0,
      neutral: 0,
      negative: 0,
    });

    const second = await companion.client.post<CompanionRequestView>(referencePath(provide), NEUTRAL);
    expect(second.status).toBe(201);
    expect(second.body.references).toEqual({
      given: { ...NEUTRAL, no_show: false },
      received: { ...POSITIVE, no_show: false },
      can_write: false,
    });
    expect((await viewOf(seeker.client, need)).references.received).toEqual({ ...NEUTRAL, no_show: false });
    // Both revealed: each side's figures count the other's reference.
    const ravi = await waitForTrust(seeker.client, need, (trust) => trust.references.positive === 1);
    expect(ravi).toEqual({
      trips_completed: 0,
      references: { positive: 1, neutral: 0, negative: 0 },
      member_since: todayIso().slice(0, 7),
      late_cancellations: 0,
    });
    await waitForTrust(companion.client, provide, (trust) => trust.references.neutral === 1);
  });

  test('revealed 14 days after the travel date even when only one side wrote', async () => {
    const { seeker, companion, need, provide } = await matched(inDays(-14));
    expect((await companion.client.post(referencePath(provide), NEUTRAL)).status).toBe(201);
    expect((await viewOf(seeker.client, need)).references).toEqual({
      given: null,
      received: { ...NEUTRAL, no_show: false },
      can_write: true,
    });
    await waitForTrust(companion.client, provide, (trust) => trust.references.neutral === 1);

    // One day less: still hidden.
    const recent = await matched(inDays(-13));
    expect((await recent.companion.client.post(referencePath(recent.provide), NEUTRAL)).status).toBe(201);
    expect((await viewOf(recent.seeker.client, recent.need)).references.received).toBe('hidden');
  });
});

describe('trust figures (§2.1)', () => {
  test('a recorded hand-over is a completed trip for both; search shows the figures in full signed in, trips only in public', async () => {
    // Yesterday's trip (its hand-over is still in the window): only past trips count.
    const { seeker, companion, need, provide } = await matched(inDays(-1));
    const code = (await viewOf(seeker.client, need)).trip.handover_code!;
    const handed = await companion.client.post(`/api/companions/requests/${provide}/milestones`, {
      milestone: 'handed_over',
      handover_code: code,
    });
    expect(handed.status).toBe(200);
    await waitForTrust(seeker.client, need, (trust) => trust.trips_completed === 1);
    await waitForTrust(companion.client, provide, (trust) => trust.trips_completed === 1);
    // A no-show reference counts as negative.
    expect((await seeker.client.post(referencePath(need), NO_SHOW)).status).toBe(201);
    expect((await companion.client.post(referencePath(provide), POSITIVE)).status).toBe(201);
    await waitForTrust(seeker.client, need, (trust) => trust.references.negative === 1);

    // Ravi offers help on another flight: search shows his figures from its own read model.
    const offer = input('provide', { travelDate: inDays(40) });
    const caseid = await create(companion.client, offer);
    const from = offer.fromAirport;
    const viewer = await traveller('Vera Viewer');
    const [signedIn] = await waitFor(async () => {
      const found = await viewer.client.get<{ results: SearchResult[] }>(
        `/api/search/unified?service=companion&from=${from}`,
      );
      const results = found.body.results?.filter((result) => result.caseid === caseid) ?? [];
      return results[0]?.trust &&
        'references' in results[0].trust &&
        results[0].trust.references.negative === 1
        ? results
        : undefined;
    }, 30_000);
    expect(searchResultSchema.parse(signedIn).trust).toEqual({
      trips_completed: 1,
      references: { positive: 0, neutral: 0, negative: 1 },
      member_since: todayIso().slice(0, 7),
      late_cancellations: 0,
    });
    const visitor = new ApiClient(stack.gatewayUrl);
    const open = await visitor.get<{ results: SearchResult[] }>(
      `/api/search/public?service=companion&from=${from}`,
    );
    expect(open.body.results.find((result) => result.caseid === caseid)?.trust).toEqual({
      trips_completed: 1,
      late_cancellations: 0,
    });
  });

  test('two fresh accounts that travel together today, hand over and praise each other show nothing today; tomorrow one trip and one reference each, however often they repeat it', async () => {
    const asha = await traveller('Asha Rao');
    const ravi = await traveller('Ravi Nair');
    const trustRecords = stack.companion.deps.mongo.collection<{
      _id: string;
      trips: unknown[];
      received: unknown[];
    }>('companion_trust');
    for (let round = 1; round <= 2; round += 1) {
      const { need, provide } = await matched(inDays(0), { seeker: asha, companion: ravi });
      const code = (await viewOf(asha.client, need)).trip.handover_code!;
      expect(
        (
          await ravi.client.post(`/api/companions/requests/${provide}/milestones`, {
            milestone: 'handed_over',
            handover_code: code,
          })
        ).status,
      ).toBe(200);
      expect((await asha.client.post(referencePath(need), POSITIVE)).status).toBe(201);
      expect((await ravi.client.post(referencePath(provide), POSITIVE)).status).toBe(201);
      // Both records hold this round's trip and reference before anything is read.
      await waitFor(async () => {
        const records = await Promise.all(
          [asha, ravi].map((who) => trustRecords.findOne({ _id: who.userId })),
        );
        return records.every((record) => record?.trips.length === round && record.received.length === round)
          ? true
          : undefined;
      }, 20_000);
      // Today nothing shows, in the card of the trip just made.
      expect((await viewOf(asha.client, need)).matched_companion?.trust).toMatchObject({
        trips_completed: 0,
        references: { positive: 0, neutral: 0, negative: 0 },
      });
    }
    // The figures search reads (the newest trust_updated, through trustAsOf): nothing today, one each tomorrow.
    const tomorrow = inDays(1);
    const events = trustRecorder.events.filter(
      (event) => event.type === 'trust_updated' && (event.data as { userId: string }).userId === ravi.userId,
    );
    const newest = events
      .map((event) => event.data as EventData<'trust_updated'>)
      .sort((a, b) => b.version - a.version)[0]!;
    expect(trustAsOf(newest, todayIso())).toMatchObject({ trips_completed: 0, references: { positive: 0 } });
    expect(trustAsOf(newest, tomorrow)).toMatchObject({
      trips_completed: 1,
      references: { positive: 1, neutral: 0, negative: 0 },
    });
    // And the companion's own figures on a moved day say the same.
    const ctx = { owners: harness.owners, trust: trustModel(stack.companion.deps.mongo) };
    expect(await trustOf(ctx, asha.userId, tomorrow)).toMatchObject({
      trips_completed: 1,
      references: { positive: 1, neutral: 0, negative: 0 },
    });
  });
});

describe('no-shows (§2.1)', () => {
  const noShowCases = (userId: string) =>
    stack.support.deps.mongo.collection('cases').find({ type: 'no_show', subject_user_id: userId }).toArray();

  test('one no-show opens no case; a second within 12 months opens one case about that user, once', async () => {
    const ravi = await traveller('Ravi Nair');
    const first = await matched(inDays(-20), { companion: ravi });
    expect((await first.seeker.client.post(referencePath(first.need), NO_SHOW)).status).toBe(201);
    // The first no-show reached support (its projection) and opened nothing.
    await waitFor(
      async () =>
        (await stack.support.deps.mongo.collection('subject_no_shows').findOne({ _id: ravi.userId as never }))
          ?.entries?.length === 1
          ? true
          : undefined,
      20_000,
    );
    expect(await noShowCases(ravi.userId)).toEqual([]);

    const second = await matched(inDays(-3), { companion: ravi });
    expect((await second.seeker.client.post(referencePath(second.need), NO_SHOW)).status).toBe(201);
    const [opened] = await waitFor(async () => {
      const found = await noShowCases(ravi.userId);
      return found.length > 0 ? found : undefined;
    }, 20_000);
    expect(opened).toMatchObject({ type: 'no_show', subject_user_id: ravi.userId, status: 'open' });
    expect(opened!.caseId).toMatch(/^NS-RF-/);
    // A positive reference from someone else changes nothing; still exactly one case.
    expect((await second.companion.client.post(referencePath(second.provide), POSITIVE)).status).toBe(201);
    await waitForTrust(second.seeker.client, second.need, (trust) => trust.references.negative === 2);
    expect(await noShowCases(ravi.userId)).toHaveLength(1);
  });
});
