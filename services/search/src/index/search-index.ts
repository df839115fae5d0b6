/**
 * The in-memory search index of one instance: every visible, active request, bucketed by
 * (service, origin airport) and kept sorted by travel date, so a search reads only its bucket.
 * It is rebuilt from the Kafka topics at start (index-feed.ts); 100,000 requests take ~100 MB.
 */
import {
  memberSinceOf,
  trustAsOf,
  type EventData,
  type SearchQuery,
  type Trust,
} from '@safarsaathi/contracts';

type TrustFigures = Omit<EventData<'trust_updated'>, 'userId'>;

export type IndexedRequest = EventData<'request_created'> & {
  /** First day the request is relevant: its date, or the start of its tentative range. */
  sortDate: string;
  /** Last day: its date, or the end of its tentative range. */
  endDate: string;
  lastEventAt: string;
};

function bucketKey(service: string, from: string): string {
  return `${service}|${from}`;
}

/** Index of the first entry whose sortDate is >= date (binary search). */
function lowerBound(entries: IndexedRequest[], date: string): number {
  let low = 0;
  let high = entries.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (entries[mid]!.sortDate < date) low = mid + 1;
    else high = mid;
  }
  return low;
}

export class SearchIndex {
  private readonly byCase = new Map<string, IndexedRequest>();
  private readonly buckets = new Map<string, IndexedRequest[]>();
  /** Last event time per case id, also for removed requests, so a late older event cannot revive one. */
  private readonly lastEventAt = new Map<string, string>();
  private readonly hiddenOwners = new Set<string>();
  /** First names of registered users, from user_registered: a request may reach us before its owner's name did. */
  private readonly ownerNames = new Map<string, string>();
  /** Each user's trust figures from the newest trust_updated (companion.trust.v1), by version. */
  private readonly trust = new Map<string, TrustFigures>();
  /** Registration months from user_registered, for users without figures yet. */
  private readonly memberSince = new Map<string, string>();
  /** Bumped whenever a bucket's requests change: cached answers for that origin are stale then. */
  private readonly bucketVersions = new Map<string, number>();
  /** Bumped by changes that can touch any bucket (owner names, blocked owners). */
  private ownersVersion = 0;

  /** Changes whenever the answer to a search from `from` may have changed. */
  answerVersion(service: string, from: string): string {
    return `${this.ownersVersion}.${this.bucketVersions.get(bucketKey(service, from)) ?? 0}`;
  }

  private touch(key: string): void {
    this.bucketVersions.set(key, (this.bucketVersions.get(key) ?? 0) + 1);
  }

  get size(): number {
    return this.byCase.size;
  }

  private isStale(caseid: string, occurredAt: string): boolean {
    const last = this.lastEventAt.get(caseid);
    return last !== undefined && last > occurredAt;
  }

  private remove(caseid: string): void {
    const entry = this.byCase.get(caseid);
    if (!entry) return;
    this.byCase.delete(caseid);
    const key = bucketKey(entry.service_type, entry.from_airport);
    this.touch(key);
    const bucket = this.buckets.get(key);
    if (!bucket) return;
    const index = bucket.indexOf(entry);
    if (index >= 0) bucket.splice(index, 1);
  }

  upsert(request: EventData<'request_created'>, occurredAt: string): void {
    if (this.isStale(request.caseid, occurredAt)) return;
    this.lastEventAt.set(request.caseid, occurredAt);
    this.remove(request.caseid);
    const sortDate = request.date ?? request.tentative_from_date ?? '';
    const endDate = request.date ?? request.tentative_to_date ?? sortDate;
    const entry: IndexedRequest = { ...request, sortDate, endDate, lastEventAt: occurredAt };
    this.byCase.set(request.caseid, entry);
    const key = bucketKey(request.service_type, request.from_airport);
    this.touch(key);
    let bucket = this.buckets.get(key);
    if (!bucket) {
      bucket = [];
      this.buckets.set(key, bucket);
    }
    // Insert after equal dates: among same-day requests the older stays first.
    let position = lowerBound(bucket, sortDate);
    while (position < bucket.length && bucket[position]!.sortDate === sortDate) position += 1;
    bucket.splice(position, 0, entry);
  }

