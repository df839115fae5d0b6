/**
 * The matching read model's request documents: every companion request the search service has heard of,
 * shared by all instances of the `search` consumer group. `_id` is the case id: FerretDB 1.24 (SQLite)
 * pushes only a bare `{ _id: value }` filter down to storage, so every read and write here is by `_id`
 * (candidates are found through buckets.ts, an owner's requests through owners.ts).
 */
import { Schema, type Connection, type Model } from 'mongoose';
import { addDays, todayIso, type EventData } from '@safarsaathi/contracts';

export type RequestCreated = EventData<'request_created'>;

// A new collection name: the earlier layout (`requests`, ObjectId ids, a unique index on caseid) must not
// mix with this one in an existing database.
export const REQUESTS_COLLECTION = 'match_requests';

export interface StoredRequest extends RequestCreated {
  /** The case id. */
  _id: string;
  status: 'active' | 'removed';
  /** Owner blocked: kept, but never matched or shown. */
  hidden: boolean;
  /** The case id of the counterpart this request is matched with. */
  matchedWith: string | null;
  /**
   * Grows by one with every write of `matchedWith` (claims included), so each (request, revision) names one
   * state; events carry it and consumers keep the highest. Missing on documents from before re-matching.
   */
  matchRevision?: number;
  /** The current match's main flight status: only a `same_route` match can be upgraded (docs/decisions.md "Re-matching"). */
  matchedFlight?: 'same_flight' | 'same_route' | null;
  /**
   * Whether the current match's pair share a language: a pair sharing none gives way to a counterpart as
   * good on the flight who shares one (docs/decisions.md "Search by language"). Missing on older matches.
   */
  matchedShares?: boolean | null;
  /** Set with an upgrade: the partner this request left, so a redelivery can finish releasing it. */
  leftBehind?: string | null;
  /** The latest release of this request's match, which its match_released event is built from. */
  lastRelease?: {
    matchId: string;
    formerCaseid: string;
    revision: number;
    /** Why, when not an upgrade to the same flight (match_released `reason`). */
    reason?: 'shared_language' | 'flight_changed' | 'left' | 'restored';
  } | null;
  /**
   * The match a meeting point or milestone has locked (trip_meeting_set, trip_milestone_recorded): while
   * `matchId` is this one, no automatic re-pairing touches it (docs/decisions.md "Matches that hold").
   */
  lockedMatchId?: string | null;
  /** The current match's travel date (the seeker's booked date, else the companion's): the date lock's day. */
  matchDate?: string | null;
  /**
   * The id of the current match (set with the claim): the pair's id, or `<pair>#<revisions>` for a pair
   * matched again after a release (persistence/matches.ts). Missing on claims from before: the pair's id.
   */
  matchId?: string | null;
  /** The owner's edit count (request_updated `version`, addendum §1.4): an older edit changes nothing. */
  version?: number;
  /** The edit whose consequences for the match (kept, or released and matched again) are done. */
  settledVersion?: number;
  /** When the last event about this request occurred: older events never overwrite newer state. */
  lastEventAt: string;
}

export function routeOf(role: string, from: string, to: string): string {
  return `${role}|${from}|${to}`;
}

/** What a request_created sets on the document (everything but `_id` and `matchedWith`, which it keeps). */
export function createdFields(
  data: RequestCreated,
  occurredAt: string,
): Omit<StoredRequest, '_id' | 'matchedWith'> {
  return { ...data, status: 'active', hidden: false, lastEventAt: occurredAt };
}

/** A request as first stored (also how bench/seed.ts writes the read model directly). */
export function newStoredRequest(data: RequestCreated, occurredAt: string): StoredRequest {
  return { _id: data.caseid, ...createdFields(data, occurredAt), matchedWith: null };
}

/** The request's match revision (0 before its first claim, also on documents from before revisions). */
export function revisionOf(request: Pick<StoredRequest, 'matchRevision'>): number {
  return request.matchRevision ?? 0;
}

