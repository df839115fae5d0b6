/**
 * Companion requests and travel plans (spec §3, §4 Companion request, §5 Companion form and Travel form).
 * The form rules live here once: the web form and the companion service validate with the same code.
 */
import { z } from 'zod';
import { LANGUAGES, LIMITS, TRAVEL_FORM_AIRPORTS } from './reference-data';
import { layoverSchema, matchDetailsSchema, postedForSchema, type PostedFor } from './events';
import { splitPhoneNumber, mobileDigitsError } from './auth';
import {
  TRIP_MESSAGES,
  WHEELCHAIR,
  assistanceSchema,
  emergencyContactSchema,
  tripViewSchema,
  type Assistance,
  type EmergencyContact,
} from './trip';
import { referencesViewSchema, trustSchema } from './references';
import {
  AIRPORT_CODE_INPUT,
  CALENDAR_DATE,
  TRIMMED_SPACE,
  calendarDateSchema,
  isCalendarDate,
  plainText,
} from './validation';

export { isCalendarDate } from './validation';

export const COMPANION_LABELS = {
  fromAirport: 'From Airport',
  toAirport: 'To Airport',
  airline: 'Airline Name',
  flightNumber: 'Flight Number',
  travelDate: 'Travel Date',
  tentativeFromDate: 'Tentative From Date',
  tentativeToDate: 'Tentative To Date',
  passengerName: 'Passenger Name',
  yourName: 'Your Name',
  passengerAge: 'Age',
  passengerGender: 'Gender',
  languagesKnown: 'Languages Known',
} as const;

export const COMPANION_MESSAGES = {
  required: (label: string) => `${label} is required`,
  airportCode: (label: string) => `${label} must be a 3-letter airport code`,
  sameAirports: 'From Airport and To Airport must be different',
  ageRange: `Age must be between ${LIMITS.ageMin} and ${LIMITS.ageMax}`,
  pastDate: (label: string) => `${label} cannot be in the past`,
  invalidDate: (label: string) => `${label} must be a valid date`,
  tentativeOrder: 'Tentative To Date cannot be before Tentative From Date',
  unknownLanguage: 'Please choose languages from the list',
  gender: 'Gender must be male, female or other',
  serviceType: 'Please choose Need a Companion or Provide a Companion',
  price: 'Service charge must be a positive amount',
  created: 'Companion request submitted successfully!',
  submitFailed: 'Failed to submit companion request. Please try again.',
  notFound: 'Companion request not found',
  updated: 'Companion request updated successfully!',
  roleUnchangeable:
    'A request cannot change between needing and providing a companion. Cancel it and post a new one instead.',
  cancelledUnchangeable: 'A cancelled request cannot be changed.',
  chatStarted: (name: string) => `Chat with ${name} is now available!`,
  chatFailed: 'However, failed to start chat. You can try contacting from your requests.',
  startChatFailed: 'Failed to start chat. Please try again.',
  tooManyActive: `You can have at most ${LIMITS.activeCompanionRequestsMax} active companion requests. Please cancel one before adding another.`,
} as const;

/**
 * Every text the companion and travel rules build from a field's label, spelled out, so each has a stable
 * code (`companionField.<key>`, contracts/src/error-codes.ts) and a translation like any other message.
 */
