/**
 * Flight changes in the matching engine (addendum §1.4, docs/decisions.md "Flight changes"), fed straight
 * into the `search` group's handlers against the real database (FerretDB locally, MongoDB in Docker): the
 * three events of a flight change in all six orders end in the same pairing, a match that still holds
 * stays, and a redelivered edit changes nothing.
 */
import { randomUUID } from 'node:crypto';
import { addDays, type EventData, type EventEnvelope } from '@safarsaathi/contracts';
import type { StoredRequest } from '../src/persistence/requests';
import type { MatchRecord } from '../src/persistence/matches';
import type { MatchingContext } from '../src/use-cases/matching';
import {
  DEFAULT_DATE as date,
  created,
  freshRoute,
  matchedWithOf,
  startMatchingHarness,
  updated,
  type MatchingHarness,
} from './matching-harness';

let harness: MatchingHarness;
let ctx: MatchingContext;
let handle: MatchingHarness['handle'];

beforeAll(async () => {
  harness = await startMatchingHarness('flight');
  ({ ctx, handle } = harness);
});
afterAll(async () => {
  await harness?.stop();
});

const matchedWith = (caseid: string) => matchedWithOf(ctx, caseid);

/** A need A and a companion B matched on AI 101, on a route of their own. */
async function matchedPair(tag: string) {
  const { request } = freshRoute(`FC${tag}`);
  const A = request('A', 'need', 'AI101');
  const B = request('B', 'provide', 'AI101');
  await handle(created(A));
  await handle(created(B));
  expect(await matchedWith(A.caseid)).toBe(B.caseid);
  return { A, B, request };
}

/**
 * The three events of a flight change: U, A moves to AI 202 (no longer B's flight); C, a companion on
 * A's new flight; D, a need on B's flight (B's counterpart once released). Whatever the order: A–C and B–D.
 */
const ORDERS: Array<Array<'U' | 'C' | 'D'>> = [
  ['U', 'C', 'D'],
  ['U', 'D', 'C'],
  ['C', 'U', 'D'],
  ['C', 'D', 'U'],
  ['D', 'U', 'C'],
  ['D', 'C', 'U'],
];

test.each(ORDERS)(
  'the three events of a flight change in the order %s, %s, %s end in the same pairing',
  async (...order) => {
    const { A, B, request } = await matchedPair(order.join(''));
    const C = request('C', 'provide', 'AI202');
    const D = request('D', 'need', 'AI101');
    const events = {
      U: () => handle(updated({ ...A, flight_number: 'AI202' }, 1)),
      C: () => handle(created(C)),
      D: () => handle(created(D)),
    };
    for (const label of order) await events[label]();

    const pairing = Object.fromEntries(
      await Promise.all([A, B, C, D].map(async (r, i) => ['ABCD'[i], await matchedWith(r.caseid)])),
    );
    expect(pairing).toEqual({ A: C.caseid, C: A.caseid, B: D.caseid, D: B.caseid });
    // The edit released the first match for both, saying why (its events wait on the ended match).
    const ended = await ctx.matches
      .findById(`${A.caseid}:${B.caseid}`)
      .lean<MatchRecord & { pendingEvents: EventEnvelope<EventData<'match_released'>>[] }>();
    expect(ended?.released).toBe(true);
    const releases = ended!.pendingEvents.filter((e) => e.type === 'match_released').map((e) => e.data);
    expect(releases).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ caseid: A.caseid, reason: 'flight_changed', changedCaseid: A.caseid }),
        expect.objectContaining({ caseid: B.caseid, reason: 'flight_changed', changedCaseid: A.caseid }),
      ]),
    );
  },
);

/**
 * With only one newcomer, the released pair must not take each other on the route while one of them has
 * a counterpart on its exact flight waiting: then the arrival order would decide (docs/decisions.md).
 */
test.each([
  ['C', 'U', 'C'],
  ['C', 'C', 'U'],
  ['D', 'U', 'D'],
  ['D', 'D', 'U'],
] as const)('with only %s: %s then %s ends the same', async (only, ...order) => {
  const { A, B, request } = await matchedPair(`${only}${order.join('')}`);
  const newcomer = only === 'C' ? request('C', 'provide', 'AI202') : request('D', 'need', 'AI101');
  for (const label of order)
    await (label === 'U' ? handle(updated({ ...A, flight_number: 'AI202' }, 1)) : handle(created(newcomer)));
  const [partner, alone] = only === 'C' ? [A, B] : [B, A];
  expect(await matchedWith(partner.caseid)).toBe(newcomer.caseid);
  expect(await matchedWith(newcomer.caseid)).toBe(partner.caseid);
  expect(await matchedWith(alone.caseid)).toBeNull();
});

test('an edit that keeps the pair on one flight keeps the match: one new match_found with the new details, nothing released; a redelivered or older edit changes nothing', async () => {
  const { A, B } = await matchedPair('K');
  const matchId = `${A.caseid}:${B.caseid}`;
  const before = await ctx.requests.findById(A.caseid).lean<StoredRequest>();
  // A new layover, on the same main flight.
  const edit = updated({ ...A, passenger_age: 73, layovers: [{ LHR: { flight_number: 'BA1' } }] }, 1);
  await handle(edit);
  const after = await ctx.requests.findById(A.caseid).lean<StoredRequest>();
  expect(after).toMatchObject({ matchedWith: B.caseid, version: 1, passenger_age: 73, matchId });
  expect(after!.matchRevision).toBe(before!.matchRevision! + 1);
  const record = await ctx.matches.findById(matchId).lean<MatchRecord & { pendingEvents: EventEnvelope[] }>();
  expect(record?.released).toBeUndefined();
  const found = record!.pendingEvents.filter((e) => e.type === 'match_found');
  expect(found).toHaveLength(2);
  expect(found[1]!.data).toMatchObject({
    matchId,
    needRevision: after!.matchRevision,
    match_details: { layovers: [{ airport: 'LHR', status: 'different' }] },
  });
  expect(record!.pendingEvents.some((e) => e.type === 'match_released')).toBe(false);

  // Delivered again, and a stale copy of edit 1 with other fields: nothing moves.
  await handle({ ...edit, id: randomUUID() });
  await handle(updated({ ...A, flight_number: 'AI999' }, 1));
  expect(await ctx.requests.findById(A.caseid).lean<StoredRequest>()).toMatchObject({
    matchedWith: B.caseid,
    matchRevision: after!.matchRevision,
    flight_number: 'AI101',
  });
  expect(
    (await ctx.matches.findById(matchId).lean<MatchRecord & { pendingEvents: unknown[] }>())!.pendingEvents,
  ).toHaveLength(2);
});

test('a flight change and back: the pair matched again has a match id of its own', async () => {
  const { A, B } = await matchedPair('R');
  await handle(updated({ ...A, date: addDays(date, 1) }, 1));
  expect(await matchedWith(A.caseid)).toBeNull();
  expect(await matchedWith(B.caseid)).toBeNull();
  await handle(updated({ ...A }, 2));
  const again = await ctx.requests.findById(A.caseid).lean<StoredRequest>();
  expect(again?.matchedWith).toBe(B.caseid);
  expect(again?.matchId).toMatch(new RegExp(`^${A.caseid}:${B.caseid}#\\d+\\.\\d+$`));
  const record = await ctx.matches
    .findById(again!.matchId!)
    .lean<MatchRecord & { pendingEvents: EventEnvelope<EventData<'match_found'>>[] }>();
  expect(record?.pendingEvents.map((e) => [e.type, e.data.matchId])).toEqual([
    ['match_found', again!.matchId],
  ]);
});
