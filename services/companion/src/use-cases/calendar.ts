/**
 * GET /api/companions/requests/:id/calendar.ics (addendum §1.5): the owner's flight as one VEVENT, built
 * with the `ics` library. `ics` writes start times only in UTC or floating ("local") form and never a TZID
 * or VTIMEZONE, so a flight with a known departure time is given to it as the origin's wall time (a
 * preformatted DATE-TIME, which `ics` writes as it is) and the file is finished in two small steps: the
 * DTSTART line gets the `TZID` parameter, and the zone's VTIMEZONE, generated from the IANA data by
 * `timezones-ical-library`, goes before the event, so calendar apps place it right wherever they are
 * (docs/decisions.md "Calendar file and the 24-hour reminder"). Without a time it is an all-day event.
 */
import { createEvent, type DateArray, type EventAttributes } from 'ics';
import { tzlib_get_ical_block } from 'timezones-ical-library';
import {
  calendarWords,
  COMPANION_MESSAGES,
  addDays,
  wallTimeIn,
  zoneLabel,
  type Identity,
  type Locale,
  firstNameOf,
} from '@safarsaathi/contracts';
import { notFound } from '@safarsaathi/platform';
import { findRequest, type CompanionRequestRecord } from '../persistence/requests';
import type { TripRecord } from '../persistence/trips';
import type { CompanionContext } from './context';
import { airportTimeZone } from './origin-timezone';
import { matchedPair } from './trip';

/**
 * Free text as one calendar value: `ics` escapes commas, semicolons and CRLF/LF (as `\n`), but passes a
 * lone CR or another control character through, which some parsers read as a line break: a line of the
 * user's own in the file. Those become spaces; LF stays (escaped by `ics`).
 */
// eslint-disable-next-line no-control-regex
const plain = (text: string) => text.replace(/[\u0000-\u0009\u000B-\u001F\u007F]/g, ' ');

const dateArray = (isoDate: string): DateArray => {
  const [year, month, day] = isoDate.split('-').map(Number);
  return [year!, month!, day!];
};

/** The zone's VTIMEZONE block, or null when the generator does not know the zone (it answers a message). */
function vtimezone(zone: string): string | null {
  const block = tzlib_get_ical_block(zone);
  return Array.isArray(block) && block[0]?.startsWith('BEGIN:VTIMEZONE') ? block[0] : null;
}

/**
 * Gives the event's DTSTART its zone and puts the zone's definition before the event: the only lines
 * `ics` cannot write. Lines end in CRLF (RFC 5545), as `ics` writes them.
 */
export function withTimeZone(calendar: string, zone: string, definition: string): string {
  const block = definition.replace(/\r?\n/g, '\r\n');
  return calendar
    .replace(/^DTSTART:(\d{8}T\d{6})\r$/m, `DTSTART;TZID=${zone}:$1\r`)
    .replace('BEGIN:VEVENT\r\n', `${block}\r\nBEGIN:VEVENT\r\n`);
}

export interface CalendarFile {
  filename: string;
  body: string;
}

/** The owner's request as a calendar file; anyone else's (or an unknown or deleted one) is 404. */
export async function requestCalendar(
  ctx: CompanionContext,
  identity: Identity,
  caseid: string,
  locale: Locale,
): Promise<CalendarFile> {
  const record = await findRequest(ctx.requests, caseid);
  if (!record || record.ownerId !== identity.userId || record.status === 'inactive')
    throw notFound(COMPANION_MESSAGES.notFound);
  const pair = await matchedPair(ctx, record);
  const trip = pair ? await ctx.trips.findOne({ _id: pair.tripId }).lean<TripRecord>() : null;
  const words = calendarWords(locale);
  // A seeker who has not booked travels on the companion's date; unmatched, the tentative range.
  const flight: CompanionRequestRecord = record.date || !pair ? record : pair.provide;
  const zone = airportTimeZone(flight.from_airport);
  const label = zoneLabel(zone, flight.from_airport);
  const route = `${flight.from_airport} → ${flight.to_airport}`;
  const companionName = pair ? firstNameOf(pair.other.passenger_name) : null;

  const lines = [words.trip(record.caseid)];
  let timing: Pick<EventAttributes, 'start' | 'startInputType' | 'startOutputType'> & { end?: DateArray };
  let tzid: { zone: string; definition: string } | null = null;
  const definition = zone ? vtimezone(zone) : null;
  if (flight.date && flight.departure_time && zone && definition) {
    const [hour, minute] = flight.departure_time.split(':');
    // The origin's wall time, written as given; the TZID that says where it is added after.
    timing = { start: `${flight.date.replaceAll('-', '')}T${hour}${minute}00` };
    tzid = { zone, definition };
    lines.push(words.departure(flight.date, flight.departure_time, label));
  } else if (flight.date) {
    timing = { start: dateArray(flight.date), end: dateArray(addDays(flight.date, 1)) };
    lines.push(
      flight.departure_time
        ? words.departure(flight.date, flight.departure_time, label)
        : words.dateOnly(flight.date, label),
    );
  } else {
    const from = flight.tentative_from_date!;
    const to = flight.tentative_to_date ?? from;
    timing = { start: dateArray(from), end: dateArray(addDays(to, 1)) };
    lines.push(words.notBooked(from, to));
  }
  if (pair && companionName) lines.push(`${words.companion[pair.side]}: ${companionName}`);
  const meeting = trip?.meeting ?? null;
  if (pair) {
    if (meeting) {
      const at = zone ? wallTimeIn(meeting.time, zone) : null;
      lines.push(words.meeting(meeting.place, at ? words.meetingAt(at.date, at.time, label) : meeting.time));
    } else lines.push(words.noMeeting);
    lines.push(words.handover);
  }
  const flightName = flight.flight_number ?? flight.airlines ?? '';
  // A departure has no known end: RFC 5545 makes an event without DTEND or DURATION end where it starts,
  // and `ics` validates that (its `xor` check) though its types ask for one of them.
  const { error, value } = createEvent({
    ...timing,
    productId: 'SafarSaathi//Companion//EN',
    // Stable per request: importing the file again updates the same event.
    uid: `${record.caseid}@safarsaathi.app`,
    title: plain(
      `${words.summary(flightName, route)}${companionName ? words.withCompanion(companionName) : ''}`,
    ),
    description: plain(lines.join('\n')),
    location: plain(meeting?.place ?? flight.from_airport),
    status: record.status === 'cancelled' ? 'CANCELLED' : 'CONFIRMED',
    busyStatus: 'BUSY',
  } as EventAttributes);
  if (error || !value) throw error ?? new Error('the calendar file could not be built');
  return {
    filename: `safarsaathi-${record.caseid}.ics`,
    body: tzid ? withTimeZone(value, tzid.zone, tzid.definition) : value,
  };
}