export const COMPANION_FIELD_MESSAGES = {
  fromAirportRequired: COMPANION_MESSAGES.required(COMPANION_LABELS.fromAirport),
  toAirportRequired: COMPANION_MESSAGES.required(COMPANION_LABELS.toAirport),
  fromAirportCode: COMPANION_MESSAGES.airportCode(COMPANION_LABELS.fromAirport),
  toAirportCode: COMPANION_MESSAGES.airportCode(COMPANION_LABELS.toAirport),
  airlineRequired: COMPANION_MESSAGES.required(COMPANION_LABELS.airline),
  flightNumberRequired: COMPANION_MESSAGES.required(COMPANION_LABELS.flightNumber),
  travelDateRequired: COMPANION_MESSAGES.required(COMPANION_LABELS.travelDate),
  travelDateInvalid: COMPANION_MESSAGES.invalidDate(COMPANION_LABELS.travelDate),
  travelDatePast: COMPANION_MESSAGES.pastDate(COMPANION_LABELS.travelDate),
  tentativeFromDateRequired: COMPANION_MESSAGES.required(COMPANION_LABELS.tentativeFromDate),
  tentativeFromDateInvalid: COMPANION_MESSAGES.invalidDate(COMPANION_LABELS.tentativeFromDate),
  tentativeFromDatePast: COMPANION_MESSAGES.pastDate(COMPANION_LABELS.tentativeFromDate),
  tentativeToDateRequired: COMPANION_MESSAGES.required(COMPANION_LABELS.tentativeToDate),
  tentativeToDateInvalid: COMPANION_MESSAGES.invalidDate(COMPANION_LABELS.tentativeToDate),
  tentativeToDatePast: COMPANION_MESSAGES.pastDate(COMPANION_LABELS.tentativeToDate),
  passengerNameRequired: COMPANION_MESSAGES.required(COMPANION_LABELS.passengerName),
  yourNameRequired: COMPANION_MESSAGES.required(COMPANION_LABELS.yourName),
  passengerAgeRequired: COMPANION_MESSAGES.required(COMPANION_LABELS.passengerAge),
  passengerGenderRequired: COMPANION_MESSAGES.required(COMPANION_LABELS.passengerGender),
  languagesKnownRequired: COMPANION_MESSAGES.required(COMPANION_LABELS.languagesKnown),
  layoverAirportCode: 'Layover airport must be a 3-letter airport code',
  layoverDateInvalid: 'Layover date must be a valid date',
  departureTimeInvalid: 'Departure Time must be a 24-hour time from 00:00 to 23:59 (HH:MM)',
  arrivalDateInvalid: 'Arrival Date must be a valid date',
  arrivalDateRange: 'Arrival Date must be from the day before the Travel Date to two days after it',
  arrivalDateRequired: 'Give the Arrival Date with the Arrival Time',
  arrivalTimeInvalid: 'Arrival Time must be a 24-hour time from 00:00 to 23:59 (HH:MM)',
  destinationAddressTooLong: 'The destination address can be at most 200 characters',
  receiverNameTooLong: 'The name of who collects the traveller can be at most 60 characters',
  assistanceNotesTooLong: 'The assistance notes can be at most 200 characters',
  wheelchairInvalid: 'Wheelchair must be none, requested or booked',
  chooseFromAirport: 'Choose a From Airport from the list',
  chooseToAirport: 'Choose a To Airport from the list',
} as const;

export const TRAVEL_MESSAGES = {
  submitted: 'Travel plan submitted successfully! You will be matched with companions soon.',
  updated: 'Travel plan updated.',
  submitFailed: 'Failed to submit travel details. Please try again.',
  helpPreferenceRequired: 'Please choose whether you need or can offer assistance',
  flightsRequired: 'Add at least one flight',
  notFound: 'Travel plan not found',
  leaveWarning: 'You have unsaved changes. Are you sure you want to leave?',
  tooManyPlans: `You can have at most ${LIMITS.upcomingTravelPlansMax} upcoming travel plans. Please delete one before adding another.`,
} as const;

export const genderSchema = z.enum(['male', 'female', 'other'], { error: COMPANION_MESSAGES.gender });
export type Gender = z.infer<typeof genderSchema>;
export const companionRoleSchema = z.enum(['need', 'provide'], { error: COMPANION_MESSAGES.serviceType });
export type CompanionRole = z.infer<typeof companionRoleSchema>;

const AIRPORT = /^[A-Z]{3}$/;
/**
 * A departure time (addendum §1.4): 24-hour "HH:MM", the local time at the origin airport. `[0-9]`, not `\d`:
 * the published pattern must mean ASCII digits in every regex dialect (Python's `\d` takes any digit).
 */
export const DEPARTURE_TIME = /^(?:[01][0-9]|2[0-3]):[0-5][0-9]$/;

/** The need side's wheelchair as the form sends it (the view's shape is trip.ts `assistanceSchema`). */
export const wheelchairSchema = z.enum(WHEELCHAIR, { error: COMPANION_FIELD_MESSAGES.wheelchairInvalid });

/** How far an arrival may be from the travel date (days): the date line and overnight flights. */
export const ARRIVAL_DAYS = { before: 1, after: 2 } as const;

/** Splits 'Hindi, English' into known language names (case-insensitive), keeping the list's spelling. */
export function parseLanguages(value: string): { known: string[]; unknown: string[] } {
  const known: string[] = [];
  const unknown: string[] = [];
  for (const raw of value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const match = LANGUAGES.find((language) => language.toLowerCase() === raw.toLowerCase());
    if (match) {
      if (!known.includes(match)) known.push(match);
    } else unknown.push(raw);
  }
  return { known, unknown };
}

/** Adds `days` to a YYYY-MM-DD date. */
export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export function todayIso(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

// The maximum applies to the text as sent (before trimming), so the published schema states it exactly.
// Free text others may read (names, airlines, flight numbers, notes) never carries direction overrides or
// control characters (plainText).
const optionalText = (max: number) =>
  plainText(z.string().max(max))
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined));

const connectingFlightSchema = z.object({
  layoverAirport: optionalText(3).transform((value) => value?.toUpperCase()),
  airline: optionalText(60),
  flightNumber: optionalText(12),
  date: optionalText(10),
});

