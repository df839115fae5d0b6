/**
 * Event envelope and catalogue (design brief §4). Past-tense names, additive changes only;
 * a breaking change is a new `version`. No private chat text ever travels in an event, with one
 * exception the sender chooses: a report from a conversation (conversation_reported) carries the messages
 * its reporter decided to send to support, which owns them from then on (addendum §2.2). Support's reply to a
 * case (case_replied) is not chat text: it is written to the case's filer, and travels to the service that
 * delivers it to them.
 */
import { z } from 'zod';
import { TOPICS, type Topic } from './topics';
import { localeSchema } from './locale';
import { MEETING_TIME } from './trip';
import { safetyFlagSchema } from './safety';
import { consentPurposeSchema } from './privacy/consents';
import { MEMBER_SINCE, pendingReferenceSchema, referenceRatingSchema, trustStepSchema } from './references';

const isoDateTime = z.string().datetime({ offset: true });
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Expected a YYYY-MM-DD date');

export const eventEnvelopeSchema = z.object({
  id: z.string().uuid(),
  type: z.string().min(1),
  version: z.number().int().positive(),
  occurredAt: isoDateTime,
  producer: z.string().min(1),
  correlationId: z.string().min(1),
  key: z.string().min(1),
  data: z.unknown(),
});
export type EventEnvelope<TData = unknown> = Omit<z.infer<typeof eventEnvelopeSchema>, 'data'> & {
  data: TData;
};

/**
 * What a notice says of a request (round 4, issue 38: notices name people by first name and trips by flight and
 * date, never only case ids): the traveller's first name and the trip. Never a surname, e-mail or phone.
 */
export const tripSummarySchema = z.object({
  firstName: z.string(),
  flight: z.string().nullable(),
  date: isoDate.nullable(),
  /** The last day of a yet-to-book range. */
  dateTo: isoDate.nullable(),
  from: z.string(),
  to: z.string(),
});
export type TripSummary = z.infer<typeof tripSummarySchema>;

/** A request's summary (tripSummarySchema) from its stored fields, as companion and search keep them. */
export function tripSummaryOf(request: {
  passenger_name: string;
  flight_number?: string | null;
  airlines?: string | null;
  date?: string | null;
  tentative_from_date?: string | null;
  tentative_to_date?: string | null;
  from_airport: string;
  to_airport: string;
}): TripSummary {
  return {
    firstName: request.passenger_name.trim().split(/\s+/)[0] ?? '',
    flight: request.flight_number?.trim() || request.airlines?.trim() || null,
    date: request.date ?? request.tentative_from_date ?? null,
    dateTo: request.date ? null : (request.tentative_to_date ?? null),
    from: request.from_airport,
    to: request.to_airport,
  };
}

/** A summary's trip as a notice's values (contracts/src/notifications.ts `tripLabel` says it in a language). */
export function tripParams(summary: TripSummary | undefined): Record<string, string> {
  if (!summary) return {};
  const values: Record<string, string> = { from: summary.from, to: summary.to };
  if (summary.flight) values.flight = summary.flight;
  if (summary.date) values.date = summary.date;
  if (summary.dateTo) values.dateTo = summary.dateTo;
  return values;
}

// ---- auth.users.v1 ----
export const userRegisteredData = z.object({
  userId: z.string(),
  email: z.string(),
  fullname: z.string(),
  phone_number: z.string(),
  registeredAt: isoDateTime,
  /** The user agreed to e-mails (login and account alerts). Missing in events of before it was added: no consent. */
  emailConsent: z.boolean().optional(),
  /** The user's language (e-mails are written in it), as of `localeChangedAt`. Missing in older events: English. */
  locale: localeSchema.optional(),
  localeChangedAt: isoDateTime.optional(),
});
export const profileUpdatedData = z.object({
  userId: z.string(),
  email: z.string(),
  changed: z.array(z.string()),
  /** With 'locale' in `changed`: the new language and when it was chosen (consumers keep the latest). */
  locale: localeSchema.optional(),
  localeChangedAt: isoDateTime.optional(),
});
export const userStatusChangedData = z.object({
  userId: z.string(),
  email: z.string(),
  status: z.enum(['Active', 'Block']),
  status_reason: z.string(),
  /** The admin who changed it (the audit log's entry); missing in events of before the audit log. */
  adminEmail: z.string().optional(),
  /** Which tool: the by-phone User Status tool or the ops console (by user id, e.g. from a case). */
  via: z.enum(['phone', 'console']).optional(),
});
/**
 * The user erased their account (issue 40): every service erases what it holds of them. Carries no
 * personal field: by the time it is published the user's key is destroyed (docs/decisions.md "Erasure that
 * leaves nothing"). `email` is only in events from before.
 */
