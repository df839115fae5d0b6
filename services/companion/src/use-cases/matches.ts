/**
 * match_found and match_released (from the search service) keep the match fields of the requests, which
 * all live here. Each side of a match sees the other as its matched companion, and "own" in the layover
 * comparison is always the reader's flight. Order-proof through revisions (docs/decisions.md
 * "Re-matching"): every event names each request's match revision in search, and a request only takes
 * the state of a higher revision than the one it shows, so late, early or redelivered events change
 * nothing. A match_found is applied to both sides or to neither: when one side already shows a later
 * state, the match is already over. Events without revisions (before re-matching) count as revision 1,
 * so an existing match is never overwritten by them; the same pair under another match id (search
 * re-emitted it with new details) is still taken.
 */
import { referenceWindow, todayIso, type EventData, type MatchedCompanion } from '@safarsaathi/contracts';
import {
  findRequest,
  guardedById,
  requestLockKey,
  type CompanionRequestRecord,
  type KeptTrip,
  type MatchDetails,
  type StoredRequest,
} from '../persistence/requests';
import type { CompanionContext } from './context';
import { ensureTrip, tripDate } from './trip';
import { tripId } from '../persistence/trips';
import { tellFamilies } from './family-live';

type MatchFound = EventData<'match_found'>;
type MatchReleased = EventData<'match_released'>;

export function matchedCompanionOf(other: CompanionRequestRecord): MatchedCompanion {
  return {
    name: other.passenger_name,
    posted_for: other.posted_for ?? 'self',
    from_airport: other.from_airport,
    to_airport: other.to_airport,
    airlines: other.airlines ?? null,
    flight_number: other.flight_number ?? null,
    travel_date: other.date ?? null,
    languages_known: other.languages_known,
    passenger_age: other.passenger_age,
    passenger_gender: other.passenger_gender,
    companion_price: other.companion_price ?? 0,
    layovers: other.layovers ?? [],
  };
}

/** The event's details are the seeker's view; the companion's view swaps own and matched flights. */
export function providerView(details: MatchDetails): MatchDetails {
  return {
    ...details,
    layovers: details.layovers.map((layover) => ({
      ...layover,
      user_flight: layover.matched_flight,
      matched_flight: layover.user_flight,
    })),
  };
}

const eligible = (
  record: CompanionRequestRecord | null,
  ownerId: string,
  role: 'need' | 'provide',
): record is CompanionRequestRecord =>
  record !== null &&
  record.ownerId === ownerId &&
  record.role === role &&
  record.status === 'active' &&
  !record.hidden;

/** The match revision a request shows. */
export const shownRevision = (record: CompanionRequestRecord) =>
  record.companion_match_revision ?? (record.companion_match_caseid ? 1 : 0);

/** What one side of a match_found does: take it, already shows it, or shows something later. */
function sideVerdict(
  self: CompanionRequestRecord,
  other: CompanionRequestRecord,
  revision: number,
  matchId: string,
): 'apply' | 'unchanged' | 'stale' {
  const shown = shownRevision(self);
  if (revision > shown) return 'apply';
  if (revision === shown && self.companion_match_caseid === other.caseid)
    return self.companion_match_id === matchId ? 'unchanged' : 'apply';
  return 'stale';
}

/** A compare-and-set on the match fields as read (the filter on MongoDB; on FerretDB the lock makes the read the guard). */
const matchGuard = (self: CompanionRequestRecord) => ({
  companion_match_caseid: self.companion_match_caseid ?? null,
  companion_match_id: self.companion_match_id ?? null,
  companion_match_revision: self.companion_match_revision ?? null,
});

/**
 * What matching needs of the context (tests call it directly). With `trips`, the pair's trip document and
 * its first hand-over code are made with the match (otherwise by the first reader, use-cases/trip.ts).
 */
export type MatchContext = Pick<CompanionContext, 'logger' | 'requests' | 'locks' | 'live'> &
  Partial<Pick<CompanionContext, 'trips'>>;

export async function applyMatch(ctx: MatchContext, data: MatchFound): Promise<{ updated: number }> {
  // Both requests are written: hold both documents' locks, always in the same order (no deadlock).
  const [first, second] = [data.needCaseid, data.provideCaseid].sort();
  return ctx.locks.around(requestLockKey(first!), () =>
    ctx.locks.around(requestLockKey(second!), () => applyMatchLocked(ctx, data)),
  );
}

