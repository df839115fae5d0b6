/**
 * Posting for family (issue 38, §7) through the whole product, search included: a daughter posts a need
 * request for her mother (`postedFor: "family"`); it is stored and announced with `posted_for`, search
 * shows it with the account holder's first name, and once matched the companion's view carries
 * `matched_companion.posted_for` with the first name of the account whose trust figures it shows. An edit
 * can change it; a provider always travels themselves; requests stored before it read as `self`.
 */
import {
  addDays,
  companionRequestViewSchema,
  todayIso,
  type CompanionSubmissionInput,
  type SearchResult,
} from '@safarsaathi/contracts';
import { waitFor } from '@safarsaathi/platform/src/testing';
import { randomRoute, startCompanionHarness, type CompanionHarness } from './harness';

let harness: CompanionHarness;
beforeAll(async () => {
  harness = await startCompanionHarness('companion-posted-for-test', {}, { withSearch: true });
});
afterAll(async () => {
  await harness?.stop();
});

const input = (
  role: 'need' | 'provide',
  route: { fromAirport: string; toAirport: string },
  passengerName: string,
  change: Partial<CompanionSubmissionInput> = {},
): CompanionSubmissionInput => ({
  serviceType: role,
  ...route,
  airline: 'Air India',
  flightNumber: 'AI 105',
  travelDate: addDays(todayIso(), 20),
  confirmedTicket: true,
  passengerName,
  passengerAge: role === 'need' ? 72 : 24,
  passengerGender: role === 'need' ? 'female' : 'male',
  languagesKnown: 'Hindi, English',
  freeService: true,
  ...change,
});

const published = (type: 'request_created' | 'request_updated', caseid: string) =>
  waitFor(async () =>
    harness.recorder.events.filter((event) => event.type === type && event.key === caseid).at(-1),
  );

test('a daughter posts for her mother: stored, announced, found in search, and both cards say who posted for whom', async () => {
  const route = randomRoute();
  const meera = await harness.traveller('Meera Iyer');
  const arjun = await harness.traveller('Arjun Mehta');
  const need = await harness.create(
    meera.client,
    input('need', route, 'Kamala Devi', { postedFor: 'family' }),
  );

  expect((await harness.stored(need)).posted_for).toBe('family');
  expect((await published('request_created', need)).data).toMatchObject({
    posted_for: 'family',
    ownerFirstName: 'Meera',
    passenger_name: 'Kamala Devi',
  });
  const own = companionRequestViewSchema.parse(await harness.viewOf(meera.client, need));
  expect(own).toMatchObject({ posted_for: 'family', passenger_name: 'Kamala Devi' });

  // Search carries it, with the account holder's first name (whose figures the result shows).
  const found = await waitFor(
    async () =>
      (
        await arjun.client.get<{ results: SearchResult[] }>(
          `/api/search/unified?service=companion&from=${route.fromAirport}`,
        )
      ).body.results?.find((result) => result.caseid === need),
    20_000,
  );
  expect(found).toMatchObject({ posted_for: 'family', owner: 'Meera', passenger_name: 'Kamala Devi' });

  // Arjun offers help on the same flight (his postedFor is his own: ignored) and the two are matched.
  const provide = await harness.create(
    arjun.client,
    input('provide', route, 'Arjun Mehta', { postedFor: 'family' }),
  );
  expect((await harness.stored(provide)).posted_for).toBe('self');
  await waitFor(
    async () => ((await harness.viewOf(meera.client, need)).companion_match ? true : undefined),
    20_000,
  );

  // The companion's card: Kamala travels, Meera posted it, and the trust figures are Meera's account's.
  const arjunView = companionRequestViewSchema.parse(await harness.viewOf(arjun.client, provide));
  expect(arjunView.posted_for).toBe('self');
  expect(arjunView.matched_companion).toMatchObject({
    name: 'Kamala Devi',
    posted_for: 'family',
    owner_first_name: 'Meera',
    trust: { trips_completed: 0, late_cancellations: 0 },
  });
  // The seeker's card: Arjun travels himself.
  const meeraView = companionRequestViewSchema.parse(await harness.viewOf(meera.client, need));
  expect(meeraView.matched_companion).toMatchObject({
    name: 'Arjun Mehta',
    posted_for: 'self',
    owner_first_name: 'Arjun',
  });
  // First names only: the account holder's surname never reaches the other side.
  expect(JSON.stringify(arjunView)).not.toContain('Iyer');
  expect(JSON.stringify(meeraView.matched_companion)).not.toContain(meera.email);

  // An edit says Kamala's daughter is travelling herself after all: stored, announced, and shown to Arjun.
  const edited = await meera.client.put(
    `/api/companions/requests/${need}`,
    input('need', route, 'Meera Iyer', { postedFor: 'self' }),
  );
  expect(edited.status).toBe(200);
  expect((await harness.stored(need)).posted_for).toBe('self');
  expect((await published('request_updated', need)).data).toMatchObject({ posted_for: 'self' });
  await waitFor(async () => {
    const view = await harness.viewOf(arjun.client, provide);
    return view.matched_companion?.posted_for === 'self' ? true : undefined;
  }, 20_000);
});

test('a request stored before posting for family reads as the owner’s own', async () => {
  const route = randomRoute();
  const asha = await harness.traveller('Asha Rao');
  const need = await harness.create(asha.client, input('need', route, 'Asha Rao'));
  await harness.requests.updateOne({ _id: need }, { $unset: { posted_for: '' } });
  expect((await harness.stored(need)).posted_for).toBeUndefined();
  expect(companionRequestViewSchema.parse(await harness.viewOf(asha.client, need)).posted_for).toBe('self');
});
