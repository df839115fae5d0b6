import { AIRPORT_TEXT, parseAirportsCsv, type Airport } from '@safarsaathi/contracts';
import { useEffect, useState } from 'react';

let cache: Promise<Airport[]> | undefined;
/** The list once it has loaded: a component mounted after that starts with it (no second render). */
let loaded: Airport[] | undefined;

/**
 * /data/airports.csv, fetched once per page for every airport field (web-kit is a singleton, so the
 * companion form and the search widget share it). A failure is logged and the next call tries again.
 */
export function loadAirports(): Promise<Airport[]> {
  cache ??= fetch('/data/airports.csv')
    .then((response) => {
      if (!response.ok) throw new Error(`airports.csv answered ${response.status}`);
      return response.text();
    })
    .then(parseAirportsCsv)
    .then((list) => (loaded = list))
    .catch((error: unknown) => {
      console.error(AIRPORT_TEXT.loadFailed, error);
      cache = undefined;
      return [];
    });
  return cache;
}

/** The list if it has loaded already, else undefined. */
export function loadedAirports(): Airport[] | undefined {
  return loaded;
}

/**
 * The airport list for a component: null until it has loaded ([] if loading failed). A page that loads it
 * before its first render (a remote module's `preload`) renders once with it, not twice.
 */
export function useAirports(): Airport[] | null {
  const [airports, setAirports] = useState<Airport[] | null>(() => loaded ?? null);
  useEffect(() => {
    if (airports) return;
    let live = true;
    void loadAirports().then((list) => live && setAirports(list));
    return () => {
      live = false;
    };
  }, [airports]);
  return airports;
}