async function applyMatchLocked(ctx: MatchContext, data: MatchFound): Promise<{ updated: number }> {
  // Read by case id (`_id`): on FerretDB any other filter reads the whole collection.
  const [need, provide] = [
    await findRequest(ctx.requests, data.needCaseid),
    await findRequest(ctx.requests, data.provideCaseid),
  ];
  // A match with a request that is gone, cancelled, inactive or hidden (blocked owner) is no match for
  // either side: neither is written, so the seeker never sees a companion who is no longer there.
  if (!eligible(need, data.needUserId, 'need') || !eligible(provide, data.provideUserId, 'provide')) {
    ctx.logger.info(
      { matchId: data.matchId, need: data.needCaseid, provide: data.provideCaseid },
      'match_found skipped: a side is missing or no longer active',
    );
    return { updated: 0 };
  }
  const sides = [
    { self: need, other: provide, details: data.match_details, revision: data.needRevision ?? 1 },
    {
      self: provide,
      other: need,
      details: providerView(data.match_details),
      revision: data.provideRevision ?? 1,
    },
  ].map((side) => ({ ...side, verdict: sideVerdict(side.self, side.other, side.revision, data.matchId) }));
  // A side already showing a later state (or, without revisions, another match): this match is over or
  // never was, and neither side is written, so the two requests never point past each other for good.
  if (sides.some((side) => side.verdict === 'stale')) {
    ctx.logger.info(
      { matchId: data.matchId, need: data.needCaseid, provide: data.provideCaseid },
      'match_found skipped: a side shows a later match state',
    );
    return { updated: 0 };
  }
  let updated = 0;
  for (const { self, other, details, revision, verdict } of sides) {
    if (verdict === 'unchanged') continue;
    const guard = { status: 'active', hidden: { $ne: true }, ...matchGuard(self) };
    const result = await ctx.requests.updateOne(
      guardedById(self as StoredRequest, guard, ctx.locks.enabled),
      {
        $set: {
          companion_match: true,
          companion_match_caseid: other.caseid,
          companion_match_id: data.matchId,
          companion_match_revision: revision,
          matched_companion: matchedCompanionOf(other),
          match_details: details,
          released_from_match: false,
          updated_at: new Date(),
        },
      },
    );
    updated += result.modifiedCount;
  }
  // Idempotent: a redelivered match finds the trip and its code as they are.
  if (ctx.trips) {
    await ensureTrip(
      { trips: ctx.trips, locks: ctx.locks },
      {
        needCaseid: need.caseid,
        provideCaseid: provide.caseid,
        needOwner: need.ownerId,
        provideOwner: provide.ownerId,
        matchId: data.matchId,
      },
    );
  }
  // Told on a redelivery too: the process may have stopped between these writes and the publish, and an
  // extra refetch costs nothing.
  void ctx.live.publish(need.ownerId, 'request.matched', { caseid: need.caseid });
  void ctx.live.publish(provide.ownerId, 'request.matched', { caseid: provide.caseid });
  tellFamilies(ctx, [need, provide]);
  return { updated };
}

/**
 * The trip of the match `self` is leaving, when its travel date had come by `endedAt` (YYYY-MM-DD): the
 * trip outlives the requests (docs/decisions.md "Matches that hold"), so it is kept on the request for its
 * reference window; older kept trips whose window has closed are dropped.
 */
async function keptTripsAfter(
  ctx: MatchContext,
  self: StoredRequest,
  endedAt: string,
): Promise<KeptTrip[] | undefined> {
  const other = self.companion_match_caseid
    ? await findRequest(ctx.requests, self.companion_match_caseid)
    : null;
  const open = (self.kept_trips ?? []).filter(
    (trip) => referenceWindow(trip.travel_date, todayIso()) !== 'after',
  );
  if (!other || other.role === self.role) return self.kept_trips ? open : undefined;
  const [need, provide] = self.role === 'need' ? [self, other] : [other, self];
  const travelDate = tripDate({ need, provide });
  if (!travelDate || endedAt < travelDate) return self.kept_trips ? open : undefined;
  const id = tripId(need.caseid, provide.caseid, self.companion_match_id);
  if (open.some((trip) => trip.trip_id === id)) return open;
  return [...open, { trip_id: id, side: self.role, travel_date: travelDate }];
}

/**
 * match_released: the request shows no match any more, unless it already shows a later state; it says
 * it is looking for a new companion, and keeps the trip when its travel date had come.
 */
export async function releaseMatch(
  ctx: MatchContext,
  data: MatchReleased,
  occurredAt: string = new Date().toISOString(),
): Promise<{ updated: number }> {
  return ctx.locks.around(requestLockKey(data.caseid), async () => {
    const self = await findRequest(ctx.requests, data.caseid);
    if (!self || self.ownerId !== data.userId || data.revision <= shownRevision(self)) return { updated: 0 };
    const kept = await keptTripsAfter(ctx, self, occurredAt.slice(0, 10));
    const result = await ctx.requests.updateOne(guardedById(self, matchGuard(self), ctx.locks.enabled), {
      $set: {
        companion_match: false,
        companion_match_caseid: null,
        companion_match_id: null,
        companion_match_revision: data.revision,
        matched_companion: null,
        match_details: null,
        released_from_match: true,
        ...(kept ? { kept_trips: kept } : {}),
        updated_at: new Date(),
      },
    });
    void ctx.live.publish(self.ownerId, 'request.matched', { caseid: self.caseid });
    tellFamilies(ctx, [self]);
    return { updated: result.modifiedCount };
  });
}