/**
 * A match is locked from 00:00 UTC of the day before its travel date, or once its pair has a meeting point or
 * a milestone: no automatic re-pairing (upgrade, language) touches it then. Only a cancel, a flight change, a
 * block or a deletion ends it (docs/decisions.md "Matches that hold").
 */
export function isLocked(
  request: Pick<StoredRequest, 'matchedWith' | 'matchId' | 'lockedMatchId' | 'matchDate' | 'date'>,
  today: string = todayIso(),
): boolean {
  if (!request.matchedWith) return false;
  // A claim from before match ids keeps the pair's id, which is the one its lock was written for.
  if (request.lockedMatchId && request.lockedMatchId === (request.matchId ?? request.lockedMatchId))
    return true;
  const day = request.matchDate ?? request.date;
  return !!day && today >= addDays(day, -1);
}

/**
 * Holds a match that a better counterpart may still upgrade: an active, visible, matched request that is
 * matched `same_route` and booked with an airline and flight number (someone on its exact flight is
 * better; nothing else can be matched `same_flight`), or whose pair shares no language (someone as good
 * on the flight who shares one is better).
 */
export function isUpgradable(
  request: Pick<
    StoredRequest,
    | 'status'
    | 'hidden'
    | 'matchedWith'
    | 'matchedFlight'
    | 'matchedShares'
    | 'confirmed_ticket'
    | 'date'
    | 'airlines'
    | 'flight_number'
    | 'matchId'
    | 'lockedMatchId'
    | 'matchDate'
  >,
  today: string = todayIso(),
): boolean {
  if (request.status !== 'active' || request.hidden || !request.matchedWith || !request.matchedFlight)
    return false;
  if (isLocked(request, today)) return false;
  const toSameFlight =
    request.matchedFlight === 'same_route' &&
    request.confirmed_ticket &&
    !!request.date &&
    !!request.airlines?.trim() &&
    !!request.flight_number?.trim();
  return toSameFlight || request.matchedShares === false;
}

/** Still looking for a counterpart: the state that keeps a request in its bucket. */
export function isOpenForMatching(
  request: Pick<StoredRequest, 'status' | 'hidden' | 'matchedWith'>,
): boolean {
  return request.status === 'active' && !request.hidden && !request.matchedWith;
}

const requestSchema = new Schema<StoredRequest>(
  {
    _id: { type: String, required: true },
    caseid: { type: String, required: true },
    ownerId: { type: String, required: true },
    ownerFirstName: { type: String, required: true },
    service_type: { type: String, required: true },
    role: { type: String, required: true },
    from_airport: { type: String, required: true },
    to_airport: { type: String, required: true },
    date: { type: String, default: null },
    tentative_from_date: { type: String, default: null },
    tentative_to_date: { type: String, default: null },
    confirmed_ticket: { type: Boolean, required: true },
    airlines: { type: String, default: null },
    flight_number: { type: String, default: null },
    layovers: { type: Schema.Types.Mixed, default: [] },
    passenger_name: { type: String, required: true },
    passenger_age: { type: Number, required: true },
    passenger_gender: { type: String, required: true },
    languages_known: { type: String, required: true },
    companion_price: { type: Number, required: true },
    description: { type: String, default: null },
    createdAt: { type: String, required: true },
    status: { type: String, required: true },
    hidden: { type: Boolean, default: false },
    matchedWith: { type: String, default: null },
    matchRevision: { type: Number },
    matchedFlight: { type: String, default: null },
    matchedShares: { type: Boolean },
    leftBehind: { type: String, default: null },
    lastRelease: { type: Schema.Types.Mixed, default: null },
    matchId: { type: String, default: null },
    lockedMatchId: { type: String, default: null },
    matchDate: { type: String, default: null },
    version: { type: Number },
    settledVersion: { type: Number },
    lastEventAt: { type: String, required: true },
  },
  { collection: REQUESTS_COLLECTION, versionKey: false },
);

export type RequestModel = Model<StoredRequest>;

export function requestModel(connection: Connection): RequestModel {
  return (
    (connection.models.SearchRequest as RequestModel) ??
    connection.model<StoredRequest>('SearchRequest', requestSchema)
  );
}
