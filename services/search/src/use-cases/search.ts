/** GET /api/search/unified and /api/search/public: the index answers; results never carry contact details. */
import {
  SEARCH_RESULT_LIMIT,
  todayIso,
  type SearchQuery,
  type SearchResult,
  type Trust,
} from '@safarsaathi/contracts';
import type { IndexedRequest, SearchIndex } from '../index/search-index';

function toResult(entry: IndexedRequest, owner: string, trust: Trust): SearchResult {
  return {
    service_type: entry.service_type,
    caseid: entry.caseid,
    owner,
    passenger_name: entry.passenger_name,
    timestamp: entry.createdAt,
    from_airport: entry.from_airport,
    to_airport: entry.to_airport,
    date: entry.date,
    tentative_from_date: entry.tentative_from_date,
    tentative_to_date: entry.tentative_to_date,
    passenger_gender: entry.passenger_gender,
    passenger_age: entry.passenger_age,
    languages_known: entry.languages_known,
    role: entry.role,
    companion_price: entry.companion_price,
    confirmed_ticket: entry.confirmed_ticket,
    airlines: entry.airlines,
    flight_number: entry.flight_number,
    layovers: entry.layovers,
    description: entry.description,
    trust,
    posted_for: entry.posted_for ?? 'self',
  };
}

/** Visitors see the route, dates, languages, price and the owner's first name; nothing that identifies the passenger. */
function toPublicResult(entry: IndexedRequest, owner: string, trust: Trust): SearchResult {
  const {
    passenger_name: _name,
    passenger_gender: _gender,
    passenger_age: _age,
    airlines: _airline,
    flight_number: _flight,
    layovers: _layovers,
    trust: _trust,
    ...rest
  } = toResult(entry, owner, trust);
  // Visitors see how many trips the owner completed, nothing of references.
  return {
    ...rest,
    trust: { trips_completed: trust.trips_completed, late_cancellations: trust.late_cancellations },
  };
}

export type SearchMode = 'unified' | 'public';

export function search(
  index: SearchIndex,
  query: SearchQuery,
  viewerId: string | undefined,
  mode: SearchMode,
): { results: SearchResult[] } {
  const today = todayIso();
  const entries = index.search(query, viewerId, today, SEARCH_RESULT_LIMIT);
  const project = mode === 'public' ? toPublicResult : toResult;
  return {
    results: entries.map((entry) =>
      project(entry, index.ownerName(entry), index.trustOf(entry.ownerId, today)),
    ),
  };
}

const resultsBody = (results: string[]): Buffer => Buffer.from(`{"results":[${results.join(',')}]}`);

/** Extra results kept per cached answer, so a viewer's own requests can be left out without searching again. */
const OWN_REQUEST_SLACK = 20;
const CACHED_ANSWERS = 500;

interface CachedAnswer {
  version: string;
  ownerIds: string[];
  /** Each result already serialised: most searches repeat, and serialising dominated their cost. */
  json: string[];
  /** Fewer than asked for: nothing beyond these exists. */
  complete: boolean;
  /** The answer for viewers who own none of the results (visitors, and nearly everyone else). */
  body: Buffer;
}

/**
 * Answers searches as JSON text, reusing the serialised results of an identical earlier search until
 * the index changes for that origin airport (or any owner's name or status changes).
 */
export class SearchAnswers {
  private readonly cache = new Map<string, CachedAnswer>();

  constructor(
    private readonly index: SearchIndex,
    private readonly today: () => string = todayIso,
  ) {}

  answer(query: SearchQuery, viewerId: string | undefined, mode: SearchMode): Buffer {
    const today = this.today();
    const key = [
      mode,
      query.service,
      query.from,
      query.to ?? '',
      query.from_date ?? '',
      query.to_date ?? '',
      query.languages?.join(',') ?? '',
      today,
    ].join('|');
    const version = this.index.answerVersion(query.service, query.from);
    let cached = this.cache.get(key);
    if (!cached || cached.version !== version) {
      const wanted = SEARCH_RESULT_LIMIT + OWN_REQUEST_SLACK;
      const entries = this.index.search(query, undefined, today, wanted);
      const project = mode === 'public' ? toPublicResult : toResult;
      const json = entries.map((entry) =>
        JSON.stringify(project(entry, this.index.ownerName(entry), this.index.trustOf(entry.ownerId, today))),
      );
      cached = {
        version,
        ownerIds: entries.map((entry) => entry.ownerId),
        json,
        complete: entries.length < wanted,
        body: resultsBody(json.slice(0, SEARCH_RESULT_LIMIT)),
      };
      this.cache.delete(key);
      this.cache.set(key, cached);
      if (this.cache.size > CACHED_ANSWERS) this.cache.delete(this.cache.keys().next().value!);
    }
    if (!viewerId || !cached.ownerIds.includes(viewerId)) return cached.body;
    const picked: string[] = [];
    for (let i = 0; i < cached.json.length && picked.length < SEARCH_RESULT_LIMIT; i++) {
      if (cached.ownerIds[i] !== viewerId) picked.push(cached.json[i]!);
    }
    // The viewer owns so many of the soonest requests that the slack ran out: search for them alone.
    if (picked.length < SEARCH_RESULT_LIMIT && !cached.complete)
      return Buffer.from(JSON.stringify(search(this.index, query, viewerId, mode)));
    return resultsBody(picked);
  }
}
