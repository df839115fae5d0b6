import { AIRPORT_TEXT, parseAirportsCsv, type Airport } from '@safarsaathi/contracts';

let cache: Promise<Airport[]> | undefined;

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
    .catch((error: unknown) => {
      console.error(AIRPORT_TEXT.loadFailed, error);
      cache = undefined;
      return [];
    });
  return cache;
}