/** The submission payload as the form sends it (spec §3 Companion request submission). */
export const companionSubmissionInputSchema = z.object({
  serviceType: companionRoleSchema,
  postedFor: postedForSchema.default('self'),
  fromAirport: z.string().trim().toUpperCase().default(''),
  toAirport: z.string().trim().toUpperCase().default(''),
  airline: optionalText(60),
  flightNumber: optionalText(12),
  travelDate: optionalText(10),
  // Not trimmed: a time is checked as sent; an empty field (the form's blank time input) means none.
  departureTime: z
    .string()
    .max(5, COMPANION_FIELD_MESSAGES.departureTimeInvalid)
    .optional()
    .transform((value) => (value ? value : undefined)),
  confirmedTicket: z.boolean().default(true),
  tentativeFromDate: optionalText(10),
  tentativeToDate: optionalText(10),
  connectingFlights: z.array(connectingFlightSchema).max(5, 'At most 5 layovers').default([]),
  passengerName: plainText(z.string().max(60)).trim().default(''),
  passengerAge: z.union([z.number(), z.string().trim()]).optional(),
  passengerGender: z.string().trim().default(''),
  languagesKnown: plainText(z.string()).default(''),
  serviceCharges: z.union([z.number(), z.string().trim()]).optional(),
  freeService: z.boolean().default(false),
  description: optionalText(1000),
  // Arrival (issue 39): the local date and time at the destination airport, as on the ticket.
  arrivalDate: optionalText(10),
  arrivalTime: z
    .string()
    .max(5, COMPANION_FIELD_MESSAGES.arrivalTimeInvalid)
    .optional()
    .transform((value) => (value ? value : undefined)),
  // The need side's papers (issue 39): printed in English for desks and taxis, and the one who collects.
  destinationAddress: plainText(z.string().max(200, COMPANION_FIELD_MESSAGES.destinationAddressTooLong))
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined)),
  receiverName: plainText(z.string().max(60, COMPANION_FIELD_MESSAGES.receiverNameTooLong))
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined)),
  assistance: z
    .object({
      wheelchair: wheelchairSchema.default('none'),
      notes: plainText(z.string().max(200, COMPANION_FIELD_MESSAGES.assistanceNotesTooLong))
        .trim()
        .optional()
        .transform((value) => (value ? value : undefined)),
    })
    .optional(),
  // The need side's emergency contact (addendum §1.3): both or neither.
  emergencyContactName: plainText(z.string().max(60, TRIP_MESSAGES.emergencyNameTooLong))
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined)),
  emergencyContactPhone: z
    .string()
    .max(40)
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined)),
});
export type CompanionSubmissionInput = z.input<typeof companionSubmissionInputSchema>;

export interface CompanionSubmission {
  role: CompanionRole;
  /** Who travels: always `self` for a provider. */
  posted_for: PostedFor;
  from_airport: string;
  to_airport: string;
  confirmed_ticket: boolean;
  date: string | null;
  airlines: string | null;
  flight_number: string | null;
  /** "HH:MM" at the origin airport (addendum §1.4); null when not given or not booked. */
  departure_time: string | null;
  /** The arrival's local date and "HH:MM" at the destination airport (issue 39); null when not given or not booked. */
  arrival_date: string | null;
  arrival_time: string | null;
  tentative_from_date: string | null;
  tentative_to_date: string | null;
  layovers: Array<Record<string, { airlines?: string; flight_number?: string; date?: string }>>;
  passenger_name: string;
  passenger_age: number;
  passenger_gender: Gender;
  languages_known: string;
  companion_price: number;
  description: string | null;
  /** Need side only; null when none was given (and always for a provider). */
  emergency_contact: EmergencyContact | null;
  /** Need side only (issue 39), null when not given: where the traveller goes, in English, and who collects her. */
  destination_address: string | null;
  receiver_name: string | null;
  /** Need side only; null when none was asked for (no wheelchair and no notes). */
  assistance: Assistance | null;
}

export type CompanionFormField =
  | 'serviceType'
  | 'postedFor'
  | 'fromAirport'
  | 'toAirport'
  | 'airline'
  | 'flightNumber'
  | 'travelDate'
  | 'departureTime'
  | 'arrivalDate'
  | 'arrivalTime'
  | 'tentativeFromDate'
  | 'tentativeToDate'
  | 'passengerName'
  | 'passengerAge'
  | 'passengerGender'
  | 'languagesKnown'
  | 'serviceCharges'
  | 'connectingFlights'
  | 'emergencyContactName'
  | 'emergencyContactPhone'
  | 'destinationAddress'
  | 'receiverName'
  | 'assistance';

/**
 * Every rule of the companion form, by field; empty when the form may be submitted.
 * `earliestDate` is the first allowed date (the form uses the user's today; the server allows one day
 * earlier, because the user's today may be yesterday in UTC).
 */