export const userDeletedData = z.object({
  userId: z.string(),
  email: z.string().optional(),
  /** When the account was erased (missing in events from before). */
  erasedAt: isoDateTime.optional(),
});

/**
 * A user changed a privacy choice (issue 40), or registration recorded one: the services that act on it
 * keep the latest per purpose by `version` (the user's count of consent changes), whatever the order.
 */
export const consentChangedData = z.object({
  userId: z.string(),
  purpose: consentPurposeSchema,
  granted: z.boolean(),
  at: isoDateTime,
  version: z.number().int().positive(),
});

// ---- companion.requests.v1 ----
export const layoverFlightSchema = z.object({
  airlines: z.string().optional(),
  flight_number: z.string().optional(),
  date: z.string().optional(),
});
/** A layover is a single-key object: the key is the airport code. */
export const layoverSchema = z.record(z.string(), layoverFlightSchema);
/**
 * Who is travelling on a companion request (issue 38, §7 "Posting for family"): the account holder
 * (`self`) or someone of their family they post for (`family`, e.g. a daughter for her mother). Only the
 * need form asks; a provider always travels themselves.
 */
export const postedForSchema = z.enum(['self', 'family']);
export type PostedFor = z.infer<typeof postedForSchema>;

export const requestCreatedData = z.object({
  caseid: z.string(),
  ownerId: z.string(),
  ownerFirstName: z.string(),
  service_type: z.enum(['companion', 'ride', 'document']),
  role: z.enum(['need', 'provide']),
  from_airport: z.string(),
  to_airport: z.string(),
  date: isoDate.nullable(),
  tentative_from_date: isoDate.nullable(),
  tentative_to_date: isoDate.nullable(),
  confirmed_ticket: z.boolean(),
  airlines: z.string().nullable(),
  flight_number: z.string().nullable(),
  layovers: z.array(layoverSchema),
  passenger_name: z.string(),
  passenger_age: z.number().int(),
  passenger_gender: z.enum(['male', 'female', 'other']),
  /** Who travels (issue 38): search labels a result "Posted by {owner} for {passenger}". Missing: `self`. */
  posted_for: postedForSchema.optional(),
  languages_known: z.string(),
  companion_price: z.number().nonnegative(),
  description: z.string().nullable(),
  createdAt: isoDateTime,
});
/**
 * The owner edited the request (addendum §1.4, `PUT /api/companions/requests/{caseid}`): every field of
 * request_created as it now is, and `version`, the request's edit count (1 for the first edit), so a
 * consumer keeps the newest whatever the order of arrival.
 */
export const requestUpdatedData = requestCreatedData.extend({
  version: z.number().int().positive(),
  updatedAt: isoDateTime,
});
export const requestCancelledData = z.object({
  caseid: z.string(),
  ownerId: z.string(),
  status: z.string(),
  /** For the owner's notice. Missing in events from before. */
  summary: tripSummarySchema.optional(),
});
export const travelPlanCreatedData = z.object({
  planId: z.string(),
  ownerId: z.string(),
  helpPreference: z.enum(['need_help', 'offer_help']),
  from: z.string(),
  to: z.string(),
  date: isoDate,
});

/**
 * A party of a matched pair set (or changed) the meeting point (addendum §1.1). Names both parties, so the
 * notifications service tells the other one without reading anything back.
 */
