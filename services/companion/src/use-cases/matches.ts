/**
 * match_found (from the search service) fills the match fields of BOTH requests, which both live here.
 * Each side sees the other as its matched companion, and "own" in the layover comparison is always the
 * reader's flight. A request has at most one match: an existing match with another case id is never
 * overwritten. Idempotent by itself: a side is only written while it has no match yet, or has this same
 * pair under another match id (search re-emitted it with new details); a redelivered event changes
 * nothing, not even updated_at.
 */
import type { EventData, MatchedCompanion } from '@safarsaathi/contracts';
import { findRequest, guardedById, requestLockKey, type CompanionRequestRecord, type MatchDetails, type StoredRequest } from '../persistence/requests';
import type { CompanionContext } from './context';

type MatchFound = EventData<'match_found'>;

export function matchedCompanionOf(other: CompanionRequestRecord): MatchedCompanion {
  return {
    name: other.passenger_name,
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

const eligible = (record: CompanionRequestRecord | null, ownerId: string, role: 'need' | 'provide'): record is CompanionRequestRecord =>
  record !== null && record.ownerId === ownerId && record.role === role && record.status === 'active' && !record.hidden;

const free = (self: CompanionRequestRecord, other: CompanionRequestRecord) =>
  !self.companion_match_caseid || self.companion_match_caseid === other.caseid;

/** What matching needs of the context (tests call it directly). */
export type MatchContext = Pick<CompanionContext, 'logger' | 'requests' | 'locks' | 'live'>;

export async function applyMatch(ctx: MatchContext, data: MatchFound): Promise<{ updated: number }> {
  // Both requests are written: hold both documents' locks, always in the same order (no deadlock).
  const [first, second] = [data.needCaseid, data.provideCaseid].sort();
  return ctx.locks.around(requestLockKey(first!), () => ctx.locks.around(requestLockKey(second!), () => applyMatchLocked(ctx, data)));
}

async function applyMatchLocked(ctx: MatchContext, data: MatchFound): Promise<{ updated: number }> {
  // Read by case id (`_id`): on FerretDB any other filter reads the whole collection.
  const [need, provide] = [await findRequest(ctx.requests, data.needCaseid), await findRequest(ctx.requests, data.provideCaseid)];
  // A match with a request that is gone, cancelled, inactive or hidden (blocked owner) is no match for
  // either side: neither is written, so the seeker never sees a companion who is no longer there.
  if (!eligible(need, data.needUserId, 'need') || !eligible(provide, data.provideUserId, 'provide')) {
    ctx.logger.info(
      { matchId: data.matchId, need: data.needCaseid, provide: data.provideCaseid },
      'match_found skipped: a side is missing or no longer active',
    );
    return { updated: 0 };
  }
  // One match per request: a side already matched with someone else keeps that match, and the other
  // side is not written either, so the two requests always point at each other.
  if (!free(need, provide) || !free(provide, need)) {
    ctx.logger.info({ matchId: data.matchId, need: data.needCaseid, provide: data.provideCaseid }, 'match_found skipped: already matched');
    return { updated: 0 };
  }
  const sides = [
    { self: need, other: provide, details: data.match_details },
    { self: provide, other: need, details: providerView(data.match_details) },
  ];
  let updated = 0;
  for (const { self, other, details } of sides) {
    // Unmatched, or this same pair under another match id (search re-emitted it with new details).
    const unchanged = self.companion_match_caseid === other.caseid && self.companion_match_id === data.matchId;
    if (unchanged) continue;
    const guard = {
      status: 'active',
      hidden: { $ne: true },
      $or: [{ companion_match_caseid: null }, { companion_match_caseid: other.caseid, companion_match_id: { $ne: data.matchId } }],
    };
    const result = await ctx.requests.updateOne(guardedById(self as StoredRequest, guard, ctx.locks.enabled), {
      $set: {
        companion_match: true,
        companion_match_caseid: other.caseid,
        companion_match_id: data.matchId,
        matched_companion: matchedCompanionOf(other),
        match_details: details,
        updated_at: new Date(),
      },
    });
    updated += result.modifiedCount;
  }
  // Both requests now point at each other. Told on a redelivery too: the process may have stopped
  // between these writes and the publish, and an extra refetch costs nothing.
  void ctx.live.publish(need.ownerId, 'request.matched', { caseid: need.caseid });
  void ctx.live.publish(provide.ownerId, 'request.matched', { caseid: provide.caseid });
  return { updated };
}
