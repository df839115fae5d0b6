/**
 * The trip day of a matched pair (addendum §1.1–1.3): the meeting point, the milestones and the hand-over
 * code live on the pair's trip document (persistence/trips.ts), written with revisedWrite (the lock on
 * FerretDB, the revision on MongoDB) and with their event staged in the same write. Only the two parties
 * of a match that both requests still agree on reach it: each request names the other.
 */
import { randomInt, timingSafeEqual } from 'node:crypto';
import {
  COMPANION_MESSAGES,
  EMPTY_REFERENCES_VIEW,
  EMPTY_TRIP_VIEW,
  HANDOVER_WRONG_CODES_MAX,
  MILESTONES,
  TRIP_MESSAGES,
  referenceWindow,
  tripSummaryOf,
  todayIso,
  withinTripWindow,
  type CompanionRequestView,
  type EventEnvelope,
  type Identity,
  type MeetingRequest,
  type MilestoneRequest,
  type TripView,
  firstNameOf,
} from '@safarsaathi/contracts';
import {
  type HttpError,
  badRequest,
  conflict,
  forbidden,
  notFound,
  outboxEvent,
  revisedWrite,
  stageEvents,
  tooManyRequests,
} from '@safarsaathi/platform';
import {
  findRequest,
  guardedById,
  requestLockKey,
  type CompanionRequestRecord,
  type KeptTrip,
  type StoredRequest,
} from '../persistence/requests';
import { tripId, tripLockKey, type Side, type TripRecord } from '../persistence/trips';
import type { CompanionContext } from './context';
import { earliestTravelDate } from './dates';
import { tellFamilies } from './family-live';
import { toRequestView, type PartnerView } from './request-view';
import { findOwner } from '../persistence/owners';
import { sharesEmergencyContact } from './owners';
import { referencesView, trustOf } from './trust';

const PRODUCER = 'companion';

/** A request and its counterpart, while both name each other and both are live. */
export interface MatchedPair {
  self: StoredRequest;
  other: StoredRequest;
  side: Side;
  need: StoredRequest;
  provide: StoredRequest;
  tripId: string;
}

const live = (record: CompanionRequestRecord) => record.status === 'active' && !record.hidden;

/** The pair `record` is matched in, or null (no match, or one side no longer agrees or is gone). */
export async function matchedPair(
  ctx: Pick<CompanionContext, 'requests'>,
  record: StoredRequest,
): Promise<MatchedPair | null> {
  if (!live(record) || !record.companion_match || !record.companion_match_caseid) return null;
  const other = await findRequest(ctx.requests, record.companion_match_caseid);
  if (!other || !live(other) || other.companion_match_caseid !== record.caseid || other.role === record.role)
    return null;
  const [need, provide] = record.role === 'need' ? [record, other] : [other, record];
  return {
    self: record,
    other,
    side: record.role,
    need,
    provide,
    tripId: tripId(need.caseid, provide.caseid, need.companion_match_id),
  };
}

/** The trip's travel date: the seeker's booked date, else the companion's (always booked). */
export const tripDate = (pair: Pick<MatchedPair, 'need' | 'provide'>) =>
  pair.need.date ?? pair.provide.date ?? null;

const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

function sameCode(given: string, code: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(code);
  return a.length === b.length && timingSafeEqual(a, b);
}

type TripContext = Pick<CompanionContext, 'trips' | 'locks'>;

/**
 * The pair's trip document, made (with its first hand-over code) when missing. Called when the match is
 * applied and again by every reader and writer, so a match from before trips existed gets one too;
 * idempotent (a second caller finds the document).
 */
export async function ensureTrip(
  ctx: TripContext,
  pair: {
    needCaseid: string;
    provideCaseid: string;
    needOwner: string;
    provideOwner: string;
    matchId?: string | null;
  },
): Promise<TripRecord> {
  const id = tripId(pair.needCaseid, pair.provideCaseid, pair.matchId);
  const { doc } = await revisedWrite(ctx.trips, ctx.locks, tripLockKey(id), id, (current) =>
    current
      ? null
      : {
          $set: {
            need_caseid: pair.needCaseid,
            provide_caseid: pair.provideCaseid,
            need_owner: pair.needOwner,
            provide_owner: pair.provideOwner,
            meeting: null,
            milestones: [],
            handover: { code: newCode(), made_at: new Date(), wrong: 0 },
            created_at: new Date(),
          },
        },
  );
  return doc as TripRecord;
}

