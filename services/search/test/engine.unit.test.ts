/** Every matching rule of design brief §5 and the badges of spec §4, table-driven. */
import {
  evaluateMatch,
  matchPlan,
  rankCandidates,
  sharedLanguages,
  type MatchableRequest,
} from '../src/matching/engine';

let counter = 0;
function request(overrides: Partial<MatchableRequest>): MatchableRequest {
  counter += 1;
  return {
    caseid: `SC-${counter}`,
    ownerId: `owner-${counter}`,
    role: 'need',
    from_airport: 'DEL',
    to_airport: 'JFK',
    confirmed_ticket: true,
    date: '2027-03-10',
    tentative_from_date: null,
    tentative_to_date: null,
    airlines: 'Air India',
    flight_number: 'AI101',
    layovers: [],
    languages_known: 'Hindi, English',
    companion_price: 0,
    ...overrides,
  };
}
const need = (o: Partial<MatchableRequest> = {}) => request({ role: 'need', ...o });
const provide = (o: Partial<MatchableRequest> = {}) => request({ role: 'provide', ...o });
const tentativeNeed = (from: string, to: string, o: Partial<MatchableRequest> = {}) =>
  need({
    confirmed_ticket: false,
    date: null,
    airlines: null,
    flight_number: null,
    tentative_from_date: from,
    tentative_to_date: to,
    ...o,
  });

describe('main flight', () => {
  test.each<[string, MatchableRequest, MatchableRequest, string | null, string | null]>([
    ['same date, airline and flight number', need(), provide(), 'same_flight', 'complete_match'],
    [
      'flight number differs in case and spaces only',
      need({ flight_number: 'ai 101' }),
      provide(),
      'same_flight',
      'complete_match',
    ],
    ['same date, other flight', need(), provide({ flight_number: 'AI173' }), 'same_route', 'match'],
    [
      'same date, other airline',
      need(),
      provide({ airlines: 'Emirates', flight_number: 'AI101' }),
      'same_route',
      'match',
    ],
    ['different date', need(), provide({ date: '2027-03-11' }), null, null],
    ['different destination', need(), provide({ to_airport: 'EWR' }), null, null],
    ['different origin', need(), provide({ from_airport: 'BOM' }), null, null],
    [
      'yet-to-book, date inside the range',
      tentativeNeed('2027-03-01', '2027-03-15'),
      provide(),
      'same_route',
      'match',
    ],
    [
      'yet-to-book, date on the range edge',
      tentativeNeed('2027-03-10', '2027-03-10'),
      provide(),
      'same_route',
      'match',
    ],
    ['yet-to-book, date outside the range', tentativeNeed('2027-03-11', '2027-03-15'), provide(), null, null],
  ])('%s', (_name, seeker, companion, mainStatus, overall) => {
    const details = evaluateMatch(seeker, companion);
    expect(details?.main_flight.status ?? null).toBe(mainStatus);
    expect(details?.overall_status ?? null).toBe(overall);
  });

  test('never the same owner', () => {
    expect(evaluateMatch(need({ ownerId: 'same' }), provide({ ownerId: 'same' }))).toBeNull();
  });

  test('need with need, or provide with provide, never match', () => {
    expect(evaluateMatch(need(), need())).toBeNull();
    expect(evaluateMatch(provide(), provide())).toBeNull();
  });
});

