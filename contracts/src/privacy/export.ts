/**
 * `GET /api/me/data` (spec §4): everything the product keeps about the signed-in user, as one JSON file.
 *
 * The gateway gathers it (docs/decisions.md "Your data, your rights"): it calls each data-owning service's
 * own part at DATA_EXPORT_PART_PATH with the caller's signed identity, as every call carries it, checks each
 * answer against that service's part schema below and writes the sections in the spec's order with
 * `generated_at`. The schemas are strict about what leaves: zod drops any key they do not name, so a part
 * that grew a field carrying someone else's data would lose it at the gateway instead of shipping it.
 */
import { z } from 'zod';
import { consentsResponseSchema } from './consents';

/** Each service's part: not a route of the gateway's table, so no client can call it through the gateway. */
export const DATA_EXPORT_PART_PATH = '/internal/my-data';
export const DATA_EXPORT_PATH = '/api/me/data';
/** Downloads per user and rolling hour (spec §4); the fourth answers 429. */
export const DATA_EXPORTS_PER_HOUR = 3;

const party = z.enum(['me', 'other']);

export const exportAccountSchema = z.object({
  user_id: z.string(),
  email: z.string(),
  fullname: z.string(),
  phone_number: z.string().nullable(),
  registered: z.boolean(),
  registered_at: z.string().nullable(),
  created_at: z.string().nullable(),
  accepted_terms: z.boolean(),
  help_preference: z.string().nullable(),
  locale: z.string(),
  large_text: z.boolean(),
  high_contrast: z.boolean(),
  tour_completed: z.boolean(),
  status: z.string(),
});

export const exportSessionSchema = z.object({
  created_at: z.string(),
  browser: z.string(),
  current: z.boolean(),
});

export const authExportPartSchema = z.object({
  account: exportAccountSchema,
  consents: consentsResponseSchema,
  sessions: z.array(exportSessionSchema),
});

const exportTripSchema = z.object({
  trip_id: z.string(),
  side: z.enum(['need', 'provide']),
  meeting: z
    .object({ place: z.string(), time: z.string(), set_by: party, updated_at: z.string() })
    .nullable(),
  milestones: z.array(z.object({ milestone: z.string(), at: z.string(), by: party })),
  reminder_sent_at: z.string().nullable(),
  created_at: z.string(),
});

export const exportCompanionRequestSchema = z.object({
  caseid: z.string(),
  role: z.string(),
  posted_for: z.string(),
  status: z.string(),
  from_airport: z.string(),
  to_airport: z.string(),
  date: z.string().nullable(),
  tentative_from_date: z.string().nullable(),
  tentative_to_date: z.string().nullable(),
  confirmed_ticket: z.boolean(),
  airlines: z.string().nullable(),
  flight_number: z.string().nullable(),
  departure_time: z.string().nullable(),
  arrival_date: z.string().nullable(),
  arrival_time: z.string().nullable(),
  layovers: z.unknown(),
  passenger_name: z.string(),
  passenger_age: z.number().nullable(),
  passenger_gender: z.string().nullable(),
  languages_known: z.string().nullable(),
  companion_price: z.number().nullable(),
  description: z.string().nullable(),
  emergency_contact: z.object({ name: z.string(), phone: z.string() }).nullable(),
  /** The traveller's card (issue 39): as the owner gave them. */
  destination_address: z.string().nullable(),
  receiver_name: z.string().nullable(),
  assistance: z.unknown(),
  /** Whether it is matched now (who with is the other traveller's data). */
  matched: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  trips: z.array(exportTripSchema),
});

export const exportTravelPlanSchema = z.object({
  id: z.string(),
  help_preference: z.string(),
  flights: z.array(
    z.object({
      from: z.string(),
      to: z.string(),
      date: z.string(),
      airline: z.string().nullable(),
      flightNumber: z.string().nullable(),
    }),
  ),
  traveler: z.object({
    name: z.string().nullable(),
    age: z.number().nullable(),
    gender: z.string().nullable(),
    languages: z.string().nullable(),
    specialNeeds: z.string().nullable(),
  }),
  created_at: z.string(),
  updated_at: z.string().nullable(),
});