export const tripOf = (ctx: TripContext, pair: MatchedPair) =>
  ensureTrip(ctx, {
    needCaseid: pair.need.caseid,
    provideCaseid: pair.provide.caseid,
    needOwner: pair.need.ownerId,
    provideOwner: pair.provide.ownerId,
    matchId: pair.need.companion_match_id,
  });

/**
 * What `pair.self`'s owner sees of the trip. `emergencyContactShared`: the seeker's choice (issue 40,
 * consent `emergency_contact_sharing`); withdrawn, the companion sees no contact from that moment.
 */
export function tripView(
  pair: MatchedPair,
  trip: TripRecord,
  today: string = todayIso(),
  emergencyContactShared = false,
): TripView {
  const who = (side: Side) => (side === pair.side ? ('me' as const) : ('companion' as const));
  const view: TripView = {
    meeting: trip.meeting
      ? {
          place: trip.meeting.place,
          time: trip.meeting.time,
          set_by: who(trip.meeting.set_by),
          updated_at: new Date(trip.meeting.updated_at).toISOString(),
        }
      : null,
    milestones: [...trip.milestones]
      .sort((a, b) => new Date(a.at).getTime() - new Date(b.at).getTime())
      .map((entry) => ({
        milestone: entry.milestone,
        at: new Date(entry.at).toISOString(),
        by: who(entry.by),
      })),
    // Only the companion sees the seeker's emergency contact, only around the flight, only while allowed.
    emergency_contact:
      pair.side === 'provide' && emergencyContactShared && withinTripWindow(tripDate(pair), today)
        ? (pair.need.emergency_contact ?? null)
        : null,
  };
  if (pair.side === 'need') view.handover_code = trip.handover.code;
  // The companion plans the day with the wheelchair and who collects her (issue 39), only around the flight.
  else if (withinTripWindow(tripDate(pair), today)) {
    view.assistance = pair.need.assistance ?? null;
    view.receiver_first_name = pair.need.receiver_name ? firstNameOf(pair.need.receiver_name) : null;
  }
  return view;
}

/** A trip references are written for: the current match's, or one kept after its match ended. */
export interface ReferenceTrip {
  tripId: string;
  side: Side;
  travelDate: string | null;
  trip: TripRecord;
}

/**
 * The trip of a match that ended on or after its travel date (a cancel, an edit, a deletion) whose
 * match_released has not reached this request yet: it still names its partner (who may have been told
 * already). Kept trips (kept_trips) are the same trips after the release; the trip document, which names
 * both requests, is the proof that they were a pair (referenceTripOf reads it).
 */
function endedPairTrip(record: StoredRequest, other: StoredRequest | null, today: string): KeptTrip | null {
  if (!other || other.role === record.role || record.companion_match_caseid !== other.caseid) return null;
  const [need, provide] = record.role === 'need' ? [record, other] : [other, record];
  const travelDate = tripDate({ need, provide });
  if (!travelDate || today < travelDate) return null;
  return {
    trip_id: tripId(need.caseid, provide.caseid, record.companion_match_id),
    side: record.role,
    travel_date: travelDate,
  };
}

/**
 * The trip `record`'s owner writes and sees references for (docs/decisions.md "Matches that hold"): a
 * kept trip this side has not reviewed while its window is open (the trip outlives the requests, so a
 * no-show can be told after the companion cancelled), else the current match's trip, else the latest
 * kept one. Null when there is none.
 */
export async function referenceTripOf(
  ctx: Pick<CompanionContext, 'trips' | 'locks' | 'requests'>,
  record: StoredRequest,
  pair: MatchedPair | null,
  partner: StoredRequest | null,
  today: string = todayIso(),
): Promise<ReferenceTrip | null> {
  const kept = [...(record.kept_trips ?? [])];
  const ended = pair ? null : endedPairTrip(record, partner, today);
  if (ended && !kept.some((trip) => trip.trip_id === ended.trip_id)) kept.push(ended);
  const loaded: ReferenceTrip[] = [];
  for (const entry of kept) {
    const trip = await ctx.trips.findOne({ _id: entry.trip_id }).lean<TripRecord>();
    if (trip?.[entry.side === 'need' ? 'need_caseid' : 'provide_caseid'] === record.caseid)
      loaded.push({ tripId: entry.trip_id, side: entry.side, travelDate: entry.travel_date, trip });
  }
  const unwritten = loaded.find(
    (entry) => referenceWindow(entry.travelDate, today) === 'open' && !entry.trip.references?.[entry.side],
  );
  if (unwritten) return unwritten;
  if (pair)
    return {
      tripId: pair.tripId,
      side: pair.side,
      travelDate: tripDate(pair),
      trip: await tripOf(ctx, pair),
    };
  return loaded.sort((a, b) => (a.travelDate ?? '').localeCompare(b.travelDate ?? '')).at(-1) ?? null;
}

