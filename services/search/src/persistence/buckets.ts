/**
 * Candidate buckets of the matching read model. A bucket is one document whose `_id` says where a
 * counterpart can be found: booked requests by `role|FROM|TO|date`, yet-to-book needs by
 * `need|FROM|TO|tentative`. It lists small summaries of the requests still open for matching there, so a
 * match reads a handful of documents by `_id` instead of filtering the whole request collection.
 *
 * The functions here are pure and shared with bench/seed.ts, which writes the same layout in bulk.
 */
import { Schema, type Connection, type Model } from 'mongoose';
import { addDays } from '@safarsaathi/contracts';
import { routeOf, type RequestCreated } from './requests';

/**
 * How many days of a yet-to-book range are looked up when the need is posted (one bucket read per day).
 * Companions dated later in a longer range are not found then; they still find the need when they post.
 */
export const MAX_TENTATIVE_LOOKUP_DAYS = 31;

export const BUCKETS_COLLECTION = 'match_buckets';

export interface BucketMember {
  caseid: string;
  ownerId: string;
  createdAt: string;
  /** Yet-to-book needs only: a companion fits when its date is inside the range. */
  tentative_from_date?: string;
  tentative_to_date?: string;
}

export interface Bucket {
  _id: string;
  members: BucketMember[];
}

type Placed = Pick<
  RequestCreated,
  | 'caseid'
  | 'ownerId'
  | 'createdAt'
  | 'service_type'
  | 'role'
  | 'from_airport'
  | 'to_airport'
  | 'confirmed_ticket'
  | 'date'
  | 'tentative_from_date'
  | 'tentative_to_date'
>;

function isYetToBookNeed(request: Placed): boolean {
  return request.role === 'need' && !request.confirmed_ticket;
}

/**
 * The bucket a request waits in for its counterpart, or null when the rules could never match it (not a
 * companion request, or no usable date: the engine needs a companion's date and a need's date or range).
 */
export function bucketKeyOf(request: Placed): string | null {
  if (request.service_type !== 'companion') return null;
  const route = routeOf(request.role, request.from_airport, request.to_airport);
  if (isYetToBookNeed(request))
    return request.tentative_from_date && request.tentative_to_date ? `${route}|tentative` : null;
  return request.date ? `${route}|${request.date}` : null;
}

/**
 * The bucket where a request holding an upgradable match waits for a better counterpart (docs/decisions.md
 * "Re-matching", "Search by language"): its open bucket's key behind `upgradable|`, so
 * `upgradable|role|FROM|TO|date`, or `upgradable|need|FROM|TO|tentative` for a yet-to-book need.
 */
export function upgradableKeyOf(request: Placed): string | null {
  const key = bucketKeyOf(request);
  return key === null ? null : `upgradable|${key}`;
}

/**
 * The buckets of matched counterparts that `seeker` could upgrade: those where it would look for open
 * ones (same route, the other role, its date or each day of its range), behind `upgradable|`.
 */
export function upgradableBucketKeysOf(seeker: Placed, earliestDate: string): string[] {
  return candidateBucketKeysOf(seeker, earliestDate).map((key) => `upgradable|${key}`);
}

/**
 * A request's summary in its bucket. Built the same way every time, field order included: FerretDB
 * removes a member only by an exact `$pull` (it ignores `$pull` conditions).
 */
export function memberOf(request: Placed): BucketMember {
  const member = { caseid: request.caseid, ownerId: request.ownerId, createdAt: request.createdAt };
  return isYetToBookNeed(request)
    ? {
        ...member,
        tentative_from_date: request.tentative_from_date!,
        tentative_to_date: request.tentative_to_date!,
      }
    : member;
}

/**
 * The buckets that may hold counterparts for `seeker`. `earliestDate` (UTC today minus one day) starts a
 * yet-to-book range's lookup: companions dated before it are past.
 */
export function candidateBucketKeysOf(seeker: Placed, earliestDate: string): string[] {
  if (bucketKeyOf(seeker) === null) return [];
  const { from_airport: from, to_airport: to } = seeker;
  if (seeker.role === 'provide')
    return [`${routeOf('need', from, to)}|${seeker.date}`, `${routeOf('need', from, to)}|tentative`];
  const companions = routeOf('provide', from, to);
  if (!isYetToBookNeed(seeker)) return [`${companions}|${seeker.date}`];
  const keys: string[] = [];
  const first = seeker.tentative_from_date! > earliestDate ? seeker.tentative_from_date! : earliestDate;
  for (
    let day = first;
    day <= seeker.tentative_to_date! && keys.length < MAX_TENTATIVE_LOOKUP_DAYS;
    day = addDays(day, 1)
  ) {
    keys.push(`${companions}|${day}`);
  }
  return keys;
}

/**
 * Whether a bucket member is worth loading for `seeker`: someone else's request and, for a yet-to-book
 * need found by a companion, a range that holds the companion's date. State (active, hidden, matched) is
 * checked on the loaded document.
 */
export function memberFits(
  seeker: Pick<Placed, 'caseid' | 'ownerId' | 'date'>,
  member: BucketMember,
): boolean {
  if (member.caseid === seeker.caseid || member.ownerId === seeker.ownerId) return false;
  if (member.tentative_from_date === undefined || member.tentative_to_date === undefined) return true;
  return (
    seeker.date !== null &&
    member.tentative_from_date <= seeker.date &&
    seeker.date <= member.tentative_to_date
  );
}

/** The buckets that fresh (open) requests fill, for writing the read model in bulk. */
export function bucketsOf(requests: Placed[]): Bucket[] {
  const buckets = new Map<string, BucketMember[]>();
  for (const request of requests) {
    const key = bucketKeyOf(request);
    if (key === null) continue;
    const members = buckets.get(key) ?? [];
    members.push(memberOf(request));
    buckets.set(key, members);
  }
  return [...buckets].map(([_id, members]) => ({ _id, members }));
}

const bucketSchema = new Schema<Bucket>(
  {
    _id: { type: String, required: true },
    // Mixed, not a sub-schema: members must stay exactly as memberOf built them for an exact `$pull`.
    members: { type: Schema.Types.Mixed, default: [] },
  },
  { collection: BUCKETS_COLLECTION, versionKey: false },
);

export type BucketModel = Model<Bucket>;

export function bucketModel(connection: Connection): BucketModel {
  return (
    (connection.models.MatchBucket as BucketModel) ?? connection.model<Bucket>('MatchBucket', bucketSchema)
  );
}
