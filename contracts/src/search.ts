/** Search filter and results (spec §3 Search filter, Search result; §5 Search). */
import { z } from 'zod';
import { layoverSchema, postedForSchema } from './events';
import { AIRPORT_CODE_INPUT, calendarDateSchema } from './validation';
import { publicTrustSchema, trustSchema } from './references';
import { LANGUAGES } from './reference-data';
import { parseLanguages } from './companion';

export const SEARCH_MESSAGES = {
  fromRequired: 'From airport is required',
  failed: 'Search failed',
  noResults: 'No results found',
  emptyTitle: 'No travelers found matching your criteria',
  emptyHint: 'Try adjusting your search filters or check back later for new requests',
} as const;

/** At most this many results per search, soonest first. */
export const SEARCH_RESULT_LIMIT = 60;

export const SEARCH_DATE_MESSAGE = 'Dates must be real calendar days (YYYY-MM-DD)';
const AIRPORT_MESSAGE = 'Airports are 3-letter codes';

/** An optional query date: empty is no filter. Checked as sent, so the published parameter is the rule. */
const optionalDate = z
  .union([z.literal(''), calendarDateSchema(SEARCH_DATE_MESSAGE)], { error: SEARCH_DATE_MESSAGE })
  .optional()
  .transform((value) => value || undefined);
const airportCode = z.string().regex(AIRPORT_CODE_INPUT, AIRPORT_MESSAGE);

export const serviceTypeSchema = z.enum(['companion', 'ride', 'document']);
export type ServiceType = z.infer<typeof serviceTypeSchema>;

/** An unknown name in `languages`: names it and lists the accepted ones. */
export const searchLanguagesMessage = (unknown: string[]) =>
  `Unknown language${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}. Use names from: ${LANGUAGES.join(', ')}`;

/**
 * `languages` (addendum §4): comma-separated names from the 15 languages, any case, duplicates fine; empty
 * is no filter. Parsed to the list's spelling, unique and sorted (one cache key per set of languages).
 */
const languagesFilter = z
  .string({ error: 'languages is a comma-separated list of language names' })
  .max(400, 'languages is too long')
  .optional()
  .transform((value, ctx) => {
    const { known, unknown } = parseLanguages(value ?? '');
    if (unknown.length > 0) {
      ctx.addIssue({ code: 'custom', message: searchLanguagesMessage(unknown) });
      return z.NEVER;
    }
    return known.length > 0 ? known.sort() : undefined;
  });

