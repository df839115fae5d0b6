/**
 * The in-memory search index of one instance: every visible, active request, bucketed by
 * (service, origin airport) and kept sorted by travel date, so a search reads only its bucket.
 * It is rebuilt from the Kafka topics at start (index-feed.ts); 100,000 requests take ~100 MB.
 * Each bucket also has one list per language spoken in it (same order), so a search by language reads
 * only the lists of the languages asked for, merged, never the whole bucket.
 */
import {
  memberSinceOf,
  parseLanguages,
  trustAsOf,
  firstNameOf,
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
  /** Grows with every upsert: (sortDate, seq) is the order of every list, so language lists merge in it. */
  seq: number;
  /** The languages it speaks, in the contract list's spelling. */
  languages: string[];
};

function bucketKey(service: string, from: string): string {
  return `${service}|${from}`;
}

const languageKey = (key: string, language: string) => `${key}|${language}`;

/** Puts `entry` after the entries of its date (its seq is the highest): among same-day requests the older stays first. */
function insertSorted(list: IndexedRequest[], entry: IndexedRequest): void {
  let position = lowerBound(list, entry.sortDate);
  while (position < list.length && list[position]!.sortDate === entry.sortDate) position += 1;
  list.splice(position, 0, entry);
}

function removeFrom(list: IndexedRequest[] | undefined, entry: IndexedRequest): void {
  if (!list) return;
  const index = list.indexOf(entry);
  if (index >= 0) list.splice(index, 1);
}

const before = (a: IndexedRequest, b: IndexedRequest) =>
  a.sortDate < b.sortDate || (a.sortDate === b.sortDate && a.seq < b.seq);

/** The entries of several lists in their common order, each once (an entry may be on several lists). */
function* merged(lists: IndexedRequest[][]): Generator<IndexedRequest> {
  const positions = lists.map(() => 0);
  let last: IndexedRequest | undefined;
  for (;;) {
    let best = -1;
    for (let i = 0; i < lists.length; i++) {
      const candidate = lists[i]![positions[i]!];
      if (candidate && (best < 0 || before(candidate, lists[best]![positions[best]!]!))) best = i;
    }
    if (best < 0) return;
    const next = lists[best]![positions[best]!]!;
    positions[best]! += 1;
    if (next !== last) yield next;
    last = next;
  }
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
  /** By `service|from`, and by `service|from|language` for each language spoken there. */
  private readonly buckets = new Map<string, IndexedRequest[]>();
  private seq = 0;
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
    removeFrom(this.buckets.get(key), entry);
    for (const language of entry.languages) removeFrom(this.buckets.get(languageKey(key, language)), entry);
  }

  private list(key: string): IndexedRequest[] {
    let list = this.buckets.get(key);
    if (!list) {
      list = [];
      this.buckets.set(key, list);
    }
    return list;
  }

  upsert(request: EventData<'request_created'>, occurredAt: string): void {
    if (this.isStale(request.caseid, occurredAt)) return;
    this.lastEventAt.set(request.caseid, occurredAt);
    this.remove(request.caseid);
    const sortDate = request.date ?? request.tentative_from_date ?? '';
    const endDate = request.date ?? request.tentative_to_date ?? sortDate;
    const entry: IndexedRequest = {
      ...request,
      sortDate,
      endDate,
      lastEventAt: occurredAt,
      seq: (this.seq += 1),
      languages: parseLanguages(request.languages_known).known,
    };
    this.byCase.set(request.caseid, entry);
    const key = bucketKey(request.service_type, request.from_airport);
    this.touch(key);
    insertSorted(this.list(key), entry);
    for (const language of entry.languages) insertSorted(this.list(languageKey(key, language)), entry);
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
    const first = firstNameOf(fullname, '');
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
      late_cancellations: 0,
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
   * filter and has not passed, spoken by one of `query.languages` (when given), soonest first, never the
   * viewer's own, at most `limit`.
   */
  search(query: SearchQuery, viewerId: string | undefined, today: string, limit: number): IndexedRequest[] {
    const key = bucketKey(query.service, query.from);
    const lists = query.languages?.length
      ? query.languages.map((language) => this.buckets.get(languageKey(key, language)) ?? [])
      : [this.buckets.get(key) ?? []];
    const earliest = query.from_date && query.from_date > today ? query.from_date : today;
    const results: IndexedRequest[] = [];
    // One list (no language filter, or one language): a plain loop, as fast as before the filter.
    const entries = lists.length === 1 ? lists[0]! : merged(lists);
    for (const entry of entries) {
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