export function companionFormErrors(
  raw: CompanionSubmissionInput,
  earliestDate: string,
): Partial<Record<CompanionFormField, string>> {
  const parsed = companionSubmissionInputSchema.safeParse(raw);
  if (!parsed.success) {
    const errors: Partial<Record<CompanionFormField, string>> = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'serviceType') as CompanionFormField;
      errors[field] ??= issue.message;
    }
    return errors;
  }
  const input = parsed.data;
  const errors: Partial<Record<CompanionFormField, string>> = {};
  const need = input.serviceType === 'need';
  const booked = !need || input.confirmedTicket;

  const airport = (field: 'fromAirport' | 'toAirport') => {
    const label = COMPANION_LABELS[field];
    if (!input[field]) errors[field] = COMPANION_MESSAGES.required(label);
    else if (!AIRPORT.test(input[field])) errors[field] = COMPANION_MESSAGES.airportCode(label);
  };
  airport('fromAirport');
  airport('toAirport');
  if (!errors.fromAirport && !errors.toAirport && input.fromAirport === input.toAirport) {
    errors.toAirport = COMPANION_MESSAGES.sameAirports;
  }

  const date = (field: 'travelDate' | 'tentativeFromDate' | 'tentativeToDate') => {
    const value = input[field];
    const label = COMPANION_LABELS[field];
    if (!value) errors[field] = COMPANION_MESSAGES.required(label);
    else if (!isCalendarDate(value)) errors[field] = COMPANION_MESSAGES.invalidDate(label);
    else if (value < earliestDate) errors[field] = COMPANION_MESSAGES.pastDate(label);
  };
  if (input.departureTime !== undefined && !DEPARTURE_TIME.test(input.departureTime)) {
    errors.departureTime = COMPANION_FIELD_MESSAGES.departureTimeInvalid;
  }
  if (input.arrivalTime !== undefined && !DEPARTURE_TIME.test(input.arrivalTime)) {
    errors.arrivalTime = COMPANION_FIELD_MESSAGES.arrivalTimeInvalid;
  }
  if (input.arrivalDate !== undefined) {
    if (!isCalendarDate(input.arrivalDate)) errors.arrivalDate = COMPANION_FIELD_MESSAGES.arrivalDateInvalid;
    else if (
      booked &&
      input.travelDate &&
      isCalendarDate(input.travelDate) &&
      (input.arrivalDate < addDays(input.travelDate, -ARRIVAL_DAYS.before) ||
        input.arrivalDate > addDays(input.travelDate, ARRIVAL_DAYS.after))
    )
      errors.arrivalDate = COMPANION_FIELD_MESSAGES.arrivalDateRange;
  } else if (booked && input.arrivalTime !== undefined && !errors.arrivalTime) {
    errors.arrivalDate = COMPANION_FIELD_MESSAGES.arrivalDateRequired;
  }
  if (booked) {
    date('travelDate');
    if (!input.airline) errors.airline = COMPANION_MESSAGES.required(COMPANION_LABELS.airline);
    if (!input.flightNumber) errors.flightNumber = COMPANION_MESSAGES.required(COMPANION_LABELS.flightNumber);
  } else {
    date('tentativeFromDate');
    date('tentativeToDate');
    if (
      !errors.tentativeFromDate &&
      !errors.tentativeToDate &&
      input.tentativeToDate! < input.tentativeFromDate!
    ) {
      errors.tentativeToDate = COMPANION_MESSAGES.tentativeOrder;
    }
  }

  if (!input.passengerName) {
    errors.passengerName = COMPANION_MESSAGES.required(
      need ? COMPANION_LABELS.passengerName : COMPANION_LABELS.yourName,
    );
  }
  const age =
    input.passengerAge === undefined || input.passengerAge === '' ? NaN : Number(input.passengerAge);
  if (input.passengerAge === undefined || input.passengerAge === '') {
    errors.passengerAge = COMPANION_MESSAGES.required(COMPANION_LABELS.passengerAge);
  } else if (!Number.isInteger(age) || age < LIMITS.ageMin || age > LIMITS.ageMax) {
    errors.passengerAge = COMPANION_MESSAGES.ageRange;
  }
  if (!input.passengerGender)
    errors.passengerGender = COMPANION_MESSAGES.required(COMPANION_LABELS.passengerGender);
  else if (!genderSchema.safeParse(input.passengerGender).success)
    errors.passengerGender = COMPANION_MESSAGES.gender;

  const languages = parseLanguages(input.languagesKnown);
  if (languages.unknown.length > 0) errors.languagesKnown = COMPANION_MESSAGES.unknownLanguage;
  else if (languages.known.length === 0)
    errors.languagesKnown = COMPANION_MESSAGES.required(COMPANION_LABELS.languagesKnown);

  if (!input.freeService && input.serviceCharges !== undefined && input.serviceCharges !== '') {
    const price = Number(input.serviceCharges);
    if (!Number.isFinite(price) || price < 0) errors.serviceCharges = COMPANION_MESSAGES.price;
  }
  for (const flight of input.connectingFlights) {
    if (flight.layoverAirport && !AIRPORT.test(flight.layoverAirport)) {
      errors.connectingFlights = COMPANION_FIELD_MESSAGES.layoverAirportCode;
    } else if (flight.date && !isCalendarDate(flight.date)) {
      errors.connectingFlights = COMPANION_FIELD_MESSAGES.layoverDateInvalid;
    }
  }
  // Only a seeker has an emergency contact; a provider's fields are ignored (toCompanionSubmission).
  if (need && (input.emergencyContactName || input.emergencyContactPhone)) {
    if (!input.emergencyContactPhone) errors.emergencyContactPhone = TRIP_MESSAGES.emergencyBoth;
    else if (!isPhoneNumber(input.emergencyContactPhone))
      errors.emergencyContactPhone = TRIP_MESSAGES.emergencyPhoneInvalid;
    if (!input.emergencyContactName) errors.emergencyContactName = TRIP_MESSAGES.emergencyBoth;
  }
  return errors;
}