describe('layovers', () => {
  const viaDxb = (flight: { airlines?: string; flight_number?: string; date?: string }) => [{ DXB: flight }];
  test.each<[string, MatchableRequest['layovers'], MatchableRequest['layovers'], string, string]>([
    [
      'same connecting flight',
      viaDxb({ airlines: 'Emirates', flight_number: 'EK201', date: '2027-03-11' }),
      viaDxb({ airlines: 'Emirates', flight_number: 'EK201', date: '2027-03-11' }),
      'same_flight',
      'complete_match',
    ],
    [
      'same airport, other flight',
      viaDxb({ airlines: 'Emirates', flight_number: 'EK201' }),
      viaDxb({ airlines: 'Emirates', flight_number: 'EK203' }),
      'same_route',
      'complete_match',
    ],
    [
      'same flight number on another date',
      viaDxb({ airlines: 'Emirates', flight_number: 'EK201', date: '2027-03-11' }),
      viaDxb({ airlines: 'Emirates', flight_number: 'EK201', date: '2027-03-12' }),
      'same_route',
      'complete_match',
    ],
    [
      'companion does not stop there',
      viaDxb({ airlines: 'Emirates', flight_number: 'EK201' }),
      [{ DOH: { airlines: 'Qatar Airways', flight_number: 'QR1' } }],
      'different',
      'match',
    ],
    [
      'companion has no layovers',
      viaDxb({ airlines: 'Emirates', flight_number: 'EK201' }),
      [],
      'different',
      'match',
    ],
  ])('%s', (_name, mine, theirs, layoverStatus, overall) => {
    const details = evaluateMatch(need({ layovers: mine }), provide({ layovers: theirs }));
    expect(details?.layovers).toEqual([
      expect.objectContaining({ airport: 'DXB', status: layoverStatus, user_flight: mine[0]!.DXB }),
    ]);
    expect(details?.overall_status).toBe(overall);
  });

  test('complete_match needs the main flight to be the same flight', () => {
    const layovers = [{ DXB: { airlines: 'Emirates', flight_number: 'EK201' } }];
    expect(
      evaluateMatch(need({ layovers }), provide({ layovers, flight_number: 'AI999' }))?.overall_status,
    ).toBe('match');
  });

  test("the seeker with no layovers ignores the companion's", () => {
    expect(evaluateMatch(need(), provide({ layovers: [{ DXB: {} }] }))).toMatchObject({
      overall_status: 'complete_match',
      layovers: [],
    });
  });
});

describe('ranking', () => {
  test('flight status first, then shared languages, then free before paid, then the earliest', () => {
    const seeker = need({ languages_known: 'Hindi, Tamil' });
    const sameRouteManyLanguages = provide({ flight_number: 'AI173', languages_known: 'Hindi, Tamil' });
    const sameFlightPaid = provide({ languages_known: 'English', companion_price: 50 });
    const sameFlightFree = provide({ languages_known: 'English' });
    const sameFlightHindi = provide({ languages_known: 'hindi', companion_price: 80 });
    const sameFlightHindiEarlier = provide({ languages_known: 'Hindi', companion_price: 80 });
    const ranked = rankCandidates(seeker, [
      sameRouteManyLanguages,
      sameFlightPaid,
      sameFlightFree,
      sameFlightHindiEarlier,
      sameFlightHindi,
    ]);
    expect(ranked.map((r) => r.candidate)).toEqual([
      sameFlightHindiEarlier,
      sameFlightHindi,
      sameFlightFree,
      sameFlightPaid,
      sameRouteManyLanguages,
    ]);
  });

  test('a provide request ranks needs the same way and excludes non-matches', () => {
    const companion = provide();
    const farAway = need({ to_airport: 'LHR' });
    const ownNeed = need({ ownerId: companion.ownerId });
    const fitting = need();
    expect(rankCandidates(companion, [farAway, ownNeed, fitting]).map((r) => r.candidate)).toEqual([fitting]);
  });

  test('shared languages are counted case-insensitively', () => {
    expect(sharedLanguages('Hindi, English, Tamil', 'english,TAMIL , Urdu')).toBe(2);
  });
});