const exportReferenceSchema = z.object({
  trip_id: z.string(),
  rating: z.string(),
  text: z.string(),
  no_show: z.boolean(),
});

export const exportShareLinkSchema = z.object({
  kind: z.string(),
  /** The shared request's case id or travel plan's id (never the link's token). */
  object_id: z.string(),
  created_at: z.string(),
  revoked_at: z.string().nullable(),
});

export const companionExportPartSchema = z.object({
  companion_requests: z.array(exportCompanionRequestSchema),
  travel_plans: z.array(exportTravelPlanSchema),
  references: z.object({
    given: z.array(exportReferenceSchema.extend({ written_at: z.string() })),
    /** Only those revealed to the user (double-blind: both wrote, or 14 days after the trip). */
    received: z.array(exportReferenceSchema),
  }),
  share_links: z.array(exportShareLinkSchema),
});

export const exportConversationSchema = z.object({
  conversation_id: z.string(),
  service_type: z.string(),
  /** The other participant by first name only. */
  other_participant: z.object({ first_name: z.string() }),
  created_at: z.string(),
  messages: z.array(z.object({ seq: z.number(), from: party, text: z.string(), sent_at: z.string() })),
});

export const chatExportPartSchema = z.object({ conversations: z.array(exportConversationSchema) });

export const notificationsExportPartSchema = z.object({
  notifications: z.array(
    z.object({
      id: z.string(),
      type: z.string(),
      title: z.string(),
      message: z.string(),
      is_read: z.boolean(),
      created_at: z.string(),
    }),
  ),
  /** The push service's host only: the endpoint URL itself is a capability to push to the device. */
  push_subscriptions: z.array(z.object({ push_service: z.string(), created_at: z.string() })),
});

export const exportSupportCaseSchema = z.object({
  case_id: z.string(),
  type: z.string(),
  issue_type: z.string(),
  email_address: z.string(),
  details: z.string(),
  status: z.string(),
  created_at: z.string(),
  /** The caller's own messages they attached to a report (the other traveller's words are theirs). */
  attached_messages: z.array(z.object({ text: z.string(), sent_at: z.string() })),
  replies: z.array(z.object({ at: z.string(), text: z.string() })),
});

export const supportExportPartSchema = z.object({ support_cases: z.array(exportSupportCaseSchema) });

/** Which service gives which sections: the gateway calls exactly these. */
export const DATA_EXPORT_PARTS = {
  auth: authExportPartSchema,
  companion: companionExportPartSchema,
  chat: chatExportPartSchema,
  notifications: notificationsExportPartSchema,
  support: supportExportPartSchema,
} as const;
export type DataExportService = keyof typeof DATA_EXPORT_PARTS;
export type DataExportPart<S extends DataExportService> = z.infer<(typeof DATA_EXPORT_PARTS)[S]>;

/** The file, its sections in the spec's order. */
export const dataExportSchema = z.object({
  account: exportAccountSchema,
  consents: consentsResponseSchema,
  companion_requests: z.array(exportCompanionRequestSchema),
  travel_plans: z.array(exportTravelPlanSchema),
  references: companionExportPartSchema.shape.references,
  share_links: z.array(exportShareLinkSchema),
  conversations: z.array(exportConversationSchema),
  notifications: notificationsExportPartSchema.shape.notifications,
  push_subscriptions: notificationsExportPartSchema.shape.push_subscriptions,
  support_cases: z.array(exportSupportCaseSchema),
  sessions: z.array(exportSessionSchema),
  generated_at: z.string(),
});
export type DataExport = z.infer<typeof dataExportSchema>;

/** `safarsaathi-data-2026-12-07.json`: the download's file name. */
export function dataExportFileName(generatedAt: string): string {
  return `safarsaathi-data-${generatedAt.slice(0, 10)}.json`;
}
