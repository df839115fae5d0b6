/**
 * Companion requests: the companion service is their source of truth. Each change carries its events in
 * the same single-document write (outbox), so a request and its request_created / request_cancelled
 * cannot part ways.
 */
import { Schema, type Connection, type Model } from 'mongoose';
import type { z } from 'zod';
import type {
  CompanionSubmission,
  MatchedCompanion,
  PostedFor,
  matchDetailsSchema,
} from '@safarsaathi/contracts';
import { outboxPlugin, type OutboxFields } from '@safarsaathi/platform';
import type { ShareLinkPointer } from './share-links';

/** Stored status; `expired` is never stored, it is derived from the travel date when listing. */
export type StoredRequestStatus = 'active' | 'cancelled' | 'inactive';
export type MatchDetails = z.infer<typeof matchDetailsSchema>;

export interface CompanionRequestRecord extends Omit<CompanionSubmission, 'posted_for'> {
  /** Who travels (issue 38). Missing on requests stored before it: the owner (`self`). */
  posted_for?: PostedFor;
  caseid: string;
  ownerId: string;
  service_type: 'companion';
  status: StoredRequestStatus;
  /** The owner is blocked: the request is hidden from everyone else (not from the owner's own list). */
  hidden: boolean;
  companion_match: boolean;
  companion_match_caseid: string | null;
  /** The match_found event's matchId that filled the match fields (a redelivery changes nothing). */
  companion_match_id: string | null;
  /**
   * The search service's match revision of this request that the match fields show (docs/decisions.md
   * "Re-matching"): a match event older than it changes nothing. Missing: 1 when matched, else 0.
   */
  companion_match_revision?: number;
  matched_companion: MatchedCompanion | null;
  match_details: MatchDetails | null;
  /**
   * How often the owner changed the request (PUT, addendum §1.4): the `version` of its request_updated, so
   * search keeps the newest edit whatever the order. Missing: never changed (0).
   */
  edit_version?: number;
  /** The current read-only share link, if the owner shares this request (share-links.ts). */
  share_link?: ShareLinkPointer | null;
  /**
   * The request lost its match and has none yet: its card and family link say "Looking for a new
   * companion". Set by match_released, cleared by the next match_found.
   */
  released_from_match?: boolean;
  /**
   * Trips of matches that ended on or after their travel date (a cancel, an edit, a deletion): the trip
   * outlives the requests, so both parties can still write their reference (references.ts). Kept until
   * the reference window of the trip closes; nothing personal is in an entry.
   */
  kept_trips?: KeptTrip[];
  /** The match whose safety note the owner has seen (it shows once at every new match). */
  safety_note_seen?: string | null;
  created_at: Date;
  updated_at: Date;
}

/** A trip this request's owner keeps after its match ended (see `kept_trips`). */
export interface KeptTrip {
  trip_id: string;
  side: 'need' | 'provide';
  travel_date: string;
}

const requestSchema = new Schema<CompanionRequestRecord & OutboxFields & { _id: unknown }>(
  {
    /**
     * The case id: on FerretDB only `{ _id }` filters avoid reading the whole collection, and match_found
     * names requests by case id. Mixed, so mongoose casts nothing (early requests had an ObjectId until
     * the start-up migration moved them).
     */
    _id: { type: Schema.Types.Mixed },
    caseid: { type: String, required: true },
    ownerId: { type: String, required: true },
    service_type: { type: String, default: 'companion' },
    role: { type: String, required: true },
    // Who travels (issue 38); requests stored before it were the owner's own (read as 'self').
    posted_for: { type: String, default: 'self' },
    from_airport: { type: String, required: true },
    to_airport: { type: String, required: true },
    confirmed_ticket: { type: Boolean, required: true },
    date: { type: String, default: null },
    airlines: { type: String, default: null },
    flight_number: { type: String, default: null },
    // "HH:MM" at the origin airport (addendum §1.4); requests stored before it have none.
    departure_time: { type: String, default: null },
    // The arrival's local date and "HH:MM" at the destination airport (issue 39); older requests have none.
    arrival_date: { type: String, default: null },
    arrival_time: { type: String, default: null },
    tentative_from_date: { type: String, default: null },
    tentative_to_date: { type: String, default: null },
    // Single-key objects keyed by airport code (no '.' or '$' in keys: portable to FerretDB).
    layovers: { type: Schema.Types.Mixed, default: () => [] },
    passenger_name: { type: String, required: true },
    passenger_age: { type: Number, required: true },
    passenger_gender: { type: String, required: true },
    languages_known: { type: String, required: true },
    companion_price: { type: Number, default: 0 },
    description: { type: String, default: null },
    // The seeker's emergency contact { name, phone } (addendum §1.3), or null.
    emergency_contact: { type: Schema.Types.Mixed, default: null },
    // The seeker's papers (issue 39): the address in English, who collects her, { wheelchair, notes }.
    destination_address: { type: String, default: null },
    receiver_name: { type: String, default: null },
    assistance: { type: Schema.Types.Mixed, default: null },
    status: { type: String, default: 'active' },
    hidden: { type: Boolean, default: false },
    companion_match: { type: Boolean, default: false },
    companion_match_caseid: { type: String, default: null },
    companion_match_id: { type: String, default: null },
    companion_match_revision: { type: Number },
    matched_companion: { type: Schema.Types.Mixed, default: null },
    match_details: { type: Schema.Types.Mixed, default: null },
    edit_version: { type: Number },
    share_link: { type: Schema.Types.Mixed, default: null },
    released_from_match: { type: Boolean },
    kept_trips: { type: Schema.Types.Mixed },
    safety_note_seen: { type: String, default: null },
    created_at: { type: Date, required: true },
    updated_at: { type: Date, required: true },
  },
  // minimize: false keeps empty layover entries ({ ATL: {} }) as they were submitted.
  { collection: 'companion_requests', versionKey: false, minimize: false },
);
requestSchema.index({ caseid: 1 }, { unique: true });
// No index by owner or status: an owner's requests are found through the owner document (owners.ts).
requestSchema.plugin(outboxPlugin);

/** A request as read back (lean), with its id. */
export type StoredRequest = CompanionRequestRecord & { _id: unknown };

export type RequestModel = Model<CompanionRequestRecord & OutboxFields & { _id: unknown }>;

export function requestModel(connection: Connection): RequestModel {
  return (
    (connection.models.CompanionRequest as RequestModel) ??
    connection.model<CompanionRequestRecord & OutboxFields & { _id: unknown }>(
      'CompanionRequest',
      requestSchema,
    )
  );
}

/**
 * A request by case id, which is its `_id` (requests stored under an ObjectId by early versions are moved
 * to their case id by the start-up migration, use-cases/layout-migration.ts).
 */
export async function findRequest(model: RequestModel, caseid: string): Promise<StoredRequest | null> {
  return model.findOne({ _id: caseid }).lean<StoredRequest>();
}

/** The document lock of one request (DocumentLocks: one writer at a time on FerretDB). */
export const requestLockKey = (caseid: string) => `companion-request:${caseid}`;

/**
 * The filter of a guarded write to a request just read inside its document lock. On MongoDB the guard
 * is part of the filter, so the write stays atomic; on FerretDB (`lockedRead`), where anything beside
 * `_id` reads the whole collection, the filter is the `_id` alone and the caller has checked the guard
 * on the document it read while holding the lock (every writer of a request takes it).
 */
export function guardedById(
  record: StoredRequest,
  guard: Record<string, unknown>,
  lockedRead: boolean,
): Record<string, unknown> {
  return lockedRead ? { _id: record._id } : { _id: record._id, ...guard };
}