describe('matchPlan (re-matching)', () => {
  const ids = (plan: Array<{ candidate: MatchableRequest; upgrade: boolean }>) =>
    plan.map((step) => [step.candidate.caseid, step.upgrade]);

  test('a free counterpart on the same flight comes first; then an upgradable holder on the same flight; then free ones on the same route', () => {
    const seeker = need();
    const sameRouteFree = provide({ flight_number: 'AI173' });
    const sameFlightFree = provide();
    const holderSameFlight = provide();
    const plan = matchPlan(seeker, [sameRouteFree, sameFlightFree], [holderSameFlight]);
    expect(ids(plan)).toEqual([
      [sameFlightFree.caseid, false],
      [holderSameFlight.caseid, true],
      [sameRouteFree.caseid, false],
    ]);
    expect(plan[1]!.details.main_flight.status).toBe('same_flight');
  });

  test('a holder is only upgraded to the same flight: one on another flight, date or route is never taken from its match', () => {
    const seeker = need();
    const otherFlight = provide({ flight_number: 'AI173' });
    const otherDate = provide({ date: '2027-03-11' });
    const otherRoute = provide({ to_airport: 'EWR' });
    expect(matchPlan(seeker, [], [otherFlight, otherDate, otherRoute])).toEqual([]);
  });

  test('a yet-to-book need, never on the same flight, upgrades nobody', () => {
    expect(matchPlan(tentativeNeed('2027-03-01', '2027-03-15'), [], [provide()])).toEqual([]);
  });

  test('works from the companion side too: a new companion upgrades a need on its flight', () => {
    const companion = provide();
    const holder = need();
    const freeSameRoute = need({ flight_number: 'AI173' });
    expect(ids(matchPlan(companion, [freeSameRoute], [holder]))).toEqual([
      [holder.caseid, true],
      [freeSameRoute.caseid, false],
    ]);
  });

  test('holders are ranked like candidates (complete match, languages, price) and ties keep the given order, oldest first', () => {
    const seeker = need({ layovers: [{ DXB: { airlines: 'Emirates', flight_number: 'EK201' } }] });
    const older = provide({ languages_known: 'Tamil' });
    const newer = provide({ languages_known: 'Tamil' });
    const sharesLanguage = provide({ languages_known: 'Hindi' });
    const complete = provide({
      languages_known: 'Tamil',
      layovers: [{ DXB: { airlines: 'Emirates', flight_number: 'EK201' } }],
    });
    expect(ids(matchPlan(seeker, [], [older, newer, sharesLanguage, complete])).map(([id]) => id)).toEqual([
      complete.caseid,
      sharesLanguage.caseid,
      older.caseid,
      newer.caseid,
    ]);
  });

  test('never the same owner', () => {
    const seeker = need();
    expect(matchPlan(seeker, [], [provide({ ownerId: seeker.ownerId })])).toEqual([]);
  });

  test('a shared language: among candidates equal on the flight, one who shares a language comes first, open or held', () => {
    const seeker = need({ languages_known: 'Gujarati, English' });
    const noneShared = provide({ flight_number: 'AI173', languages_known: 'Tamil' });
    const shared = provide({ flight_number: 'AI173', languages_known: 'gujarati', companion_price: 40 });
    // Free before paid comes after the language.
    expect(ids(matchPlan(seeker, [noneShared, shared], []))).toEqual([
      [shared.caseid, false],
      [noneShared.caseid, false],
    ]);
    // A holder whose pair shares no language is taken by a seeker on the same route who shares one,
    // before an open candidate sharing none; a holder whose pair shares one is never taken for it.
    const heldNoneShared = {
      ...provide({ flight_number: 'AI999', languages_known: 'English' }),
      matchedFlight: 'same_route' as const,
      matchedShares: false,
    };
    const heldShared = { ...heldNoneShared, caseid: 'SC-held-shared', matchedShares: true };
    expect(ids(matchPlan(seeker, [noneShared], [heldShared, heldNoneShared]))).toEqual([
      [heldNoneShared.caseid, true],
      [noneShared.caseid, false],
    ]);
    // An open candidate as good comes before the holder; a seeker sharing no language takes nobody for it.
    expect(ids(matchPlan(seeker, [shared], [heldNoneShared]))).toEqual([
      [shared.caseid, false],
      [heldNoneShared.caseid, true],
    ]);
    expect(matchPlan(need({ languages_known: 'Urdu' }), [], [heldNoneShared])).toEqual([]);
    // A pair on the same flight sharing no language gives way only to one on the same flight sharing one.
    const heldOnFlight = {
      ...provide({ languages_known: 'English' }),
      matchedFlight: 'same_flight' as const,
      matchedShares: false,
    };
    expect(
      matchPlan(need({ flight_number: 'AI173', languages_known: 'English' }), [], [heldOnFlight]),
    ).toEqual([]);
    expect(ids(matchPlan(need({ languages_known: 'English' }), [], [heldOnFlight]))).toEqual([
      [heldOnFlight.caseid, true],
    ]);
  });
});
