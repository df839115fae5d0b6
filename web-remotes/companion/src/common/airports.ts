import { AIRPORT_COUNTRIES, LIMITS } from '@safarsaathi/contracts';

export interface Airport {
  code: string;
  name: string;
  country: string;
  city: string;
}

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

const ALLOWED = new Set<string>(AIRPORT_COUNTRIES);

export function parseAirports(csv: string): Airport[] {
  const [header, ...lines] = csv.split(/\r?\n/);
  const columns = splitCsvLine(header ?? '').map((c) => c.trim());
  const at = (name: string) => columns.indexOf(name);
  const [iCode, iName, iCountry, iCity] = [at('iata_code'), at('name'), at('iso_country'), at('municipality')];
  const airports: Airport[] = [];
  for (const line of lines) {
    if (!line.trim()) continue;
    const cells = splitCsvLine(line);
    const code = (cells[iCode] ?? '').trim().toUpperCase();
    const name = (cells[iName] ?? '').trim();
    const country = (cells[iCountry] ?? '').trim();
    if (!/^[A-Z]{3}$/.test(code) || !name || !ALLOWED.has(country)) continue;
    airports.push({ code, name, country, city: (cells[iCity] ?? '').trim() });
  }
  return airports;
}

let cache: Promise<Airport[]> | undefined;

/** Loads /data/airports.csv once per page; a failure is logged and the next call tries again. */
export function loadAirports(): Promise<Airport[]> {
  cache ??= fetch('/data/airports.csv')
    .then((response) => {
      if (!response.ok) throw new Error(`airports.csv answered ${response.status}`);
      return response.text();
    })
    .then(parseAirports)
    .catch((error: unknown) => {
      console.error('Error loading airports', error);
      cache = undefined;
      return [];
    });
  return cache;
}

/** Every whitespace-separated word must match the name, city or code; at most 50 (100 for an empty query). */
export function searchAirports(airports: readonly Airport[], query: string): Airport[] {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return airports.slice(0, LIMITS.airportSuggestionsEmptyQuery);
  const found: Airport[] = [];
  for (const airport of airports) {
    const haystack = [airport.name.toLowerCase(), airport.city.toLowerCase(), airport.code.toLowerCase()];
    if (words.every((word) => haystack.some((field) => field.includes(word)))) {
      found.push(airport);
      if (found.length >= LIMITS.airportSuggestionsMax) break;
    }
  }
  return found;
}