/** The registration's rule for a phone number: a known dial code and a valid 10-digit mobile number. */
function isPhoneNumber(value: string): boolean {
  const parts = splitPhoneNumber(value);
  return parts !== null && mobileDigitsError(parts.digits) === null;
}

/**
 * The companion form's values: the submission as typed, with the chosen languages as a list. Its rules
 * are companionFormErrors, the very function the service answers with, each message under its field.
 * `earliestDate` as for companionFormErrors (the form passes the user's today).
 */
export function companionFormSchema(earliestDate: string) {
  return companionSubmissionInputSchema
    .extend({ languagesKnown: z.array(z.string()).transform((languages) => languages.join(', ')) })
    .superRefine((input, ctx) => {
      for (const [field, message] of Object.entries(companionFormErrors(input, earliestDate))) {
        ctx.addIssue({ code: 'custom', path: [field], message });
      }
    });
}
export type CompanionFormValues = z.input<ReturnType<typeof companionFormSchema>>;
/** A valid form's values, as the service takes them. */
export type CompanionFormOutput = z.output<ReturnType<typeof companionFormSchema>>;

/** Normalises a valid submission into the stored shape; call only when companionFormErrors is empty. */
export function toCompanionSubmission(raw: CompanionSubmissionInput): CompanionSubmission {
  const input = companionSubmissionInputSchema.parse(raw);
  const need = input.serviceType === 'need';
  const booked = !need || input.confirmedTicket;
  const price =
    input.freeService || input.serviceCharges === undefined || input.serviceCharges === ''
      ? 0
      : Number(input.serviceCharges);
  return {
    role: input.serviceType,
    // Only a seeker travels for someone else; a provider's choice is ignored, like their emergency contact.
    posted_for: need ? input.postedFor : 'self',
    from_airport: input.fromAirport,
    to_airport: input.toAirport,
    confirmed_ticket: booked,
    date: booked ? input.travelDate! : null,
    airlines: booked ? input.airline! : null,
    flight_number: booked ? input.flightNumber!.toUpperCase().replace(/\s+/g, '') : null,
    // A yet-to-book seeker has no flight, so no departure or arrival time either.
    departure_time: booked ? (input.departureTime ?? null) : null,
    arrival_date: booked ? (input.arrivalDate ?? null) : null,
    arrival_time: booked && input.arrivalDate ? (input.arrivalTime ?? null) : null,
    tentative_from_date: booked ? null : input.tentativeFromDate!,
    tentative_to_date: booked ? null : input.tentativeToDate!,
    layovers: input.connectingFlights
      .filter((flight) => flight.layoverAirport)
      .map((flight) => ({
        [flight.layoverAirport!]: {
          ...(flight.airline ? { airlines: flight.airline } : {}),
          ...(flight.flightNumber
            ? { flight_number: flight.flightNumber.toUpperCase().replace(/\s+/g, '') }
            : {}),
          ...(flight.date ? { date: flight.date } : {}),
        },
      })),
    passenger_name: input.passengerName,
    passenger_age: Number(input.passengerAge),
    passenger_gender: input.passengerGender as Gender,
    languages_known: parseLanguages(input.languagesKnown).known.join(', '),
    companion_price: price,
    description: input.description ?? null,
    emergency_contact:
      need && input.emergencyContactName && input.emergencyContactPhone
        ? { name: input.emergencyContactName, phone: input.emergencyContactPhone.replace(/[\s-]/g, '') }
        : null,
    // Like the emergency contact, only a seeker's papers are kept (a provider's fields are ignored).
    destination_address: need ? (input.destinationAddress ?? null) : null,
    receiver_name: need ? (input.receiverName ?? null) : null,
    assistance:
      need && input.assistance && (input.assistance.wheelchair !== 'none' || input.assistance.notes)
        ? { wheelchair: input.assistance.wheelchair, notes: input.assistance.notes ?? null }
        : null,
  };
}