/** A request's full view for its owner, the trip day included. */
export async function requestViewWithTrip(
  ctx: CompanionContext,
  record: StoredRequest,
  earliest = earliestTravelDate(),
): Promise<CompanionRequestView> {
  const pair = await matchedPair(ctx, record);
  const today = todayIso();
  const partner = pair
    ? pair.other
    : record.companion_match_caseid
      ? await findRequest(ctx.requests, record.companion_match_caseid)
      : null;
  const reference = await referenceTripOf(ctx, record, pair, partner, today);
  const references = reference
    ? referencesView(reference.side, reference.trip, reference.travelDate, today)
    : EMPTY_REFERENCES_VIEW;
  if (!pair) {
    const trip = { ...EMPTY_TRIP_VIEW, ...(record.role === 'need' ? { handover_code: null } : {}) };
    // A partner who left (cancelled, deleted, blocked) is never shown, even before search releases the
    // match: the card says it is looking for a new companion. A match one side no longer agrees on (a
    // re-pairing under way) still names the companion, with their figures.
    if (record.companion_match && (!partner || !live(partner))) {
      const released = {
        ...record,
        companion_match: false,
        companion_match_caseid: null,
        matched_companion: null,
        match_details: null,
        released_from_match: true,
      };
      return toRequestView(released, earliest, trip, references);
    }
    const shown = record.matched_companion && partner ? await partnerView(ctx, partner, today) : undefined;
    return toRequestView(record, earliest, trip, references, shown);
  }
  const stored = await tripOf(ctx, pair);
  // The seeker's choice is read at every view, so a withdrawal hides the contact from the next view on.
  const shared =
    pair.side === 'provide' && sharesEmergencyContact(await findOwner(ctx.owners, pair.need.ownerId));
  return toRequestView(
    record,
    earliest,
    tripView(pair, stored, today, shared),
    references,
    await partnerView(ctx, pair.other, today),
  );
}

/**
 * What a view says of the matched request as it is now (issue 38): who travels on it, and whose account
 * posted it, with that account's trust figures (the figures are the account holder's, never the
 * passenger's: a daughter posting for her mother shows the daughter's). A deleted account is not named.
 */
async function partnerView(
  ctx: CompanionContext,
  partner: StoredRequest,
  today: string,
): Promise<PartnerView> {
  const owner = await findOwner(ctx.owners, partner.ownerId);
  return {
    trust: await trustOf(ctx, partner.ownerId, today),
    posted_for: partner.posted_for ?? 'self',
    owner_first_name: owner && !owner.deleted && owner.fullname.trim() ? firstNameOf(owner.fullname) : null,
  };
}

/** The caller's own request in a match both sides agree on: 404 for anyone else's, 409 without a match. */
async function ownMatched(ctx: CompanionContext, identity: Identity, caseid: string): Promise<MatchedPair> {
  const record = await findRequest(ctx.requests, caseid);
  if (!record || record.ownerId !== identity.userId || record.status === 'inactive')
    throw notFound(COMPANION_MESSAGES.notFound);
  const pair = await matchedPair(ctx, record);
  if (!pair) throw conflict(TRIP_MESSAGES.notMatched);
  return pair;
}

/** Both parties' open browsers refetch (the other party, and the actor's other tabs), and so do their family links. */
export function tellBoth(ctx: CompanionContext, pair: MatchedPair) {
  void ctx.live.publish(pair.self.ownerId, 'request.trip', { caseid: pair.self.caseid });
  void ctx.live.publish(pair.other.ownerId, 'request.trip', { caseid: pair.other.caseid });
  tellFamilies(ctx, [pair.self, pair.other]);
}

