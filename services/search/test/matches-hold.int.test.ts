/**
 * Matches that hold (docs/decisions.md "Matches that hold"), fed straight into the `search` group's handlers
 * against the real database: a party who leaves (cancel, deletion, block, by any of the events that say
 * so) releases the other, who is told and matched afresh; a match is locked by its date or by a meeting
 * point, and the upgrade, the lock and a flight change end in the same pairing in every order; redelivered
 * events change nothing.
 */
import { addDays, todayIso, type EventData, type EventEnvelope } from '@safarsaathi/contracts';
import type { MatchingContext } from '../src/use-cases/matching';
import {
  created,
  event,
  freshRoute,
  matchedWithOf,
  readRequest,
  stagedOn,
  startMatchingHarness,
  updated,
  type MatchingHarness,
} from './matching-harness';

let harness: MatchingHarness;
let ctx: MatchingContext;
let handle: MatchingHarness['handle'];

beforeAll(async () => {
  harness = await startMatchingHarness('hold');
  ({ ctx, handle } = harness);
});
afterAll(async () => {
  await harness?.stop();
});

const matchedWith = (caseid: string) => matchedWithOf(ctx, caseid);
type Request = EventData<'request_created'>;

/** The events that say a party left, each as its producer sends it. */
const LEAVES = {
  cancelled: (r: Request) =>
    event('request_cancelled', r.caseid, { caseid: r.caseid, ownerId: r.ownerId, status: 'cancelled' }),
  'request inactive (profile deleted)': (r: Request) =>
    event('request_cancelled', r.caseid, { caseid: r.caseid, ownerId: r.ownerId, status: 'inactive' }),
  'request hidden (owner blocked)': (r: Request) =>
    event('request_cancelled', r.caseid, { caseid: r.caseid, ownerId: r.ownerId, status: 'hidden' }),
  user_deleted: (r: Request) =>
    event('user_deleted', r.ownerId, { userId: r.ownerId, email: 'x@example.com' }),
  'user_status_changed (Block)': (r: Request) =>
    event('user_status_changed', r.ownerId, {
      userId: r.ownerId,
      email: 'x@example.com',
      status: 'Block',
      status_reason: 'test',
    }),
} satisfies Record<string, (r: Request) => EventEnvelope>;
type Leave = keyof typeof LEAVES;
const BECAUSE: Record<Leave, string> = {
  cancelled: 'cancelled',
  'request inactive (profile deleted)': 'deleted',
  'request hidden (owner blocked)': 'blocked',
  user_deleted: 'deleted',
  'user_status_changed (Block)': 'blocked',
};

describe.each(['provide', 'need'] as const)('the %s side leaves', (leaverRole) => {
  test.each(Object.keys(LEAVES) as Leave[])(
    '%s: the other side is released, told in words naming who left, and matched afresh; a redelivery changes nothing',
    async (leave) => {
      const { request } = freshRoute(`L${leaverRole[0]}`);
      const N = request('N', 'need', 'AI101', { passenger_name: 'Kamala Devi' });
      const C = request('C', 'provide', 'AI101', { passenger_name: 'Arjun Mehta' });
      await handle(created(N));
      await handle(created(C));
      expect(await matchedWith(N.caseid)).toBe(C.caseid);
      // A counterpart of the one who stays, posted later: it waits (the pair is on one flight already).
      const stays = leaverRole === 'provide' ? N : C;
      const leaver = leaverRole === 'provide' ? C : N;
      const next =
        leaverRole === 'provide' ? request('C2', 'provide', 'AI101') : request('N2', 'need', 'AI101');
      await handle(created(next));
      expect(await matchedWith(next.caseid)).toBeNull();

      const leaving = LEAVES[leave](leaver);
      await handle(leaving as never);

      expect(await matchedWith(stays.caseid)).toBe(next.caseid);
      expect(await matchedWith(leaver.caseid)).toBeNull();
      const matchId = `${N.caseid}:${C.caseid}`;
      const released = await stagedOn(ctx, matchId, 'match_released');
      const deleted = BECAUSE[leave] === 'deleted';
      expect(released).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            caseid: stays.caseid,
            userId: stays.ownerId,
            reopened: true,
            reason: 'left',
            leftBecause: BECAUSE[leave],
            changedCaseid: leaver.caseid,
            releasedRole: stays.role,
            formerFirstName: deleted ? null : leaverRole === 'provide' ? 'Arjun' : 'Kamala',
            // Erasure (issue 40): a deleted seeker's traveller is no longer named (search keeps no name of hers).
            travellerFirstName: leave === 'user_deleted' && leaverRole === 'need' ? 'Traveler' : 'Kamala',
          }),
          expect.objectContaining({ caseid: leaver.caseid, reopened: false, reason: 'left' }),
        ]),
      );
      expect(released).toHaveLength(2);
      expect((await ctx.matches.findById(matchId).lean())?.endedBy).toBe('left');

      // The same event again, and the companion service's own word for the same leave: nothing new.
      await handle({ ...leaving, id: crypto.randomUUID() } as never);
      await handle(LEAVES.cancelled(leaver));
      expect(await stagedOn(ctx, matchId, 'match_released')).toHaveLength(2);
      expect(await matchedWith(stays.caseid)).toBe(next.caseid);
    },
  );
});

