/**
 * The personal fields of every event (issue 40, "Erasure that leaves nothing"): which string fields of an
 * event's data identify a person, and whose they are. The event bus (platform/src/pii.ts) seals each of them
 * under its subject's key before the event leaves the producer, and opens them when a consumer reads it;
 * erasing a user destroys their key, so every copy of those fields on every topic becomes unreadable at once
 * (crypto-shredding). A field of two people (the pair's trip summary) is sealed under both keys: erasing
 * either makes it unreadable.
 *
 * A path names a string field of `data`: `email`, `needSummary.firstName`, or `messages[].text` for a field
 * of each element of an array (its subject function then gets that element too). A subject is a user id,
 * or `case:<caseId>` for what belongs to a support case (a signed-out filer has no user id; support erases
 * a case's key with the case).
 *
 * test/event-personal-fields.unit.test.ts fails when an event field whose name looks personal (a name, an
 * e-mail, a phone, a text, a place, details, a note, a reply) is neither listed here nor in NOT_PERSONAL with
 * the reason.
 */
import type { EventData, EventType } from './events';

export interface PersonalFieldRule<D = never> {
  fields: readonly string[];
  /** Whose the fields are; several: sealed under all of them. `item` is the array element of an `[]` path. */
  subject: (data: D, item?: never) => string | readonly string[];
}

type Rules = { [T in EventType]?: ReadonlyArray<PersonalFieldRule<EventData<T>>> };

/** The party of a trip-day event whose request is the seeker's: the trip id starts with the need case id. */
function needUserOf(data: { tripId: string; caseid: string; userId: string; otherUserId: string }): string {
  return data.tripId.startsWith(`${data.caseid}:`) ? data.userId : data.otherUserId;
}
function provideUserOf(data: {
  tripId: string;
  caseid: string;
  userId: string;
  otherUserId: string;
}): string {
  return data.tripId.startsWith(`${data.caseid}:`) ? data.otherUserId : data.userId;
}

const caseKey = (caseId: string) => `case:${caseId}`;

export const PERSONAL_FIELDS: Rules = {
  user_registered: [{ fields: ['email', 'fullname', 'phone_number'], subject: (d) => d.userId }],
  profile_updated: [{ fields: ['email'], subject: (d) => d.userId }],
  // The admin's address and words are about this user's account (the audit entry of their block).
  user_status_changed: [{ fields: ['email', 'status_reason', 'adminEmail'], subject: (d) => d.userId }],
  user_deleted: [{ fields: ['email'], subject: (d) => d.userId }],
  request_created: [
    { fields: ['ownerFirstName', 'passenger_name', 'description'], subject: (d) => d.ownerId },
  ],
  request_updated: [
    { fields: ['ownerFirstName', 'passenger_name', 'description'], subject: (d) => d.ownerId },
  ],
  request_cancelled: [{ fields: ['summary.firstName'], subject: (d) => d.ownerId }],
  trip_meeting_set: [
    // The place is written by the party who set it.
    { fields: ['place'], subject: (d) => d.userId },
    { fields: ['travellerFirstName'], subject: needUserOf },
    { fields: ['companionFirstName'], subject: provideUserOf },
    // The trip's summary is one side's (the booked one): sealed under both.
    { fields: ['trip.firstName'], subject: (d) => [d.userId, d.otherUserId] },
  ],
  trip_milestone_recorded: [
    { fields: ['travellerFirstName'], subject: needUserOf },
    { fields: ['companionFirstName'], subject: provideUserOf },
    { fields: ['trip.firstName'], subject: (d) => [d.userId, d.otherUserId] },
  ],
  trip_reminder_triggered: [
    // Either party may have written the meeting place: both keys.
    { fields: ['meeting.place'], subject: (d) => d.parties.map((party) => party.userId) },
    {
      fields: ['parties[].companionFirstName'],
      // Each party's companion is the other party.
      subject: (d, item?: { userId: string }) =>
        d.parties.find((party) => party.userId !== item?.userId)?.userId ?? d.parties.map((p) => p.userId),
    },
  ],
  match_found: [
    { fields: ['needSummary.firstName'], subject: (d) => d.needUserId },
    { fields: ['provideSummary.firstName'], subject: (d) => d.provideUserId },
  ],
  match_released: [
    { fields: ['summary.firstName'], subject: (d) => d.userId },
    // Events from before formerUserId: under the released side's key too (never left open).
    { fields: ['formerFirstName'], subject: (d) => d.formerUserId ?? d.userId },
    {
      fields: ['travellerFirstName'],
      subject: (d) => (d.releasedRole === 'provide' ? (d.formerUserId ?? d.userId) : d.userId),
    },
  ],
  conversation_reported: [
    { fields: ['reporterEmail', 'details'], subject: (d) => d.reporterId },
    { fields: ['subjectName'], subject: (d) => d.subjectId },
    { fields: ['messages[].text'], subject: (_d, item?: { senderId: string }) => item?.senderId ?? '' },
  ],
  case_created: [{ fields: ['emailAddress'], subject: (d) => caseKey(d.caseId) }],
  case_updated: [{ fields: ['note', 'adminEmail'], subject: (d) => caseKey(d.caseId) }],
  case_replied: [{ fields: ['emailAddress', 'reply', 'adminEmail'], subject: (d) => caseKey(d.caseId) }],
} as Rules;

/**
 * Event fields whose names look personal but are not, each with the reason (the coverage test reads it).
 * Keyed `<event type>.<path>`.
 */
export const NOT_PERSONAL: Readonly<Record<string, string>> = {
  'conversation_reported.reason': "the report's category as the form offers it (harassment, scam, …)",
};

/** The key subject of a support case's sealed fields (erased with the case). */
export function caseSubject(caseId: string): string {
  return caseKey(caseId);
}