export const matchedCompanionSchema = z.object({
  name: z.string(),
  from_airport: z.string(),
  to_airport: z.string(),
  airlines: z.string().nullable(),
  flight_number: z.string().nullable(),
  travel_date: z.string().nullable(),
  languages_known: z.string(),
  passenger_age: z.number(),
  passenger_gender: genderSchema,
  companion_price: z.number(),
  layovers: z.array(layoverSchema),
  /** The matched person's trust figures (addendum §2.1), as of the view; never stored on the request. */
  trust: trustSchema.optional(),
  /**
   * Who travels on the matched request (issue 38): `family` means its account holder posted it for the
   * traveller named here ("Posted by Meera for Kamala"). In every view of a matched request.
   */
  posted_for: postedForSchema.optional(),
  /**
   * The first name of the matched request's account holder, whose trust figures these are; null when the
   * account is gone. In every view of a matched request, never stored on it.
   */
  owner_first_name: z.string().nullable().optional(),
});
export type MatchedCompanion = z.infer<typeof matchedCompanionSchema>;

/** A companion request as listed for its owner (spec §3 Companion request). */
export const companionRequestViewSchema = z.object({
  caseid: z.string(),
  role: companionRoleSchema,
  /** Who travels: the owner, or someone of the owner's family (the passenger). */
  posted_for: postedForSchema,
  service_type: z.literal('companion'),
  from_airport: z.string(),
  to_airport: z.string(),
  date: z.string().nullable(),
  airlines: z.string().nullable(),
  flight_number: z.string().nullable(),
  /** "HH:MM", the local time at the origin airport (addendum §1.4), or null when unknown. */
  departure_time: z.string().regex(DEPARTURE_TIME).nullable(),
  /** The IANA time zone of the origin airport (e.g. "Asia/Kolkata"), or null when unknown. */
  origin_timezone: z.string().nullable(),
  /** The arrival (issue 39): local date and "HH:MM" at the destination airport, or null when unknown. */
  arrival_date: z.string().nullable(),
  arrival_time: z.string().regex(DEPARTURE_TIME).nullable(),
  /** The IANA time zone of the destination airport, or null when unknown. */
  destination_timezone: z.string().nullable(),
  passenger_name: z.string(),
  passenger_age: z.number(),
  passenger_gender: genderSchema,
  languages_known: z.string(),
  companion_price: z.number(),
  status: z.string(),
  layovers: z.array(layoverSchema),
  companion_match: z.boolean(),
  /**
   * The request's match ended (its companion or traveller left, or a re-pairing) and it has none yet: the
   * card says "Looking for a new companion" and names no former companion.
   */
  looking_again: z.boolean(),
  /**
   * The safety note ("SafarSaathi companions never carry anything for anyone, …") is due on this card: the
   * request is matched and its owner has not seen the note for this match yet (PUT …/safety-note).
   */
  safety_note: z.boolean(),
  companion_match_caseid: z.string().nullable(),
  matched_companion: matchedCompanionSchema.nullable(),
  confirmed_ticket: z.boolean(),
  tentative_from_date: z.string().nullable(),
  tentative_to_date: z.string().nullable(),
  match_details: matchDetailsSchema.nullable(),
  description: z.string().nullable(),
  /** The owner's own emergency contact (need side), as submitted. */
  emergency_contact: emergencyContactSchema.nullable(),
  /** The owner's own papers (need side, issue 39), as submitted; null when not given. */
  destination_address: z.string().nullable(),
  receiver_name: z.string().nullable(),
  assistance: assistanceSchema.nullable(),
  /** The trip day (addendum §1): meeting point, milestones, hand-over code, the seeker's emergency contact. */
  trip: tripViewSchema,
  /** References after the trip (addendum §2.1): given, and received or "hidden" until revealed. */
  references: referencesViewSchema,
  created_at: z.string(),
});
export type CompanionRequestView = z.infer<typeof companionRequestViewSchema>;

export const createCompanionResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  caseid: z.string(),
});
export const caseIdParamsSchema = z.object({ id: z.string().min(1).max(40) });

// ---- the companion request body as published in the OpenAPI document ----

const SPACES = `[${TRIMMED_SPACE}]*`;
/** Text the form trims and requires: at least one character that is not a space, and no direction overrides. */
const requiredText = plainText(z.string().regex(new RegExp(`[^${TRIMMED_SPACE}]`)));
const freeText = (max: number) => plainText(z.string().max(max));
const trimmedAirport = z
  .string()
  .regex(new RegExp(`^${SPACES}${AIRPORT_CODE_INPUT.source.slice(1, -1)}${SPACES}$`));
const documentedDate = (label: string) => calendarDateSchema(`${label} must be a valid date`);