export const tripMeetingSetData = z.object({
  /** The pair's trip: `<need caseid>:<provide caseid>`. */
  tripId: z.string(),
  caseid: z.string(),
  userId: z.string(),
  otherCaseid: z.string(),
  otherUserId: z.string(),
  place: z.string(),
  /** As the party wrote it (seconds are optional there). */
  time: z.string().regex(MEETING_TIME),
  /** For the other party's notice: the pair by first names and the trip's flight. Missing in events from before. */
  travellerFirstName: z.string().optional(),
  companionFirstName: z.string().optional(),
  trip: tripSummarySchema.optional(),
  updatedAt: isoDateTime,
  /** It changed a meeting point set before (the notice says "changed"). Missing in events from before: false. */
  replaced: z.boolean().optional(),
});
/** A party recorded a milestone of the trip (addendum §1.2); once per (trip, milestone). */
export const tripMilestoneRecordedData = z.object({
  tripId: z.string(),
  milestone: z.enum(['met', 'boarded', 'landed', 'handed_over']),
  at: isoDateTime,
  caseid: z.string(),
  userId: z.string(),
  otherCaseid: z.string(),
  otherUserId: z.string(),
  /** For the other party's notice (as trip_meeting_set). Missing in events from before. */
  travellerFirstName: z.string().optional(),
  companionFirstName: z.string().optional(),
  trip: tripSummarySchema.optional(),
});

/**
 * The pair's trip reminder is due (addendum §1.5): staged once per trip by the companion service's delayed
 * job, with everything the notifications service writes into each party's notice and e-mail. `flight` is
 * the trip's flight (the seeker's when booked, else the companion's); `meeting` as the parties set it.
 */
export const tripReminderTriggeredData = z.object({
  tripId: z.string(),
  /** When the reminder was due: 24 h before departure, or 08:00 at the origin the day before. */
  dueAt: isoDateTime,
  flight: z.object({
    from_airport: z.string(),
    to_airport: z.string(),
    date: isoDate,
    airlines: z.string().nullable(),
    flight_number: z.string().nullable(),
    /** "HH:MM" at the origin airport, or null when not known. */
    departure_time: z.string().nullable(),
    /** The origin airport's IANA zone, or null when the data does not know the airport. */
    origin_timezone: z.string().nullable(),
  }),
  meeting: z.object({ place: z.string(), time: z.string().regex(MEETING_TIME) }).nullable(),
  parties: z
    .array(
      z.object({
        caseid: z.string(),
        userId: z.string(),
        role: z.enum(['need', 'provide']),
        /** The other side's first name (the seeker's passenger, or the companion). */
        companionFirstName: z.string(),
      }),
    )
    .length(2),
});

// ---- companion.trust.v1 ----
/**
 * A party wrote a reference about the other (addendum §2.1), keyed by the trip. Carries every reference of
 * the trip as it now is (never the text), each with the day it is revealed: the companion's trust figures
 * take each entry as a set member with the earliest day seen, so order and redelivery do not matter.
 */
export const referenceRecordedData = z.object({
  tripId: z.string(),
  travelDate: isoDate,
  references: z
    .array(
      z.object({
        referenceId: z.string(),
        authorUserId: z.string(),
        subjectUserId: z.string(),
        rating: referenceRatingSchema,
        no_show: z.boolean(),
        visibleFrom: isoDate,
      }),
    )
    .min(1)
    .max(2),
});
/** The companion recorded the hand-over (keyed by the trip): a completed trip for both parties. */
export const tripCompletedData = z.object({
  tripId: z.string(),
  userIds: z.array(z.string()).length(2),
  at: isoDateTime,
  /**
   * The trip's travel date: a trip counts in the figures only from the day after it (docs/decisions.md
   * "Trust that cannot be forged"). Missing in events from before: counted as a past trip.
   */
  travelDate: isoDate.optional(),
});
/**
 * A matched party cancelled within 48 hours before the departure, or after it (keyed by the user): counted
 * in their `trust.late_cancellations` for 12 months. Staged with the cancel itself.
 */
export const lateCancellationRecordedData = z.object({
  userId: z.string(),
  caseid: z.string(),
  /** The trip's departure (the origin airport's local time, as an instant). */
  departureAt: isoDateTime,
  cancelledAt: isoDateTime,
});
/**
 * A user's trust figures as the companion service now keeps them (keyed by the user). `version` grows with
 * every change of that user's figures: a consumer keeps the highest it has seen. References not revealed
 * yet travel as `pending` with their day, so a reader counts them from that day on without another event.
 */