  cancel(caseid: string, occurredAt: string): void {
    if (this.isStale(caseid, occurredAt)) return;
    this.lastEventAt.set(caseid, occurredAt);
    this.remove(caseid);
  }

  /** Drops requests whose last day has passed (run periodically; searches skip them anyway). */
  prune(today: string): number {
    let removed = 0;
    for (const entry of [...this.byCase.values()]) {
      if (entry.endDate < today) {
        this.remove(entry.caseid);
        removed += 1;
      }
    }
    return removed;
  }

  removeOwner(ownerId: string): void {
    this.ownerNames.delete(ownerId);
    this.trust.delete(ownerId);
    this.memberSince.delete(ownerId);
    this.ownersVersion += 1;
    for (const entry of [...this.byCase.values()]) if (entry.ownerId === ownerId) this.remove(entry.caseid);
  }

  setOwnerName(ownerId: string, fullname: string): void {
    const first = fullname.trim().split(/\s+/)[0];
    if (first && this.ownerNames.get(ownerId) !== first) {
      this.ownerNames.set(ownerId, first);
      this.ownersVersion += 1;
    }
  }

  setMemberSince(ownerId: string, registeredAt: string): void {
    const month = memberSinceOf(ownerId, registeredAt);
    if (month) this.memberSince.set(ownerId, month);
  }

  /** Keeps the newest figures of a user (a lower or equal version changes nothing: order does not matter). */
  setTrust(data: EventData<'trust_updated'>): void {
    const { userId, ...figures } = data;
    if ((this.trust.get(userId)?.version ?? 0) >= figures.version) return;
    this.trust.set(userId, figures);
    this.ownersVersion += 1;
  }

  /** The owner's figures as of `today` (answers are cached per day, so a reference due today shows today). */
  trustOf(ownerId: string, today: string): Trust {
    const figures = this.trust.get(ownerId);
    if (figures) return trustAsOf(figures, today);
    return {
      trips_completed: 0,
      references: { positive: 0, neutral: 0, negative: 0 },
      member_since: this.memberSince.get(ownerId) ?? memberSinceOf(ownerId) ?? today.slice(0, 7),
    };
  }

  /** The owner's first name as shown on result cards, or 'Traveler'. */
  ownerName(entry: IndexedRequest): string {
    return this.ownerNames.get(entry.ownerId) ?? (entry.ownerFirstName || 'Traveler');
  }

  setOwnerHidden(ownerId: string, hidden: boolean): void {
    if (hidden) this.hiddenOwners.add(ownerId);
    else this.hiddenOwners.delete(ownerId);
    this.ownersVersion += 1;
  }

  /**
   * Visible requests from `query.from` (and to `query.to`) whose date or tentative range meets the date
   * filter and has not passed, soonest first, never the viewer's own, at most `limit`.
   */
  search(query: SearchQuery, viewerId: string | undefined, today: string, limit: number): IndexedRequest[] {
    const bucket = this.buckets.get(bucketKey(query.service, query.from)) ?? [];
    const earliest = query.from_date && query.from_date > today ? query.from_date : today;
    const results: IndexedRequest[] = [];
    for (const entry of bucket) {
      if (query.to_date && entry.sortDate > query.to_date) break; // sorted: nothing later can fit
      if (entry.endDate < earliest) continue;
      if (query.to && entry.to_airport !== query.to) continue;
      if (viewerId && entry.ownerId === viewerId) continue;
      if (this.hiddenOwners.has(entry.ownerId)) continue;
      results.push(entry);
      if (results.length >= limit) break;
    }
    return results;
  }
}