const companionCommonFields = {
  postedFor: postedForSchema.optional(),
  fromAirport: trimmedAirport,
  toAirport: trimmedAirport,
  departureTime: z.union([z.literal(''), z.string().regex(DEPARTURE_TIME)]).optional(),
  arrivalDate: z.union([z.literal(''), documentedDate('Arrival Date')]).optional(),
  arrivalTime: z.union([z.literal(''), z.string().regex(DEPARTURE_TIME)]).optional(),
  connectingFlights: z
    .array(
      z.object({
        layoverAirport: z.string().max(3).optional(),
        airline: freeText(60).optional(),
        flightNumber: freeText(12).optional(),
        date: z.union([z.literal(''), documentedDate('Layover date')]).optional(),
      }),
    )
    .max(5)
    .optional(),
  passengerName: requiredText.max(60),
  passengerAge: z.union([z.number().int().min(LIMITS.ageMin).max(LIMITS.ageMax), z.string()]),
  passengerGender: z.string().regex(new RegExp(`^${SPACES}(?:male|female|other)${SPACES}$`)),
  languagesKnown: requiredText,
  serviceCharges: z.union([z.number(), z.string()]).optional(),
  freeService: z.boolean().optional(),
  description: freeText(1000).optional(),
  emergencyContactName: freeText(60).optional(),
  emergencyContactPhone: z.string().max(40).optional(),
  destinationAddress: freeText(200).optional(),
  receiverName: freeText(60).optional(),
  assistance: z
    .object({ wheelchair: z.enum(WHEELCHAIR).optional(), notes: freeText(200).optional() })
    .optional(),
};

/**
 * What every accepted companion request satisfies, for the OpenAPI document: a booked request (a
 * provider, or a seeker with a ticket) or a seeker's yet-to-book range. The form's rules
 * (companionFormErrors) decide; the rules JSON Schema cannot state (dates not in the past, two different
 * airports, a price unless free, known languages) are only in the form's rules. A unit test checks that
 * every submission the form accepts matches this schema.
 */
const bookedFields = {
  airline: requiredText.max(60),
  flightNumber: requiredText.max(12),
  travelDate: documentedDate('Travel Date'),
};

export const companionRequestBodySchema = z.union([
  // A provider always travels on a booked flight, whatever confirmedTicket says.
  z.object({
    serviceType: z.literal('provide'),
    confirmedTicket: z.boolean().optional(),
    ...bookedFields,
    ...companionCommonFields,
  }),
  z.object({
    serviceType: z.literal('need'),
    confirmedTicket: z.literal(true).optional(),
    ...bookedFields,
    ...companionCommonFields,
  }),
  z.object({
    serviceType: z.literal('need'),
    confirmedTicket: z.literal(false),
    tentativeFromDate: documentedDate('Tentative From Date'),
    tentativeToDate: documentedDate('Tentative To Date'),
    ...companionCommonFields,
  }),
]);

// ---- travel plans (spec §2 Travel Form / Travel List) ----

export const travelFlightSchema = z.object({
  from: z.enum(TRAVEL_FORM_AIRPORTS.map((a) => a.code) as [string, ...string[]], {
    error: COMPANION_FIELD_MESSAGES.chooseFromAirport,
  }),
  to: z.enum(TRAVEL_FORM_AIRPORTS.map((a) => a.code) as [string, ...string[]], {
    error: COMPANION_FIELD_MESSAGES.chooseToAirport,
  }),
  date: z
    .string({ error: COMPANION_FIELD_MESSAGES.travelDateRequired })
    .min(1, COMPANION_FIELD_MESSAGES.travelDateRequired)
    .regex(CALENDAR_DATE, COMPANION_FIELD_MESSAGES.travelDateInvalid)
    .meta({ format: 'date' }),
  airline: optionalText(60),
  flightNumber: optionalText(12),
});

export const travelPlanRequestSchema = z.object({
  helpPreference: z.enum(['need_help', 'offer_help'], { error: TRAVEL_MESSAGES.helpPreferenceRequired }),
  flights: z.array(travelFlightSchema).min(1, TRAVEL_MESSAGES.flightsRequired).max(6),
  travelerInfo: z
    .object({
      name: optionalText(60),
      age: z.union([z.number(), z.string().trim()]).optional(),
      gender: z.union([genderSchema, z.literal('')]).optional(),
      languages: z.union([plainText(z.string()), z.array(plainText(z.string()))]).optional(),
      specialNeeds: optionalText(1000),
    })
    .default({ name: undefined, specialNeeds: undefined }),
  submittedAt: z.string().optional(),
});
export type TravelPlanRequest = z.input<typeof travelPlanRequestSchema>;

/**
 * The rules of a travel plan that JSON Schema cannot state (so the published schema leaves them out): no
 * flight in the past, two different airports per flight, a sane age. The first broken one, with where it
 * is; `earliest` is the first allowed date (the service allows a day of slack, see companionFormErrors).
 */
export function travelPlanRuleIssue(
  input: z.output<typeof travelPlanRequestSchema>,
  earliest: string,
): { path: Array<string | number>; message: string } | undefined {
  for (const [index, flight] of input.flights.entries()) {
    if (flight.date < earliest)
      return { path: ['flights', index, 'date'], message: COMPANION_FIELD_MESSAGES.travelDatePast };
    if (flight.from === flight.to)
      return { path: ['flights', index, 'to'], message: COMPANION_MESSAGES.sameAirports };
  }
  const age = input.travelerInfo.age;
  if (age !== undefined && age !== '') {
    const n = Number(age);
    if (!Number.isInteger(n) || n < LIMITS.ageMin || n > LIMITS.ageMax) {
      return { path: ['travelerInfo', 'age'], message: COMPANION_MESSAGES.ageRange };
    }
  }
  return undefined;
}

