/**
 * The trip day (addendum "Beyond the match" §1): the meeting point, the milestones, the hand-over code and
 * the need side's emergency contact, as the companion service answers them and the web shows them.
 */
import { z } from 'zod';
import { CALENDAR_DATE_PATTERN, TRIMMED_SPACE, plainText } from './validation';
import { localeSchema, type Locale } from './locale';
import { serverTexts } from './texts';
import { fillText } from './texts/fill';

export const TRIP_MESSAGES = {
  notMatched: 'This request has no match yet.',
  outsideWindow: 'Milestones can be recorded only around the travel date.',
  outOfOrder: 'This step cannot be recorded after a later one.',
  companionOnly: 'Only the companion records the hand-over.',
  codeRequired: 'Enter the hand-over code.',
  codeWrong: 'The hand-over code is not correct.',
  codeLocked: 'Too many wrong hand-over codes. Ask the traveller for a new code.',
  meetingChangesLimit:
    'The meeting point can be changed at most 10 times a day. Please agree on it in the chat.',
  needOnly: 'Only the traveller who asked for a companion can make a new hand-over code.',
  placeRequired: 'Enter where you will meet.',
  placeTooLong: 'The meeting point can be at most 200 characters.',
  timeInvalid: 'Enter the meeting time as a date and time with its UTC offset.',
  emergencyNameTooLong: 'The emergency contact name can be at most 60 characters.',
  emergencyPhoneInvalid: 'Enter the emergency contact phone as a country code and a 10-digit number.',
  emergencyBoth: 'Give both the emergency contact name and phone, or neither.',
} as const;

/** The companion form's texts for the emergency contact (need side only). */
export const EMERGENCY_CONTACT_TEXTS = {
  name: 'Emergency contact name',
  phone: 'Emergency contact phone',
  notice: 'Shown only to your matched companion, from the day before the flight until two days after it.',
} as const;

/** How often a trip's meeting point may change (either party), per 24 hours. */
export const MEETING_CHANGES_PER_DAY = 10;

/** In the order they happen: a step may be skipped, never recorded after a later one. */
export const MILESTONES = ['met', 'boarded', 'landed', 'handed_over'] as const;
export const milestoneSchema = z.enum(MILESTONES);
export type Milestone = z.infer<typeof milestoneSchema>;

export const HANDOVER_CODE = /^\d{6}$/;
/** Wrong hand-over codes the companion side may enter before it must wait for a new code. */
export const HANDOVER_WRONG_CODES_MAX = 5;

/**
 * A meeting time: a real calendar day, a time and its UTC offset (`Z` or ±hh:mm), as RFC 3339 writes it
 * with an upper-case `T`. Published as this pattern, so the document accepts exactly what the service does.
 */
export const MEETING_TIME = new RegExp(
  `^(?:${CALENDAR_DATE_PATTERN.slice(1, -1)})T(?:[01][0-9]|2[0-3]):[0-5][0-9](?::[0-5][0-9](?:\\.[0-9]{1,3})?)?(?:Z|[+-](?:[01][0-9]|2[0-3]):[0-5][0-9])$`,
);

const NON_SPACE = new RegExp(`[^${TRIMMED_SPACE}]`);

export const meetingRequestSchema = z.object({
  place: plainText(
    z
      .string({ error: TRIP_MESSAGES.placeRequired })
      .max(200, TRIP_MESSAGES.placeTooLong)
      .regex(NON_SPACE, TRIP_MESSAGES.placeRequired),
  ).trim(),
  time: z.string({ error: TRIP_MESSAGES.timeInvalid }).regex(MEETING_TIME, TRIP_MESSAGES.timeInvalid),
});
export type MeetingRequest = z.infer<typeof meetingRequestSchema>;

export const milestoneRequestSchema = z.object({
  milestone: milestoneSchema,
  handover_code: z.string().max(20).optional(),
});
export type MilestoneRequest = z.infer<typeof milestoneRequestSchema>;

const party = z.enum(['me', 'companion']);

export const emergencyContactSchema = z.object({ name: z.string(), phone: z.string() });
export type EmergencyContact = z.infer<typeof emergencyContactSchema>;