test('a leave heard of before the request (another topic): the deleted or blocked owner’s request is never matched', async () => {
  const { request } = freshRoute('LB');
  const N = request('N', 'need', 'AI101');
  const gone = request('G', 'provide', 'AI101');
  const blocked = request('B', 'provide', 'AI101');
  await handle(LEAVES.user_deleted(gone));
  await handle(LEAVES['user_status_changed (Block)'](blocked));
  await handle(created(N));
  await handle(created(gone));
  await handle(created(blocked));
  expect(await matchedWith(N.caseid)).toBeNull();
  expect(await readRequest(ctx, gone.caseid)).toMatchObject({ status: 'removed' });
  expect(await readRequest(ctx, blocked.caseid)).toMatchObject({ hidden: true });
  expect(await matchedWith(gone.caseid)).toBeNull();
  expect(await matchedWith(blocked.caseid)).toBeNull();
  // Unblocked: the request comes back and is matched.
  await handle(
    event('user_status_changed', blocked.ownerId, {
      userId: blocked.ownerId,
      email: 'x@example.com',
      status: 'Active',
      status_reason: 'test',
    }),
  );
  expect(await matchedWith(N.caseid)).toBe(blocked.caseid);
});

/** N (need, AI 101) matched on the route with C (AI 173); S, a companion on N's exact flight, would upgrade it. */
async function routePair(tag: string, date?: string) {
  const { request } = freshRoute(tag, date);
  const N = request('N', 'need', 'AI101', { passenger_name: 'Kamala Devi' });
  const C = request('C', 'provide', 'AI173', { passenger_name: 'Arjun Mehta' });
  const S = request('S', 'provide', 'AI101', { passenger_name: 'Stranger Singh' });
  await handle(created(N));
  await handle(created(C));
  expect(await readRequest(ctx, N.caseid)).toMatchObject({
    matchedWith: C.caseid,
    matchedFlight: 'same_route',
  });
  return { N, C, S, matchId: `${N.caseid}:${C.caseid}` };
}

const meetingSet = (need: Request, provide: Request, tripId: string) =>
  event('trip_meeting_set', tripId, {
    tripId,
    caseid: provide.caseid,
    userId: provide.ownerId,
    otherCaseid: need.caseid,
    otherUserId: need.ownerId,
    place: 'Gate 4',
    time: `${provide.date}T19:30+05:30`,
    updatedAt: new Date().toISOString(),
  });

