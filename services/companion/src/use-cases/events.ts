/** The events a companion request publishes, built from the stored record (create, and unblock re-stages). */
import { tripSummaryOf, type EventData, type EventEnvelope } from '@safarsaathi/contracts';
import { outboxEvent } from '@safarsaathi/platform';
import type { CompanionRequestRecord } from '../persistence/requests';

const PRODUCER = 'companion';

export function requestCreatedEvent(record: CompanionRequestRecord, ownerFirstName: string): EventEnvelope {
  return outboxEvent(PRODUCER, 'request_created', record.caseid, requestFields(record, ownerFirstName));
}

/** The owner changed the request (PUT): its fields as they now are, with the edit's version. */
export function requestUpdatedEvent(
  record: CompanionRequestRecord & { edit_version: number },
  ownerFirstName: string,
): EventEnvelope {
  return outboxEvent(PRODUCER, 'request_updated', record.caseid, {
    ...requestFields(record, ownerFirstName),
    version: record.edit_version,
    updatedAt: record.updated_at.toISOString(),
  });
}

function requestFields(record: CompanionRequestRecord, ownerFirstName: string): EventData<'request_created'> {
  return {
    caseid: record.caseid,
    ownerId: record.ownerId,
    ownerFirstName,
    service_type: 'companion',
    role: record.role,
    from_airport: record.from_airport,
    to_airport: record.to_airport,
    date: record.date,
    tentative_from_date: record.tentative_from_date,
    tentative_to_date: record.tentative_to_date,
    confirmed_ticket: record.confirmed_ticket,
    airlines: record.airlines,
    flight_number: record.flight_number,
    layovers: record.layovers,
    passenger_name: record.passenger_name,
    passenger_age: record.passenger_age,
    passenger_gender: record.passenger_gender,
    posted_for: record.posted_for ?? 'self',
    languages_known: record.languages_known,
    companion_price: record.companion_price,
    description: record.description,
    createdAt: record.created_at.toISOString(),
  };
}

/** `status`: cancelled (by the owner), inactive (owner deleted), hidden (owner blocked). */
export function requestCancelledEvent(
  record: CompanionRequestRecord,
  status: 'cancelled' | 'inactive' | 'hidden',
): EventEnvelope {
  return outboxEvent(PRODUCER, 'request_cancelled', record.caseid, {
    caseid: record.caseid,
    ownerId: record.ownerId,
    status,
    // The owner's notice names the traveller and the trip; a deleted owner's request carries none.
    ...(status === 'inactive' ? {} : { summary: tripSummaryOf(record) }),
  });
}