const parties = (pair: MatchedPair) => ({
  tripId: pair.tripId,
  caseid: pair.self.caseid,
  userId: pair.self.ownerId,
  otherCaseid: pair.other.caseid,
  otherUserId: pair.other.ownerId,
  // The other party's notice names the pair by first names and says the trip's flight.
  travellerFirstName: firstNameOf(pair.need.passenger_name),
  companionFirstName: firstNameOf(pair.provide.passenger_name),
  trip: tripSummaryOf(pair.need.date ? pair.need : pair.provide),
});

/** PUT /api/companions/requests/:id/meeting: the same place and time again changes nothing and tells no one. */
export async function setMeeting(
  ctx: CompanionContext,
  identity: Identity,
  caseid: string,
  body: MeetingRequest,
): Promise<CompanionRequestView> {
  const pair = await ownMatched(ctx, identity, caseid);
  const same = (meeting: TripRecord['meeting'] | undefined) =>
    !!meeting && meeting.place === body.place && meeting.time === body.time;
  // The same place and time again is no change: answered without counting (also at the limit).
  if (same((await tripOf(ctx, pair)).meeting)) return requestViewWithTrip(ctx, pair.self);
  // At most MEETING_CHANGES_PER_DAY changes per trip (both parties together) in any 24 hours; a call that
  // turns out to change nothing (a concurrent one set the same) gives its count back.
  const hit = await ctx.meetingChanges.hit(pair.tripId);
  if (!hit.allowed) throw tooManyRequests(TRIP_MESSAGES.meetingChangesLimit, hit.retryAfterSeconds);
  let staged: EventEnvelope[] = [];
  let changed = false;
  try {
    ({ changed } = await revisedWrite(
      ctx.trips,
      ctx.locks,
      tripLockKey(pair.tripId),
      pair.tripId,
      (current) => {
        staged = [];
        if (same(current?.meeting)) return null;
        const updatedAt = new Date();
        staged = [
          outboxEvent(PRODUCER, 'trip_meeting_set', pair.tripId, {
            ...parties(pair),
            place: body.place,
            time: body.time,
            updatedAt: updatedAt.toISOString(),
            replaced: Boolean(current?.meeting),
          }),
        ];
        return stageEvents(staged, {
          $set: { meeting: { place: body.place, time: body.time, set_by: pair.side, updated_at: updatedAt } },
        });
      },
    ));
  } finally {
    if (!changed) await hit.release();
  }
  if (changed) {
    ctx.flushOutbox({ model: ctx.trips, id: pair.tripId, events: staged });
    tellBoth(ctx, pair);
  }
  return requestViewWithTrip(ctx, pair.self);
}

/**
 * POST /api/companions/requests/:id/milestones (addendum §1.2). Checked in this order: the caller's
 * matched request, the window, who may record it, already recorded (200, nothing changes), the order, and
 * for the hand-over the lock-out and the code. A wrong code is counted in the same guarded write that
 * decides it, so concurrent guesses cannot get past the limit.
 */
