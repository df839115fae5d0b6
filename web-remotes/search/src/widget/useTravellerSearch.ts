import {
  DEFAULT_FROM_AIRPORT,
  SEARCH_MESSAGES,
  type SearchResult,
  type ServiceType,
} from '@safarsaathi/contracts';
import { loadAirports, loadedAirports } from '@safarsaathi/web-kit';
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { searchApi, type SearchFilter } from '../api';

/** ORD is the default only "when in the list" (an unloaded list keeps it until it loads). */
function defaultFromAirport(): string {
  const airports = loadedAirports();
  return !airports?.length || airports.some((a) => a.iataCode === DEFAULT_FROM_AIRPORT)
    ? DEFAULT_FROM_AIRPORT
    : '';
}

const initialFilter = (service: ServiceType): SearchFilter => ({
  service,
  fromAirport: defaultFromAirport(),
  toAirport: '',
  fromDate: '',
  toDate: '',
  languages: [],
});

export interface TravellerSearch {
  filter: SearchFilter;
  results: SearchResult[];
  loading: boolean;
  /** A search has run (the heading and empty state show only then). */
  searched: boolean;
  /** Search was pressed without a from-airport. */
  fromMissing: boolean;
  /** The filter of the last search that ran: the heading names its from-airport. */
  lastFilter: SearchFilter | null;
  changeService: (service: ServiceType) => void;
  changeFilter: (change: Partial<Omit<SearchFilter, 'service'>>) => void;
  search: () => void;
}

/** The search widget's state and transitions (spec §4 Search). */
export function useTravellerSearch(publicMode: boolean): TravellerSearch {
  const [filter, setFilter] = useState<SearchFilter>(() => initialFilter('companion'));
  const [results, setResults] = useState<SearchResult[]>([]);
  const [loading, setLoading] = useState(false);
  const [searched, setSearched] = useState(false);
  const [fromMissing, setFromMissing] = useState(false);
  const [lastFilter, setLastFilter] = useState<SearchFilter | null>(null);
  const inFlight = useRef<AbortController | null>(null);

  // ORD is the default only "when in the list": drop it if the loaded list does not have it.
  useEffect(() => {
    let live = true;
    void loadAirports().then((airports) => {
      if (live && airports.length > 0 && !airports.some((a) => a.iataCode === DEFAULT_FROM_AIRPORT)) {
        setFilter((current) =>
          current.fromAirport === DEFAULT_FROM_AIRPORT ? { ...current, fromAirport: '' } : current,
        );
      }
    });
    return () => {
      live = false;
      inFlight.current?.abort();
    };
  }, []);

  const changeService = useCallback((service: ServiceType) => {
    inFlight.current?.abort();
    setFilter(initialFilter(service));
    setResults([]);
    setSearched(false);
    setFromMissing(false);
    setLoading(false);
  }, []);

  const changeFilter = useCallback((change: Partial<Omit<SearchFilter, 'service'>>) => {
    setFilter((current) => {
      const next = { ...current, ...change };
      // To cannot be earlier than From: pushed up rather than left invalid.
      if (next.fromDate && next.toDate && next.toDate < next.fromDate) next.toDate = next.fromDate;
      return next;
    });
    if (change.fromAirport) setFromMissing(false);
  }, []);

  const search = useCallback(() => {
    if (!filter.fromAirport) {
      setFromMissing(true);
      return;
    }
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    setLoading(true);
    setSearched(true);
    setLastFilter(filter);
    const settle = (found: SearchResult[]) => {
      if (controller.signal.aborted) return;
      // A transition: the result cards render in slices that leave the phone responsive (and a search
      // started meanwhile aborts this one), not in one long task.
      startTransition(() => {
        setResults(found);
        setLoading(false);
      });
    };
    searchApi.search(filter, publicMode, controller.signal).then(settle, (error: unknown) => {
      if (controller.signal.aborted) return;
      console.error(SEARCH_MESSAGES.failed, error);
      settle([]);
    });
  }, [filter, publicMode]);

  return { filter, results, loading, searched, fromMissing, lastFilter, changeService, changeFilter, search };
}
