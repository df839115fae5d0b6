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

/** After a failed load the next try waits this long, then twice as long each time, up to the cap. */
const AIRPORTS_RETRY_FIRST_MS = 2_000;
const AIRPORTS_RETRY_CAP_MS = 30_000;

/**
 * Loads the list and calls `onLoaded` with it once it has loaded, trying again after a failure (a service
 * still starting, a dropped connection at the airport) instead of leaving the fields on 'No airports found'
 * until the page is reloaded. Returns a function that stops it.
 */
export function loadAirportsUntilLoaded(onLoaded: (airports: Airport[]) => void): () => void {
  let live = true;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const attempt = (nextDelayMs: number) => {
    void loadAirports().then((list) => {
      if (!live) return;
      if (loaded) onLoaded(list);
      else timer = setTimeout(() => attempt(Math.min(nextDelayMs * 2, AIRPORTS_RETRY_CAP_MS)), nextDelayMs);
    });
  };
  attempt(AIRPORTS_RETRY_FIRST_MS);
  return () => {
    live = false;
    clearTimeout(timer);
  };
}

/**
 * The airport list for a component: null until it has loaded (while a failed load is tried again, too). A
 * page that loads it before its first render (a remote module's `preload`) renders once with it, not twice.
 */
export function useAirports(): Airport[] | null {
  const [airports, setAirports] = useState<Airport[] | null>(() => loaded ?? null);
  useEffect(() => {
    if (airports) return;
    return loadAirportsUntilLoaded(setAirports);
  }, [airports]);
  return airports;
}