test('from 00:00 UTC of the day before travel no upgrade touches the match; two days before, it is upgraded as before', async () => {
  const locked = await routePair('DL', addDays(todayIso(), 1));
  await handle(created(locked.S));
  expect(await matchedWith(locked.N.caseid)).toBe(locked.C.caseid);
  expect(await matchedWith(locked.S.caseid)).toBeNull();

  const open = await routePair('DO', addDays(todayIso(), 2));
  await handle(created(open.S));
  expect(await matchedWith(open.N.caseid)).toBe(open.S.caseid);
  expect(await matchedWith(open.C.caseid)).toBeNull();
});

test('a meeting point that arrives after the upgrade puts the pair back together under the same match id; the stranger is released and told; a redelivery changes nothing', async () => {
  const { N, C, S, matchId } = await routePair('RS');
  await handle(created(S));
  expect(await matchedWith(N.caseid)).toBe(S.caseid);
  const lock = meetingSet(N, C, matchId);
  await handle(lock);

  expect(await readRequest(ctx, N.caseid)).toMatchObject({
    matchedWith: C.caseid,
    matchId,
    lockedMatchId: matchId,
  });
  expect(await readRequest(ctx, C.caseid)).toMatchObject({
    matchedWith: N.caseid,
    matchId,
    lockedMatchId: matchId,
  });
  expect(await matchedWith(S.caseid)).toBeNull();
  const found = await stagedOn(ctx, matchId, 'match_found');
  const n = await readRequest(ctx, N.caseid);
  expect(found.at(-1)).toMatchObject({
    matchId,
    needCaseid: N.caseid,
    provideCaseid: C.caseid,
    needRevision: n!.matchRevision,
  });
  const strangerMatch = `${N.caseid}:${S.caseid}`;
  const releases = await stagedOn(ctx, strangerMatch, 'match_released');
  expect(releases).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ caseid: S.caseid, reason: 'restored', reopened: true }),
      // N goes straight back to C: nobody tells it of a release.
      expect.objectContaining({ caseid: N.caseid, reason: 'restored', reopened: false }),
    ]),
  );

  // Locked now: the stranger posting again (a redelivery) or another exact-flight companion takes nothing.
  await handle(lock);
  await handle(created(S));
  const S2 = { ...S, caseid: `${S.caseid}X`, ownerId: `${S.ownerId}-2` };
  await handle(created(S2));
  expect(await matchedWith(N.caseid)).toBe(C.caseid);
  expect(await stagedOn(ctx, matchId, 'match_found')).toHaveLength(found.length);
});

/**
 * L: the meeting point on N–C; S: the stranger on N's flight; U: N's flight change that keeps it on the
 * route with C (a new layover). Without the lock S would take N in every order; with it, N ends with C,
 * locked, and S is free, in every order.
 */
const ORDERS: Array<Array<'L' | 'S' | 'U'>> = [
  ['L', 'S', 'U'],
  ['L', 'U', 'S'],
  ['S', 'L', 'U'],
  ['S', 'U', 'L'],
  ['U', 'L', 'S'],
  ['U', 'S', 'L'],
];
test.each(ORDERS)(
  'the upgrade, the lock and a flight change in the order %s, %s, %s end in the same pairing',
  async (...order) => {
    const { N, C, S, matchId } = await routePair(`O${order.join('')}`);
    const events = {
      L: () => handle(meetingSet(N, C, matchId)),
      S: () => handle(created(S)),
      U: () => handle(updated({ ...N, layovers: [{ LHR: { flight_number: 'BA1' } }] }, 1)),
    };
    for (const label of order) await events[label]();
    const n = await readRequest(ctx, N.caseid);
    const c = await readRequest(ctx, C.caseid);
    expect(n).toMatchObject({ matchedWith: C.caseid, matchedFlight: 'same_route', version: 1 });
    expect(c?.matchedWith).toBe(N.caseid);
    expect(await matchedWith(S.caseid)).toBeNull();
    // Whatever id the pair holds now, it is the locked one.
    expect(n?.lockedMatchId).toBe(n?.matchId);
    expect(c?.lockedMatchId).toBe(c?.matchId);
  },
);
