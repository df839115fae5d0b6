/** The matching read model's pure layout rules: bucket keys, candidate lookups, member filters, guards. */
import type { RequestCreated } from '../src/persistence/requests';
import {
  MAX_TENTATIVE_LOOKUP_DAYS,
  bucketKeyOf,
  bucketsOf,
  candidateBucketKeysOf,
  memberFits,
  memberOf,
  upgradableBucketKeysOf,
  upgradableKeyOf,
  type BucketMember,
} from '../src/persistence/buckets';
import { isLocked, isUpgradable, newStoredRequest, type StoredRequest } from '../src/persistence/requests';
import { ownersOf } from '../src/persistence/owners';
import { guardedFilter, meetsConditions } from '../src/persistence/guarded-writes';
import { evaluateMatch } from '../src/matching/engine';
import { requestCreated } from './fixtures';

const request = requestCreated;
const need = (o: Partial<RequestCreated> = {}) => request({ role: 'need', ...o });
const provide = (o: Partial<RequestCreated> = {}) => request({ role: 'provide', ...o });
const yetToBook = (from: string, to: string, o: Partial<RequestCreated> = {}) =>
  need({
    confirmed_ticket: false,
    date: null,
    airlines: null,
    flight_number: null,
    tentative_from_date: from,
    tentative_to_date: to,
    ...o,
  });

const EARLIEST = '2027-01-01';

describe('bucketKeyOf', () => {
  test.each<[string, RequestCreated, string | null]>([
    ['companion (always booked)', provide(), 'provide|DEL|JFK|2027-03-10'],
    ['booked need', need(), 'need|DEL|JFK|2027-03-10'],
    ['yet-to-book need', yetToBook('2027-03-01', '2027-03-05'), 'need|DEL|JFK|tentative'],
    [
      'yet-to-book need without a range',
      yetToBook('2027-03-01', '2027-03-05', { tentative_to_date: null }),
      null,
    ],
    ['booked need without a date', need({ date: null }), null],
    ['companion without a date', provide({ date: null }), null],
    ['not a companion request', need({ service_type: 'ride' }), null],
  ])('%s', (_name, input, key) => {
    expect(bucketKeyOf(input)).toBe(key);
  });
});

describe('memberOf', () => {
  test('a booked request: case id, owner and creation time, in that order', () => {
    const booked = provide({ caseid: 'SC-A', ownerId: 'o-A', createdAt: '2027-01-02T00:00:00.000Z' });
    const member = memberOf(booked);
    expect(member).toEqual({ caseid: 'SC-A', ownerId: 'o-A', createdAt: '2027-01-02T00:00:00.000Z' });
    expect(Object.keys(member)).toEqual(['caseid', 'ownerId', 'createdAt']);
  });

  test('a yet-to-book need also carries its range', () => {
    const member = memberOf(yetToBook('2027-03-01', '2027-03-05', { caseid: 'SC-B', ownerId: 'o-B' }));
    expect(Object.keys(member)).toEqual([
      'caseid',
      'ownerId',
      'createdAt',
      'tentative_from_date',
      'tentative_to_date',
    ]);
    expect(member).toMatchObject({ tentative_from_date: '2027-03-01', tentative_to_date: '2027-03-05' });
  });

  test('built identically every time (an exact $pull must find it)', () => {
    const input = yetToBook('2027-03-01', '2027-03-05');
    expect(JSON.stringify(memberOf({ ...input }))).toBe(JSON.stringify(memberOf(input)));
  });
});