export const trustUpdatedData = z.object({
  userId: z.string(),
  version: z.number().int().positive(),
  trips_completed: z.number().int().nonnegative(),
  references: z.object({
    positive: z.number().int().nonnegative(),
    neutral: z.number().int().nonnegative(),
    negative: z.number().int().nonnegative(),
  }),
  pending: z.array(pendingReferenceSchema),
  member_since: z.string().regex(MEMBER_SINCE),
  /** Late cancellations in the 12 months before the day of the event. Missing in events from before: 0. */
  late_cancellations: z.number().int().nonnegative().optional(),
  /**
   * The figures from each later day on where they change (a trip or reference starts to count, a late
   * cancellation leaves the 12 months), oldest first: a reader takes the last step whose day has come
   * (`trustAsOf`), so no event is needed when a day passes. Missing in events from before (then `pending`).
   */
  steps: z.array(trustStepSchema).optional(),
});
/** A reference said the subject did not turn up (keyed by the subject): support opens a case at the second in 12 months. */
export const noShowRecordedData = z.object({
  referenceId: z.string(),
  tripId: z.string(),
  subjectUserId: z.string(),
  reporterUserId: z.string(),
  travelDate: isoDate,
  recordedAt: isoDateTime,
});

// ---- search.matches.v1 ----
export const flightStatusSchema = z.enum(['same_flight', 'same_route', 'different']);
export const matchDetailsSchema = z.object({
  overall_status: z.enum(['complete_match', 'match']),
  main_flight: z.object({ status: flightStatusSchema }),
  layovers: z.array(
    z.object({
      airport: z.string(),
      status: flightStatusSchema,
      user_flight: layoverFlightSchema.nullable(),
      matched_flight: layoverFlightSchema.nullable(),
    }),
  ),
});
export const matchFoundData = z.object({
  matchId: z.string(),
  needCaseid: z.string(),
  needUserId: z.string(),
  provideCaseid: z.string(),
  provideUserId: z.string(),
  match_details: matchDetailsSchema,
  /**
   * Each side's match revision in the search service: it grows with every change of that request's match,
   * so a consumer keeps, per request, the state of the highest revision it has seen (order-proof). Absent in
   * events from before re-matching: count them as revision 1 (a request's first and only match then).
   */
  needRevision: z.number().int().positive().optional(),
  provideRevision: z.number().int().positive().optional(),
  /** For the notices: each side by first name with its trip. Missing in events from before. */
  needSummary: tripSummarySchema.optional(),
  provideSummary: tripSummarySchema.optional(),
});
/**
 * A request lost its match: its partner was re-paired with a counterpart on the same flight (docs/decisions.md
 * "Re-matching"), or the match ended for a `reason` below. Only the released side changes here; a new match
 * of either comes as its own match_found.
 */
export const matchReleasedData = z.object({
  /** The match that ended. */
  matchId: z.string(),
  caseid: z.string(),
  userId: z.string(),
  /** The request it was matched with, which moved on. */
  formerCaseid: z.string(),
  /** The released request's match revision (see match_found). */
  revision: z.number().int().positive(),
  /** The request is active and looks for a new match; false when it was cancelled or hidden meanwhile (no notice then). */
  reopened: z.boolean(),
  /**
   * Why, when not the upgrade above: `flight_changed`, one of the two requests was edited and no longer
   * matches the other the same way (addendum §1.4); `shared_language`, the partner was taken by a
   * counterpart as good on the flight who shares a language with it (addendum §4). Absent: released by
   * an upgrade to the same flight.
   */
  reason: z.enum(['flight_changed', 'shared_language', 'left', 'restored']).optional(),
  /**
   * With `flight_changed`: the request that was edited (the released request itself, or its partner). With
   * `left`: the request whose party left (cancelled, deleted, blocked). With `restored`: the request taken
   * back into its locked match (docs/decisions.md "Matches that hold").
   */
  changedCaseid: z.string().optional(),
  /** With `left`: how the other party left. */
  leftBecause: z.enum(['cancelled', 'deleted', 'blocked']).optional(),
  /** The released request's side: its owner is told in words of that side. */
  releasedRole: z.enum(['need', 'provide']).optional(),
  /**
   * For the notice: the first name of the other party (with `left`, null when they deleted their profile: a
   * deleted person is not named) and of the traveller of the released pair (the seeker's passenger).
   */
  formerFirstName: z.string().nullable().optional(),
  travellerFirstName: z.string().optional(),
  /** The owner of `formerCaseid`: whose key seals `formerFirstName` (event-personal-fields.ts). Missing before. */
  formerUserId: z.string().optional(),
  /** The released request's own trip, for its notice. Missing in events from before. */
  summary: tripSummarySchema.optional(),
});