/**
 * The need side's assistance (issue 39): whether a wheelchair is needed, and booked with the airline, and a
 * note for the companion ("walks slowly, cannot climb stairs"). The owner's view carries it; the matched
 * companion's only inside the trip window; the traveller's card prints it; the family link never shows it.
 */
export const WHEELCHAIR = ['none', 'requested', 'booked'] as const;
export const assistanceSchema = z.object({ wheelchair: z.enum(WHEELCHAIR), notes: z.string().nullable() });
export type Assistance = z.infer<typeof assistanceSchema>;

/** What each view of a request carries of its trip day (empty and null while it has no match). */
export const tripViewSchema = z.object({
  meeting: z
    .object({ place: z.string(), time: z.string(), set_by: party, updated_at: z.string() })
    .nullable(),
  milestones: z.array(z.object({ milestone: milestoneSchema, at: z.string(), by: party })),
  /** The need side's view only (null until matched); the companion side's view never has the key. */
  handover_code: z.string().regex(HANDOVER_CODE).nullable().optional(),
  /** The companion side's view only, inside the milestone window and while matched; otherwise null. */
  emergency_contact: emergencyContactSchema.nullable(),
  /**
   * The companion side's view only (issue 39), inside the same window: the traveller's assistance (null
   * when none was asked for) and the first name of who collects her at arrivals (null when not given).
   */
  assistance: assistanceSchema.nullable().optional(),
  receiver_first_name: z.string().nullable().optional(),
});
export type TripView = z.infer<typeof tripViewSchema>;

export const EMPTY_TRIP_VIEW: TripView = { meeting: null, milestones: [], emergency_contact: null };

const shift = (isoDate: string, days: number) =>
  new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * The milestone window of a trip whose travel date is `travelDate` (UTC calendar dates): from the day
 * before it to two days after it, both included. Also when the emergency contact is shown.
 */
export function withinTripWindow(travelDate: string | null | undefined, today: string): boolean {
  if (!travelDate) return false;
  return today >= shift(travelDate, -1) && today <= shift(travelDate, 2);
}

/**
 * The calendar date and 24-hour time of an instant at an IANA zone ("2026-11-26", "14:30"), by the
 * runtime's tz database (Intl), so e-mails and pages show times at the origin airport (addendum §1.4).
 */
export function wallTimeIn(instant: string | Date, zone: string): { date: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(instant))
      .map((part) => [part.type, part.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/**
 * The name a time is said to be in: the origin's IANA zone, or the airport code when the zone data does
 * not know the airport (its times are still the local times there, as the traveller wrote them).
 */
export const zoneLabel = (originTimezone: string | null | undefined, fromAirport: string) =>
  originTimezone ?? fromAirport;

/** The words of a request's calendar file (addendum §1.5) in the reader's language, placeholders filled. */
export function calendarWords(locale: Locale = 'en') {
  const words = serverTexts(locale).calendar;
  return {
    summary: (flight: string, route: string) =>
      flight ? fillText(words.summary, { flight, route }) : fillText(words.summaryNoFlight, { route }),
    withCompanion: (name: string) => fillText(words.withCompanion, { name }),
    trip: (caseid: string) => fillText(words.trip, { caseid }),
    departure: (date: string, time: string, zone: string) => fillText(words.departure, { date, time, zone }),
    dateOnly: (date: string, zone: string) => fillText(words.dateOnly, { date, zone }),
    notBooked: (from: string, to: string) => fillText(words.notBooked, { from, to }),
    companion: { need: words.companionNeed, provide: words.companionProvide },
    meeting: (place: string, when: string) => fillText(words.meeting, { place, when }),
    meetingAt: (date: string, time: string, zone: string) => fillText(words.meetingAt, { date, time, zone }),
    noMeeting: fillText(words.noMeeting),
    handover: fillText(words.handover),
  };
}

/** `GET /api/companions/requests/:id/calendar.ics?lang=hi`: the file's language (else Accept-Language, else English). */
export const calendarQuerySchema = z.object({ lang: localeSchema.optional() });