export const searchQuerySchema = z
  .object({
    service: serviceTypeSchema.default('companion'),
    from: z
      .string({ error: SEARCH_MESSAGES.fromRequired })
      .min(1, SEARCH_MESSAGES.fromRequired)
      .regex(AIRPORT_CODE_INPUT, AIRPORT_MESSAGE)
      .transform((code) => code.toUpperCase()),
    to: z
      .union([z.literal(''), airportCode], { error: AIRPORT_MESSAGE })
      .optional()
      .transform((value) => value?.toUpperCase() || undefined),
    from_date: optionalDate,
    to_date: optionalDate,
    /** Only travellers who speak at least one of these. */
    languages: languagesFilter,
  })
  .refine((query) => !query.from_date || !query.to_date || query.to_date >= query.from_date, {
    message: 'To date cannot be earlier than From date',
    path: ['to_date'],
  });
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/** A result for a signed-in searcher. Never another user's e-mail address or phone number. */
export const searchResultSchema = z.object({
  service_type: serviceTypeSchema,
  caseid: z.string(),
  owner: z.string(),
  passenger_name: z.string().optional(),
  timestamp: z.string(),
  from_airport: z.string(),
  to_airport: z.string(),
  date: z.string().nullable(),
  tentative_from_date: z.string().nullable(),
  tentative_to_date: z.string().nullable(),
  passenger_gender: z.string().optional(),
  passenger_age: z.number().optional(),
  languages_known: z.string(),
  role: z.string(),
  companion_price: z.number(),
  confirmed_ticket: z.boolean(),
  airlines: z.string().nullable().optional(),
  flight_number: z.string().nullable().optional(),
  layovers: z.array(layoverSchema).optional(),
  description: z.string().nullable().optional(),
  // Ride and document requests (not offered yet; the widget already knows their shape).
  from_date: z.string().nullable().optional(),
  to_date: z.string().nullable().optional(),
  number_of_passengers: z.number().optional(),
  doc_type: z.string().nullable().optional(),
  /** The owner's trust figures (addendum §2.1): in full when signed in, only trips_completed in public search. */
  trust: z.union([trustSchema, publicTrustSchema.strict()]).optional(),
  /**
   * Who travels (issue 38): `family` when the owner posted it for someone of their family, so the card says
   * "Posted by {owner} for {passenger}" and whose the trust figures are. Missing on older answers: `self`.
   */
  posted_for: postedForSchema.optional(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

/** Fields a visitor who is not signed in never receives. */
export const PRIVATE_RESULT_FIELDS = [
  'passenger_name',
  'passenger_gender',
  'passenger_age',
  'airlines',
  'flight_number',
  'layovers',
] as const;

export const searchResponseSchema = z.object({ results: z.array(searchResultSchema) });

// ---------------------------------------------------------------------------------------------
// How a result is shown (spec §2 Search page card content, §4 Card badges and ticket line).

export const SEARCH_TEXT = {
  title: 'Search Travelers & Requests',
  serviceLabel: 'Service Type',
  fromLabel: 'From Airport',
  toLabel: 'To Airport',
  fromDateLabel: 'Date Range From',
  toDateLabel: 'Date Range To',
  search: 'Search',
  contact: 'Contact',
  connecting: 'Connecting...',
  submittedBy: 'Submitted by',
  submitted: 'Submitted',
  traveler: 'Traveler',
  freeService: 'Free Service',
  ticketsBooked: 'Tickets Booked',
  ticketsNotBooked: 'Tickets Not Booked',
  contactFailed: 'Failed to initiate contact. Please try again.',
} as const;

export const SERVICE_TYPE_LABELS: Record<ServiceType, string> = {
  companion: 'Companion Service',
  ride: 'Ride Service',
  document: 'Document Service',
};

/** The services the search page offers; the widget knows all three. */
export const SEARCHABLE_SERVICES: readonly ServiceType[] = ['companion'];

/** After a search: 'Found N traveller(s)' plus ' from {airport}', or 'No results found'. */
export function searchHeading(count: number, fromAirportDisplayName?: string): string {
  if (count === 0) return SEARCH_MESSAGES.noResults;
  return `Found ${count} traveller(s)${fromAirportDisplayName ? ` from ${fromAirportDisplayName}` : ''}`;
}

type BadgeSubject = Pick<SearchResult, 'service_type' | 'role' | 'companion_price'>;

export function resultBadge(result: BadgeSubject): string {
  if (result.service_type === 'companion') {
    if (result.role === 'need') return 'SEEKING COMPANION';
    return result.companion_price === 0 ? 'FREE COMPANION' : 'PAID COMPANION';
  }
  if (result.service_type === 'ride') return result.role === 'driver' ? 'PROVIDE RIDE' : 'NEED RIDE';
  return result.service_type.toUpperCase();
}

type TicketSubject = Pick<
  SearchResult,
  'confirmed_ticket' | 'date' | 'tentative_from_date' | 'tentative_to_date'
>;

export function ticketLine(result: TicketSubject): string {
  const tentativeOnly = !result.date && Boolean(result.tentative_from_date || result.tentative_to_date);
  return !result.confirmed_ticket || tentativeOnly ? SEARCH_TEXT.ticketsNotBooked : SEARCH_TEXT.ticketsBooked;
}

/** Public mode: the owner or 'Traveler'. Signed in: the passenger's name, else the owner, else 'Traveler'. */
export function resultOwnerName(
  result: Pick<SearchResult, 'owner' | 'passenger_name'>,
  publicMode: boolean,
): string {
  const owner = result.owner?.trim();
  if (publicMode) return owner || SEARCH_TEXT.traveler;
  return result.passenger_name?.trim() || owner || SEARCH_TEXT.traveler;
}

export const MAX_LANGUAGE_CHIPS = 3;

export function languageChips(languagesKnown: string): string[] {
  return languagesKnown
    .split(',')
    .map((language) => language.trim())
    .filter(Boolean)
    .slice(0, MAX_LANGUAGE_CHIPS);
}

/** 0 is 'Free Service'; otherwise a dollar amount. */
export function priceLabel(price: number): string {
  return price === 0 ? SEARCH_TEXT.freeService : `$${price}`;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

function dateParts(isoDate: string): [number, number, number] | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
}

function ordinal(day: number): string {
  const tens = day % 100;
  if (tens >= 11 && tens <= 13) return `${day}th`;
  return `${day}${{ 1: 'st', 2: 'nd', 3: 'rd' }[day % 10] ?? 'th'}`;
}

/** Short day-month-year: '05 Dec 2025'. The text itself when it is not a date. */
export function shortDate(isoDate: string): string {
  const parts = dateParts(isoDate);
  if (!parts) return isoDate;
  const [year, month, day] = parts;
  return `${String(day).padStart(2, '0')} ${MONTHS[month - 1]!.slice(0, 3)} ${year}`;
}

/** Long form: 'December 5th, 2025'. */
export function longDate(isoDate: string): string {
  const parts = dateParts(isoDate);
  if (!parts) return isoDate;
  const [year, month, day] = parts;
  return `${MONTHS[month - 1]} ${ordinal(day)}, ${year}`;
}

/** A result's travel date: the date, or the tentative range; `format` turns each day into text. */
export function travelDateText(result: TicketSubject, format: (isoDate: string) => string): string {
  if (result.date) return format(result.date);
  const range = [result.tentative_from_date, result.tentative_to_date].filter((d): d is string => Boolean(d));
  return range.map(format).join(' – ');
}

/** When the request was submitted, en-US month/day/year (the timestamp is an ISO instant). */
export function submittedDate(timestamp: string): string {
  const instant = new Date(timestamp);
  return Number.isNaN(instant.getTime())
    ? timestamp
    : instant.toLocaleDateString('en-US', { year: 'numeric', month: '2-digit', day: '2-digit' });
}

// ---------------------------------------------------------------------------------------------
// Contacting the owner of a search result (spec §4 Contact flow). The chat service answers these calls;
// the target is named by case id only, never by another user's e-mail address.

export const checkSearchContactRequestSchema = z.object({
  target_caseid: z.string().trim().min(1, 'target_caseid is required').max(64),
  service_type: serviceTypeSchema,
  /** Accepted for compatibility with the spec's payload and ignored: identity comes from the case id. */
  target_user_email: z.string().optional(),
});
export type CheckSearchContactRequest = z.infer<typeof checkSearchContactRequestSchema>;

export const checkSearchContactResponseSchema = z.object({
  status: z.enum(['conversation_exists', 'conversation_created', 'need_case_creation']),
  conversation_id: z.string().optional(),
  error: z.string().optional(),
});
export type CheckSearchContactResponse = z.infer<typeof checkSearchContactResponseSchema>;

/** Who the visitor wants to contact, carried from a search result to the companion screen. */
export interface SearchContactTarget {
  target_caseid: string;
  target_name: string;
  service_type: ServiceType;
}

/** Navigation state of /companion-service when it is opened from the Contact Disclaimer dialog. */
export interface SearchContactNavigationState {
  fromSearchContact: true;
  contactInfo: SearchContactTarget;
  originalServiceType: ServiceType;
}