/** The travel form: the request body's schema and the rules above, as the service applies them. */
export function travelPlanFormSchema(earliest: string) {
  return travelPlanRequestSchema.superRefine((input, ctx) => {
    const issue = travelPlanRuleIssue(input, earliest);
    if (issue) ctx.addIssue({ code: 'custom', ...issue });
  });
}
export type TravelPlanFormOutput = z.output<ReturnType<typeof travelPlanFormSchema>>;

/** A travel plan as the list shows it (spec §3 Travel plan). */
export const travelPlanViewSchema = z.object({
  id: z.string(),
  date: z.string(),
  time: z.string(),
  from: z.string(),
  to: z.string(),
  helpNeeded: z.boolean(),
  flightNumber: z.string().nullable(),
  description: z.string().nullable(),
});
export type TravelPlanView = z.infer<typeof travelPlanViewSchema>;

/** One travel plan in full: its details view and its edit form (GET and PUT /api/travels/:id). */
export const travelPlanDetailsSchema = travelPlanViewSchema.extend({
  helpPreference: z.enum(['need_help', 'offer_help']),
  flights: z.array(
    z.object({
      from: z.string(),
      to: z.string(),
      date: z.string(),
      airline: z.string().nullable(),
      flightNumber: z.string().nullable(),
    }),
  ),
  travelerInfo: z.object({
    name: z.string().nullable(),
    age: z.number().nullable(),
    gender: z.string().nullable(),
    languages: z.string().nullable(),
    specialNeeds: z.string().nullable(),
  }),
});
export type TravelPlanDetails = z.infer<typeof travelPlanDetailsSchema>;

/** Travel plan status from its date: later than today upcoming, today active, earlier completed. */
export function travelPlanStatus(date: string, today: string): 'upcoming' | 'active' | 'completed' {
  if (date > today) return 'upcoming';
  if (date === today) return 'active';
  return 'completed';
}

// ---- match presentation rules (spec §4 Companion request) ----

export type FlightStatus = 'same_flight' | 'same_route' | 'different';

export const FLIGHT_BADGES: Record<FlightStatus, string> = {
  same_flight: 'Same Flight',
  same_route: 'Same Route',
  different: 'Different Route',
};

type MatchSubject = Pick<
  CompanionRequestView,
  | 'companion_match'
  | 'companion_match_caseid'
  | 'match_details'
  | 'matched_companion'
  | 'airlines'
  | 'flight_number'
  | 'from_airport'
  | 'to_airport'
  | 'layovers'
>;

/** A request has a match when the match flag and the matched case id are both present. */
export function hasMatch(
  request: Pick<CompanionRequestView, 'companion_match' | 'companion_match_caseid'>,
): boolean {
  return Boolean(request.companion_match && request.companion_match_caseid);
}

const same = (a: string | null | undefined, b: string | null | undefined) =>
  Boolean(a && b && a.trim().toLowerCase() === b.trim().toLowerCase());

/** Fallback flight status when no match details exist: same airline and flight number, else same route. */
export function fallbackFlightStatus(
  own: { airlines: string | null; flight_number: string | null; from_airport: string; to_airport: string },
  other: { airlines: string | null; flight_number: string | null; from_airport: string; to_airport: string },
): FlightStatus {
  if (same(own.airlines, other.airlines) && same(own.flight_number, other.flight_number))
    return 'same_flight';
  if (same(own.from_airport, other.from_airport) && same(own.to_airport, other.to_airport))
    return 'same_route';
  return 'different';
}

/** The main flight's status: from match_details, else by the fallback rule against the matched companion. */
export function mainFlightStatus(request: MatchSubject): FlightStatus | null {
  if (request.match_details) return request.match_details.main_flight.status;
  if (!request.matched_companion) return null;
  return fallbackFlightStatus(request, request.matched_companion);
}

/** 'Complete Match' or 'Match' (spec §4), with the fallback when match details are absent. */
export function matchLabel(request: MatchSubject): 'Complete Match' | 'Match' {
  if (request.match_details)
    return request.match_details.overall_status === 'complete_match' ? 'Complete Match' : 'Match';
  const companion = request.matched_companion;
  if (!companion) return 'Match';
  if (same(request.airlines, companion.airlines) && same(request.flight_number, companion.flight_number))
    return 'Complete Match';
  const sameRoute =
    same(request.from_airport, companion.from_airport) && same(request.to_airport, companion.to_airport);
  if (sameRoute && request.layovers.length > 0 && companion.layovers.length > 0) return 'Complete Match';
  return 'Match';
}
