/**
 * The airport list (spec §3 Airport, §5 Airport list and suggestions): parsed from /data/airports.csv
 * on the client, filtered by the same rule the server used to write it.
 */
import { AIRPORT_COUNTRIES, LIMITS } from './reference-data';

export interface Airport {
  /** 3-letter IATA code. */
  iataCode: string;
  name: string;
  country: string;
  /** The city (OurAirports `municipality`), searched as well; may be empty. */
  city: string;
  /** 'name (code)', as shown in the picker and in search headings. */
  displayName: string;
}

export const AIRPORT_TEXT = {
  typeToSearch: 'Type to search airports',
  noneFound: 'No airports found',
  loading: 'Loading airports...',
  loadFailed: 'Error loading airports',
} as const;

const ALLOWED_COUNTRIES = new Set<string>(AIRPORT_COUNTRIES);

/** Only entries with a 3-letter IATA code, a non-empty name and a country the product serves are listed. */
export function isListedAirport(
  code: string | undefined,
  name: string | undefined,
  country: string | undefined,
): boolean {
  return /^[A-Z]{3}$/.test(code ?? '') && (name ?? '').trim() !== '' && ALLOWED_COUNTRIES.has(country ?? '');
}

export const airportDisplayName = (name: string, code: string): string => `${name} (${code})`;

/** Splits one CSV line, honouring double-quoted fields. */
function splitCsvLine(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      cells.push(cell);
      cell = '';
    } else cell += ch;
  }
  cells.push(cell);
  return cells;
}

/** Reads airports.csv (columns found by header name); unlisted rows are skipped. */
export function parseAirportsCsv(csv: string): Airport[] {
  const [header, ...lines] = csv.split(/\r?\n/);
  const columns = splitCsvLine(header ?? '').map((c) => c.trim());
  const at = (name: string) => columns.indexOf(name);
  const [iCode, iName, iCountry, iCity] = [
    at('iata_code'),
    at('name'),
    at('iso_country'),
    at('municipality'),
  ];
  const airports: Airport[] = [];
  for (const line of lines) {
    if (!line.trim()) continue;
    const cells = splitCsvLine(line);
    const code = (cells[iCode] ?? '').trim().toUpperCase();
    const name = (cells[iName] ?? '').trim();
    const country = (cells[iCountry] ?? '').trim();
    if (!isListedAirport(code, name, country)) continue;
    airports.push({
      iataCode: code,
      name,
      country,
      city: (cells[iCity] ?? '').trim(),
      displayName: airportDisplayName(name, code),
    });
  }
  return airports;
}

/**
 * Suggestions for what the user typed: split on whitespace, every word must match the name, city or
 * code; at most 50. An empty query gives the first 100.
 */
export function suggestAirports(airports: readonly Airport[], query: string): Airport[] {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return airports.slice(0, LIMITS.airportSuggestionsEmptyQuery);
  const found: Airport[] = [];
  for (const airport of airports) {
    const fields = [airport.name.toLowerCase(), airport.city.toLowerCase(), airport.iataCode.toLowerCase()];
    if (words.every((word) => fields.some((field) => field.includes(word)))) {
      found.push(airport);
      if (found.length >= LIMITS.airportSuggestionsMax) break;
    }
  }
  return found;
}
