import {
  EMPTY_REFERENCES_VIEW,
  EMPTY_TRIP_VIEW,
  type CompanionRequestView,
  type MatchedCompanion,
  type ReferencesView,
  type TripView,
} from '@safarsaathi/contracts';
import type { CompanionRequestRecord } from '../persistence/requests';
import { airportTimeZone } from './origin-timezone';

/**
 * `expired` is a view of an active request whose travel date has passed: booked -> its date,
 * yet-to-book -> the end of its tentative range. `earliest` is earliestTravelDate() (see dates.ts).
 */
export function viewStatus(
  record: Pick<CompanionRequestRecord, 'status' | 'confirmed_ticket' | 'date' | 'tentative_to_date'>,
  earliest: string,
): string {
  if (record.status !== 'active') return record.status;
  const lastDay = record.confirmed_ticket ? record.date : record.tentative_to_date;
  return lastDay && lastDay < earliest ? 'expired' : 'active';
}

/** What a view adds to its matched companion as of now: never stored on the request (trip.ts partnerView). */
export type PartnerView = Pick<MatchedCompanion, 'trust' | 'posted_for' | 'owner_first_name'>;

/**
 * Exactly the fields of CompanionRequestView: nothing internal (owner id, hidden flag, outbox) leaks.
 * `trip` is the trip day as its owner sees it, `references` and `partner` the references after it and
 * what the view says of the matched request now: its account holder's figures and first name, and who
 * travels on it (use-cases/trip.ts requestViewWithTrip).
 */
export function toRequestView(
  record: CompanionRequestRecord,
  earliest: string,
  trip: TripView = EMPTY_TRIP_VIEW,
  references: ReferencesView = EMPTY_REFERENCES_VIEW,
  partner?: PartnerView,
): CompanionRequestView {
  return {
    caseid: record.caseid,
    role: record.role,
    posted_for: record.posted_for ?? 'self',
    service_type: 'companion',
    from_airport: record.from_airport,
    to_airport: record.to_airport,
    date: record.date ?? null,
    airlines: record.airlines ?? null,
    flight_number: record.flight_number ?? null,
    departure_time: record.departure_time ?? null,
    origin_timezone: airportTimeZone(record.from_airport),
    arrival_date: record.arrival_date ?? null,
    arrival_time: record.arrival_time ?? null,
    destination_timezone: airportTimeZone(record.to_airport),
    passenger_name: record.passenger_name,
    passenger_age: record.passenger_age,
    passenger_gender: record.passenger_gender,
    languages_known: record.languages_known,
    companion_price: record.companion_price ?? 0,
    status: viewStatus(record, earliest),
    layovers: record.layovers ?? [],
    companion_match: Boolean(record.companion_match),
    // Lost its match and has none yet: "Looking for a new companion" (never the former companion).
    looking_again:
      viewStatus(record, earliest) === 'active' &&
      !record.companion_match &&
      record.released_from_match === true,
    // Once per match and owner: the note shows until it is seen for this match id.
    safety_note:
      Boolean(record.companion_match) &&
      !!record.companion_match_id &&
      record.safety_note_seen !== record.companion_match_id,
    companion_match_caseid: record.companion_match_caseid ?? null,
    matched_companion: record.matched_companion
      ? {
          ...record.matched_companion,
          posted_for: record.matched_companion.posted_for ?? 'self',
          ...partner,
        }
      : null,
    confirmed_ticket: record.confirmed_ticket,
    tentative_from_date: record.tentative_from_date ?? null,
    tentative_to_date: record.tentative_to_date ?? null,
    match_details: record.match_details ?? null,
    description: record.description ?? null,
    emergency_contact: record.emergency_contact ?? null,
    destination_address: record.destination_address ?? null,
    receiver_name: record.receiver_name ?? null,
    assistance: record.assistance ?? null,
    trip,
    references,
    created_at: record.created_at.toISOString(),
  };
}