describe('candidateBucketKeysOf', () => {
  test.each<[string, RequestCreated, string[]]>([
    ['booked need: companions on that date', need(), ['provide|DEL|JFK|2027-03-10']],
    [
      'companion: booked needs on its date, then yet-to-book needs',
      provide(),
      ['need|DEL|JFK|2027-03-10', 'need|DEL|JFK|tentative'],
    ],
    [
      'yet-to-book need: one companion bucket per day of the range',
      yetToBook('2027-03-01', '2027-03-03'),
      ['provide|DEL|JFK|2027-03-01', 'provide|DEL|JFK|2027-03-02', 'provide|DEL|JFK|2027-03-03'],
    ],
    [
      'yet-to-book need, one-day range',
      yetToBook('2027-03-01', '2027-03-01'),
      ['provide|DEL|JFK|2027-03-01'],
    ],
    [
      'yet-to-book range partly past: starts at the earliest date',
      yetToBook('2026-12-30', '2027-01-02'),
      ['provide|DEL|JFK|2027-01-01', 'provide|DEL|JFK|2027-01-02'],
    ],
    ['yet-to-book range wholly past', yetToBook('2026-12-01', '2026-12-31'), []],
    ['not a companion request', need({ service_type: 'document' }), []],
    ['booked need without a date', need({ date: null }), []],
  ])('%s', (_name, seeker, keys) => {
    expect(candidateBucketKeysOf(seeker, EARLIEST)).toEqual(keys);
  });

  test(`a long yet-to-book range is looked up for its first ${MAX_TENTATIVE_LOOKUP_DAYS} days`, () => {
    const keys = candidateBucketKeysOf(yetToBook('2027-03-01', '2027-06-30'), EARLIEST);
    expect(keys).toHaveLength(MAX_TENTATIVE_LOOKUP_DAYS);
    expect(keys[0]).toBe('provide|DEL|JFK|2027-03-01');
    expect(keys.at(-1)).toBe('provide|DEL|JFK|2027-03-31');
  });
});

describe('memberFits', () => {
  const seeker = provide({ caseid: 'SC-SEEKER', ownerId: 'o-SEEKER', date: '2027-03-10' });
  const member = (o: Partial<BucketMember>): BucketMember => ({
    caseid: 'SC-OTHER',
    ownerId: 'o-OTHER',
    createdAt: '2027-01-01T00:00:00.000Z',
    ...o,
  });
  test.each<[string, BucketMember, boolean]>([
    ["someone else's booked request", member({}), true],
    ['the seeker itself', member({ caseid: 'SC-SEEKER' }), false],
    ['another request of the same owner', member({ ownerId: 'o-SEEKER' }), false],
    [
      'a range holding the date',
      member({ tentative_from_date: '2027-03-01', tentative_to_date: '2027-03-15' }),
      true,
    ],
    [
      'a range starting on the date',
      member({ tentative_from_date: '2027-03-10', tentative_to_date: '2027-03-15' }),
      true,
    ],
    [
      'a range ending on the date',
      member({ tentative_from_date: '2027-03-01', tentative_to_date: '2027-03-10' }),
      true,
    ],
    [
      'a range ending the day before',
      member({ tentative_from_date: '2027-03-01', tentative_to_date: '2027-03-09' }),
      false,
    ],
    [
      'a range starting the day after',
      member({ tentative_from_date: '2027-03-11', tentative_to_date: '2027-03-15' }),
      false,
    ],
  ])('%s: %s', (_name, candidate, fits) => {
    expect(memberFits(seeker, candidate)).toBe(fits);
  });
});

describe('the buckets find every counterpart the engine matches (and the engine decides the rest)', () => {
  const dates = ['2027-03-09', '2027-03-10', '2027-03-11'];
  const needs = [
    ...dates.map((date) => need({ date })),
    yetToBook('2027-03-10', '2027-03-10'),
    yetToBook('2027-03-08', '2027-03-10'),
    yetToBook('2027-03-11', '2027-03-20'),
    need({ to_airport: 'EWR' }),
  ];
  const companions = [...dates.map((date) => provide({ date })), provide({ from_airport: 'BOM' })];

  /** What a lookup from `seeker` would load: the fitting members of its candidate buckets. */
  function found(seeker: RequestCreated, others: RequestCreated[]): string[] {
    const buckets = new Map(bucketsOf(others).map((bucket) => [bucket._id, bucket.members]));
    return candidateBucketKeysOf(seeker, EARLIEST)
      .flatMap((key) => buckets.get(key) ?? [])
      .filter((member) => memberFits(seeker, member))
      .map((member) => member.caseid);
  }

  test.each(needs.flatMap((n) => companions.map((c) => [n, c] as const)))(
    'need %# both ways',
    (seeker, companion) => {
      const matches = evaluateMatch(seeker as never, companion as never) !== null;
      expect(found(seeker, [companion]).includes(companion.caseid)).toBe(matches);
      expect(found(companion, [seeker]).includes(seeker.caseid)).toBe(matches);
    },
  );
});

