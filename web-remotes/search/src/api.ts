import type {
  CheckSearchContactRequest,
  CheckSearchContactResponse,
  SearchResult,
  ServiceType,
} from '@safarsaathi/contracts';
import { api } from '@safarsaathi/web-kit';

export interface SearchFilter {
  service: ServiceType;
  fromAirport: string;
  toAirport: string;
  fromDate: string;
  toDate: string;
  /** Names from the 15 languages: only travellers who speak one of them (none: everyone). */
  languages: string[];
}

function searchQuery(filter: SearchFilter): string {
  const query = new URLSearchParams({ service: filter.service, from: filter.fromAirport });
  if (filter.toAirport) query.set('to', filter.toAirport);
  if (filter.fromDate) query.set('from_date', filter.fromDate);
  if (filter.toDate) query.set('to_date', filter.toDate);
  if (filter.languages.length > 0) query.set('languages', filter.languages.join(','));
  return query.toString();
}

/** The search widget's server calls (spec §7). */
export const searchApi = {
  /** Signed in: /api/search/unified (never the searcher's own requests); public: /api/search/public. */
  search: async (
    filter: SearchFilter,
    publicMode: boolean,
    signal?: AbortSignal,
  ): Promise<SearchResult[]> => {
    const path = publicMode ? '/api/search/public' : '/api/search/unified';
    const { results } = await api.get<{ results: SearchResult[] }>(`${path}?${searchQuery(filter)}`, {
      signal,
    });
    return results;
  },
  checkSearchContact: (request: CheckSearchContactRequest) =>
    api.post<CheckSearchContactResponse>('/api/chat/check-search-contact', request),
};
