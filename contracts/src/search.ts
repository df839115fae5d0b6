/** Search filter and results (spec §3 Search filter, Search result; §5 Search). */
import { z } from 'zod';
import { layoverSchema } from './events';

export const SEARCH_MESSAGES = {
  fromRequired: 'From airport is required',
  failed: 'Search failed',
  noResults: 'No results found',
  emptyTitle: 'No travelers found matching your criteria',
  emptyHint: 'Try adjusting your search filters or check back later for new requests',
} as const;

/** At most this many results per search, soonest first. */
export const SEARCH_RESULT_LIMIT = 60;

const isoDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates must be YYYY-MM-DD');
const airportCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, 'Airports are 3-letter codes');

export const serviceTypeSchema = z.enum(['companion', 'ride', 'document']);
export type ServiceType = z.infer<typeof serviceTypeSchema>;

export const searchQuerySchema = z
  .object({
    service: serviceTypeSchema.default('companion'),
    from: z
      .string({ error: SEARCH_MESSAGES.fromRequired })
      .trim()
      .min(1, SEARCH_MESSAGES.fromRequired)
      .pipe(airportCode),
    to: z
      .string()
      .trim()
      .optional()
      .transform((value) => value || undefined)
      .pipe(airportCode.optional()),
    from_date: z
      .string()
      .trim()
      .optional()
      .transform((value) => value || undefined)
      .pipe(isoDate.optional()),
    to_date: z
      .string()
      .trim()
      .optional()
      .transform((value) => value || undefined)
      .pipe(isoDate.optional()),
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
});
export type SearchResult = z.infer<typeof searchResultSchema>;

/** Fields a visitor who is not signed in never receives. */
export const PRIVATE_RESULT_FIELDS = ['passenger_name', 'passenger_gender', 'passenger_age', 'airlines', 'flight_number', 'layovers'] as const;

export const searchResponseSchema = z.object({ results: z.array(searchResultSchema) });
