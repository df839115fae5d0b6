/** Test data shared by the search service's unit tests. */
import type { EventData } from '@safarsaathi/contracts';

let counter = 0;

/** A booked companion need from DEL to JFK, with a fresh case id and owner unless overridden. */
export function requestCreated(
  overrides: Partial<EventData<'request_created'>> = {},
): EventData<'request_created'> {
  counter += 1;
  return {
    caseid: `SC-${counter}`,
    ownerId: `owner-${counter}`,
    ownerFirstName: 'Asha',
    service_type: 'companion',
    role: 'need',
    from_airport: 'DEL',
    to_airport: 'JFK',
    date: '2027-03-10',
    tentative_from_date: null,
    tentative_to_date: null,
    confirmed_ticket: true,
    airlines: 'Air India',
    flight_number: 'AI101',
    layovers: [],
    passenger_name: 'Kamala Devi',
    passenger_age: 72,
    passenger_gender: 'female',
    languages_known: 'Hindi, English',
    companion_price: 0,
    description: null,
    createdAt: '2027-01-01T00:00:00.000Z',
    ...overrides,
  };
}