// ---- chat.conversations.v1 ----
export const conversationCreatedData = z.object({
  conversationId: z.string(),
  participantIds: z.array(z.string()).length(2),
  service_type: z.string(),
});
export const messageSentData = z.object({
  conversationId: z.string(),
  messageId: z.string(),
  /** The message's sequence number in its conversation. */
  seq: z.number().int().positive(),
  senderId: z.string(),
  recipientIds: z.array(z.string()),
  sentAt: isoDateTime,
  /** What the shield saw in the message (never its text): support counts carry and money towards a case. */
  safetyFlags: z.array(safetyFlagSchema).optional(),
});
/** A participant's read pointer moved: every message up to `lastReadSeq` is read by `readerId`. */
export const messagesReadData = z.object({
  conversationId: z.string(),
  readerId: z.string(),
  lastReadSeq: z.number().int().nonnegative(),
  readAt: isoDateTime,
});

/**
 * A participant reported the conversation (addendum §2.2): the case id is drawn by chat so the reporter
 * hears it at once; support creates the case by that id (idempotent). `messages` are the newest ones the
 * reporter chose to attach (0–20), oldest first.
 */
export const conversationReportedData = z.object({
  caseId: z.string(),
  conversationId: z.string(),
  reporterId: z.string(),
  reporterEmail: z.string(),
  subjectId: z.string(),
  /** The subject's name as chat knows it (support's own user projection is preferred when it has one). */
  subjectName: z.string().optional(),
  reason: z.string(),
  details: z.string(),
  messages: z
    .array(
      z.object({
        seq: z.number().int().positive(),
        senderId: z.string(),
        text: z.string(),
        sentAt: isoDateTime,
      }),
    )
    .max(20),
  reportedAt: isoDateTime,
  locale: localeSchema.optional(),
});

// ---- support.cases.v1 ----
export const caseCreatedData = z.object({
  caseId: z.string(),
  userId: z.string().nullable(),
  emailAddress: z.string(),
  issueType: z.string(),
  /** The language of the page the case was sent from: its e-mail is written in it. Missing in older events: English. */
  locale: localeSchema.optional(),
});

/** An admin changed a case's status or added a note to it (the audit log's entry). */
export const caseUpdatedData = z.object({
  caseId: z.string(),
  status: z.enum(['open', 'closed']),
  previousStatus: z.enum(['open', 'closed']),
  note: z.string(),
  adminEmail: z.string(),
  updatedAt: isoDateTime,
});

/**
 * An admin replied to a case (issue 38), keyed by the case: the notifications service e-mails the reply to
 * the address the filer gave and, for a signed-in filer, tells them in the app. The reply text travels in
 * the event on purpose: it is written to the filer, about the filer's own case, and the notifications
 * service is what delivers it to them; nothing else of the case does (not its details, notes or attached
 * messages). The address travels because the reply goes where the filer asked for answers, which a
 * signed-out filer's account cannot say.
 */