export async function recordMilestone(
  ctx: CompanionContext,
  identity: Identity,
  caseid: string,
  body: MilestoneRequest,
): Promise<CompanionRequestView> {
  const pair = await ownMatched(ctx, identity, caseid);
  if (!withinTripWindow(tripDate(pair), todayIso())) throw conflict(TRIP_MESSAGES.outsideWindow);
  const handover = body.milestone === 'handed_over';
  if (handover && pair.side !== 'provide') throw forbidden(TRIP_MESSAGES.companionOnly);
  await tripOf(ctx, pair);
  let staged: EventEnvelope[] = [];
  let refusal: HttpError | undefined;
  const { changed } = await revisedWrite(
    ctx.trips,
    ctx.locks,
    tripLockKey(pair.tripId),
    pair.tripId,
    (current) => {
      staged = [];
      refusal = undefined;
      const recorded = current?.milestones ?? [];
      if (recorded.some((entry) => entry.milestone === body.milestone)) return null;
      const rank = MILESTONES.indexOf(body.milestone);
      if (recorded.some((entry) => MILESTONES.indexOf(entry.milestone) > rank))
        throw conflict(TRIP_MESSAGES.outOfOrder);
      if (handover) {
        const code = current!.handover;
        if (code.wrong >= HANDOVER_WRONG_CODES_MAX) throw tooManyRequests(TRIP_MESSAGES.codeLocked);
        if (!body.handover_code) throw badRequest(TRIP_MESSAGES.codeRequired);
        if (!sameCode(body.handover_code, code.code)) {
          refusal = badRequest(TRIP_MESSAGES.codeWrong);
          return { $set: { handover: { ...code, wrong: code.wrong + 1 } } };
        }
      }
      const at = new Date();
      staged = [
        outboxEvent(PRODUCER, 'trip_milestone_recorded', pair.tripId, {
          ...parties(pair),
          milestone: body.milestone,
          at: at.toISOString(),
        }),
        // A completed trip for both parties' trust figures (trust.ts), in the same write.
        ...(handover
          ? [
              outboxEvent(PRODUCER, 'trip_completed', pair.tripId, {
                tripId: pair.tripId,
                userIds: [pair.need.ownerId, pair.provide.ownerId],
                at: at.toISOString(),
                // It counts in the figures only from the day after the travel date (trust.ts).
                ...(tripDate(pair) ? { travelDate: tripDate(pair)! } : {}),
              }),
            ]
          : []),
      ];
      return stageEvents(staged, {
        $set: { milestones: [...recorded, { milestone: body.milestone, at, by: pair.side }] },
      });
    },
  );
  if (refusal) throw refusal;
  if (changed) {
    ctx.flushOutbox({ model: ctx.trips, id: pair.tripId, events: staged });
    tellBoth(ctx, pair);
  }
  return requestViewWithTrip(ctx, pair.self);
}

/**
 * PUT /api/companions/requests/:id/safety-note: the owner has seen the safety note of the match their
 * request holds now; a new match shows it again. 409 without a match, 404 for anyone else's request.
 */
export async function safetyNoteSeen(
  ctx: CompanionContext,
  identity: Identity,
  caseid: string,
): Promise<CompanionRequestView> {
  const pair = await ownMatched(ctx, identity, caseid);
  const matchId = pair.self.companion_match_id;
  await ctx.locks.around(requestLockKey(caseid), async () => {
    const record = await findRequest(ctx.requests, caseid);
    if (!record || record.companion_match_id !== matchId || record.safety_note_seen === matchId) return;
    await ctx.requests.updateOne(guardedById(record, { companion_match_id: matchId }, ctx.locks.enabled), {
      $set: { safety_note_seen: matchId },
    });
  });
  return requestViewWithTrip(ctx, (await findRequest(ctx.requests, caseid)) ?? pair.self);
}

/** POST /api/companions/requests/:id/handover-code: the seeker's new code; the wrong-code count starts again. */
export async function newHandoverCode(
  ctx: CompanionContext,
  identity: Identity,
  caseid: string,
): Promise<CompanionRequestView> {
  const pair = await ownMatched(ctx, identity, caseid);
  if (pair.side !== 'need') throw forbidden(TRIP_MESSAGES.needOnly);
  await tripOf(ctx, pair);
  await revisedWrite(ctx.trips, ctx.locks, tripLockKey(pair.tripId), pair.tripId, (current) => {
    let code = newCode();
    while (code === current?.handover.code) code = newCode();
    return { $set: { handover: { code, made_at: new Date(), wrong: 0 } } };
  });
  void ctx.live.publish(pair.self.ownerId, 'request.trip', { caseid: pair.self.caseid });
  return requestViewWithTrip(ctx, pair.self);
}

/** What the family link shows of the trip: place and time, milestones and when; never who or the code. */
export async function sharedTripDay(
  ctx: CompanionContext,
  record: StoredRequest,
): Promise<{
  meeting: { place: string; time: string } | null;
  milestones: Array<{ milestone: TripRecord['milestones'][number]['milestone']; at: string }>;
}> {
  const pair = await matchedPair(ctx, record);
  // A public read writes nothing: a pair without its trip document yet has nothing to show.
  const trip = pair ? await ctx.trips.findOne({ _id: pair.tripId }).lean<TripRecord>() : null;
  if (!pair || !trip) return { meeting: null, milestones: [] };
  const view = tripView(pair, trip);
  return {
    meeting: view.meeting ? { place: view.meeting.place, time: view.meeting.time } : null,
    milestones: view.milestones.map(({ milestone, at }) => ({ milestone, at })),
  };
}
