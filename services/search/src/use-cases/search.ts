/** GET /api/search/unified and /api/search/public: the index answers; results never carry contact details. */
import { SEARCH_RESULT_LIMIT, todayIso, type SearchQuery, type SearchResult } from '@safarsaathi/contracts';
import type { IndexedRequest, SearchIndex } from '../index/search-index';

function toResult(entry: IndexedRequest, owner: string): SearchResult {
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
  };
}

/** Visitors see the route, dates, languages, price and the owner's first name; nothing that identifies the passenger. */
function toPublicResult(entry: IndexedRequest, owner: string): SearchResult {
  const { passenger_name: _name, passenger_gender: _gender, passenger_age: _age, airlines: _airline, flight_number: _flight, layovers: _layovers, ...rest } =
    toResult(entry, owner);
  return rest;
}

export function search(index: SearchIndex, query: SearchQuery, viewerId: string | undefined, mode: 'unified' | 'public'): { results: SearchResult[] } {
  const entries = index.search(query, viewerId, todayIso(), SEARCH_RESULT_LIMIT);
  const project = mode === 'public' ? toPublicResult : toResult;
  return { results: entries.map((entry) => project(entry, index.ownerName(entry))) };
}