export const caseRepliedData = z.object({
  caseId: z.string(),
  /** The reply's own id (one e-mail and one notice per reply, however often the event comes). */
  replyId: z.string(),
  /** The signed-in filer; null for a case sent signed out (an e-mail only, then). */
  userId: z.string().nullable(),
  /** The address the filer gave on the case. */
  emailAddress: z.string(),
  /** The case's issue type, as the form sent it (the e-mail names it in the reader's language). */
  issueType: z.string(),
  /** The language of the page the case was sent from; the signed-in filer's own language is preferred. */
  locale: localeSchema.optional(),
  reply: z.string(),
  adminEmail: z.string(),
  repliedAt: isoDateTime,
});

/** Every event type: the topic it travels on, its current version and its payload schema. */
export const EVENT_CATALOG = {
  user_registered: { topic: TOPICS.authUsers, version: 1, data: userRegisteredData },
  profile_updated: { topic: TOPICS.authUsers, version: 1, data: profileUpdatedData },
  user_status_changed: { topic: TOPICS.authUsers, version: 1, data: userStatusChangedData },
  user_deleted: { topic: TOPICS.authUsers, version: 1, data: userDeletedData },
  consent_changed: { topic: TOPICS.authUsers, version: 1, data: consentChangedData },
  request_created: { topic: TOPICS.companionRequests, version: 1, data: requestCreatedData },
  request_updated: { topic: TOPICS.companionRequests, version: 1, data: requestUpdatedData },
  request_cancelled: { topic: TOPICS.companionRequests, version: 1, data: requestCancelledData },
  travel_plan_created: { topic: TOPICS.companionRequests, version: 1, data: travelPlanCreatedData },
  /** The owner edited the plan: the same fields as when created, as they now are. */
  travel_plan_updated: { topic: TOPICS.companionRequests, version: 1, data: travelPlanCreatedData },
  trip_meeting_set: { topic: TOPICS.companionRequests, version: 1, data: tripMeetingSetData },
  trip_milestone_recorded: { topic: TOPICS.companionRequests, version: 1, data: tripMilestoneRecordedData },
  trip_reminder_triggered: { topic: TOPICS.companionRequests, version: 1, data: tripReminderTriggeredData },
  reference_recorded: { topic: TOPICS.companionTrust, version: 1, data: referenceRecordedData },
  trip_completed: { topic: TOPICS.companionTrust, version: 1, data: tripCompletedData },
  trust_updated: { topic: TOPICS.companionTrust, version: 1, data: trustUpdatedData },
  late_cancellation_recorded: {
    topic: TOPICS.companionTrust,
    version: 1,
    data: lateCancellationRecordedData,
  },
  no_show_recorded: { topic: TOPICS.companionTrust, version: 1, data: noShowRecordedData },
  match_found: { topic: TOPICS.searchMatches, version: 1, data: matchFoundData },
  match_released: { topic: TOPICS.searchMatches, version: 1, data: matchReleasedData },
  conversation_created: { topic: TOPICS.chatConversations, version: 1, data: conversationCreatedData },
  message_sent: { topic: TOPICS.chatConversations, version: 1, data: messageSentData },
  messages_read: { topic: TOPICS.chatConversations, version: 1, data: messagesReadData },
  conversation_reported: { topic: TOPICS.chatConversations, version: 1, data: conversationReportedData },
  case_updated: { topic: TOPICS.supportCases, version: 1, data: caseUpdatedData },
  case_created: { topic: TOPICS.supportCases, version: 1, data: caseCreatedData },
  case_replied: { topic: TOPICS.supportCases, version: 1, data: caseRepliedData },
} as const satisfies Record<string, { topic: Topic; version: number; data: z.ZodType }>;

export type EventType = keyof typeof EVENT_CATALOG;
export type EventData<T extends EventType> = z.infer<(typeof EVENT_CATALOG)[T]['data']>;
export const EVENT_TYPES = Object.keys(EVENT_CATALOG) as EventType[];

export function isEventType(type: string): type is EventType {
  return Object.hasOwn(EVENT_CATALOG, type);
}

/** Validates an envelope and the payload of a known type; throws a ZodError on anything malformed. */
export function parseEvent(raw: unknown): EventEnvelope {
  const envelope = eventEnvelopeSchema.parse(raw);
  if (isEventType(envelope.type)) {
    return { ...envelope, data: EVENT_CATALOG[envelope.type].data.parse(envelope.data) };
  }
  return envelope;
}