describe('bucketsOf and ownersOf (bulk writes)', () => {
  test('requests are grouped by bucket; requests that are never matched are left out', () => {
    const a = provide({ caseid: 'SC-1A' });
    const b = provide({ caseid: 'SC-1B' });
    const c = yetToBook('2027-03-01', '2027-03-05', { caseid: 'SC-1C' });
    const ride = provide({ caseid: 'SC-1D', service_type: 'ride' });
    expect(bucketsOf([a, b, c, ride])).toEqual([
      { _id: 'provide|DEL|JFK|2027-03-10', members: [memberOf(a), memberOf(b)] },
      { _id: 'need|DEL|JFK|tentative', members: [memberOf(c)] },
    ]);
  });

  test('an owner lists each of their case ids once', () => {
    expect(
      ownersOf([
        { caseid: 'SC-1', ownerId: 'o-1' },
        { caseid: 'SC-2', ownerId: 'o-2' },
        { caseid: 'SC-3', ownerId: 'o-1' },
        { caseid: 'SC-1', ownerId: 'o-1' },
      ]),
    ).toEqual([
      { _id: 'o-1', caseids: ['SC-1', 'SC-3'] },
      { _id: 'o-2', caseids: ['SC-2'] },
    ]);
  });
});

describe('guarded writes', () => {
  const document = {
    _id: 'SC-1',
    status: 'active',
    hidden: false,
    matchedWith: null,
    lastEventAt: '2027-01-02T00:00:00.000Z',
  };
  test.each<[string, object | null, Parameters<typeof meetsConditions>[1], boolean]>([
    ['equality holds', document, { status: 'active', hidden: false }, true],
    ['equality fails', document, { status: 'removed' }, false],
    ['null matches null', document, { matchedWith: null }, true],
    ['null matches a missing field', { _id: 'SC-1' }, { matchedWith: null }, true],
    ['null does not match a value', { ...document, matchedWith: 'SC-2' }, { matchedWith: null }, false],
    ['$lte: an older stored event', document, { lastEventAt: { $lte: '2027-01-03T00:00:00.000Z' } }, true],
    [
      '$lte: the same event again (redelivery)',
      document,
      { lastEventAt: { $lte: '2027-01-02T00:00:00.000Z' } },
      true,
    ],
    ['$lte: a newer stored event', document, { lastEventAt: { $lte: '2027-01-01T00:00:00.000Z' } }, false],
    ['$lte: a missing field', { _id: 'SC-1' }, { lastEventAt: { $lte: '2027-01-01T00:00:00.000Z' } }, false],
    ['no document', null, {}, false],
  ])('%s', (_name, current, conditions, expected) => {
    expect(meetsConditions(current, conditions)).toBe(expected);
  });

  test('the filter keeps the conditions for MongoDB and is the bare _id for a single writer (FerretDB)', () => {
    expect(guardedFilter('SC-1', { matchedWith: null, status: 'active' }, false)).toEqual({
      _id: 'SC-1',
      matchedWith: null,
      status: 'active',
    });
    expect(guardedFilter('SC-1', { matchedWith: null, status: 'active' }, true)).toEqual({ _id: 'SC-1' });
  });
});

describe('upgradable buckets (re-matching)', () => {
  test('a booked request waits under its own role; a seeker looks under the other role, same route and date', () => {
    expect(upgradableKeyOf(provide())).toBe('upgradable|provide|DEL|JFK|2027-03-10');
    expect(upgradableKeyOf(need())).toBe('upgradable|need|DEL|JFK|2027-03-10');
    expect(upgradableBucketKeysOf(need(), '2027-01-01')).toEqual(['upgradable|provide|DEL|JFK|2027-03-10']);
    expect(upgradableBucketKeysOf(provide(), '2027-01-01')).toEqual([
      'upgradable|need|DEL|JFK|2027-03-10',
      'upgradable|need|DEL|JFK|tentative',
    ]);
  });

  test('a yet-to-book need waits under its range and looks at each day of it; a non-companion request has none', () => {
    expect(upgradableKeyOf(yetToBook('2027-03-01', '2027-03-05'))).toBe('upgradable|need|DEL|JFK|tentative');
    expect(upgradableBucketKeysOf(yetToBook('2027-03-01', '2027-03-03'), '2027-01-01')).toEqual([
      'upgradable|provide|DEL|JFK|2027-03-01',
      'upgradable|provide|DEL|JFK|2027-03-02',
      'upgradable|provide|DEL|JFK|2027-03-03',
    ]);
    expect(upgradableKeyOf(need({ service_type: 'ride' }))).toBeNull();
  });

  const stored = (o: Partial<StoredRequest> = {}, created: Partial<RequestCreated> = {}): StoredRequest => ({
    ...newStoredRequest(need(created), '2027-01-01T00:00:00.000Z'),
    matchedWith: 'SC-partner',
    matchedFlight: 'same_route',
    matchRevision: 1,
    ...o,
  });

  test.each<[string, StoredRequest, boolean]>([
    ['matched same_route, booked, with a flight number', stored(), true],
    ['matched same_flight', stored({ matchedFlight: 'same_flight' }), false],
    [
      'matched same_flight, the pair sharing no language',
      stored({ matchedFlight: 'same_flight', matchedShares: false }),
      true,
    ],
    [
      'matched same_flight, sharing a language',
      stored({ matchedFlight: 'same_flight', matchedShares: true }),
      false,
    ],
    [
      'no flight number, the pair sharing no language',
      stored({ matchedShares: false }, { flight_number: null }),
      true,
    ],
    ['matched before re-matching (no flight status kept)', stored({ matchedFlight: undefined }), false],
    ['unmatched', stored({ matchedWith: null, matchedFlight: null }), false],
    ['cancelled', stored({ status: 'removed' }), false],
    ['owner blocked', stored({ hidden: true }), false],
    ['no flight number', stored({}, { flight_number: null }), false],
    [
      'yet to book',
      stored(
        {},
        {
          confirmed_ticket: false,
          date: null,
          tentative_from_date: '2027-03-01',
          tentative_to_date: '2027-03-05',
        },
      ),
      false,
    ],
    [
      'yet to book, the pair sharing no language',
      stored(
        { matchedShares: false },
        {
          confirmed_ticket: false,
          date: null,
          tentative_from_date: '2027-03-01',
          tentative_to_date: '2027-03-05',
        },
      ),
      true,
    ],
    ['unmatched, no language shared before', stored({ matchedWith: null, matchedShares: false }), false],
    // Matches that hold: a locked match is never re-paired automatically.
    ['locked by a meeting point or milestone', stored({ matchId: 'M1', lockedMatchId: 'M1' }), false],
    ['locked for an earlier match of the request', stored({ matchId: 'M2', lockedMatchId: 'M1' }), true],
    ['a claim from before match ids, locked', stored({ matchId: null, lockedMatchId: 'M1' }), false],
    [
      'the language re-pairing of a locked match',
      stored({ matchedFlight: 'same_flight', matchedShares: false, matchId: 'M1', lockedMatchId: 'M1' }),
      false,
    ],
  ])('isUpgradable on 2027-01-01: %s', (_name, input, expected) => {
    expect(isUpgradable(input, '2027-01-01')).toBe(expected);
  });

  test('a match is locked from 00:00 UTC of the day before its travel date (the pair’s date, else the request’s)', () => {
    const match = stored({ matchDate: '2027-03-10' });
    expect(isLocked(match, '2027-03-08')).toBe(false);
    expect(isLocked(match, '2027-03-09')).toBe(true);
    expect(isLocked(match, '2027-03-12')).toBe(true);
    expect(isUpgradable(match, '2027-03-08')).toBe(true);
    expect(isUpgradable(match, '2027-03-09')).toBe(false);
    // A yet-to-book seeker's match takes the companion's date (matchDate); before it was kept, its own date.
    expect(isLocked(stored({ matchDate: undefined }), '2027-03-09')).toBe(true);
    expect(isLocked(stored({ matchedWith: null }), '2027-03-09')).toBe(false);
  });
});
