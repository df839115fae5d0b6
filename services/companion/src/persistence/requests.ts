/**
 * Companion requests: the companion service is their source of truth. Each change carries its events in
 * the same single-document write (outbox), so a request and its request_created / request_cancelled
 * cannot part ways.
 */
import { Schema, type Connection, type Model } from 'mongoose';
import type { z } from 'zod';
import type { CompanionSubmission, MatchedCompanion, matchDetailsSchema } from '@safarsaathi/contracts';
import { outboxPlugin, type OutboxFields } from '@safarsaathi/platform';

/** Stored status; `expired` is never stored, it is derived from the travel date when listing. */
export type StoredRequestStatus = 'active' | 'cancelled' | 'inactive';
export type MatchDetails = z.infer<typeof matchDetailsSchema>;

export interface CompanionRequestRecord extends CompanionSubmission {
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
  matched_companion: MatchedCompanion | null;
  match_details: MatchDetails | null;
  created_at: Date;
  updated_at: Date;
}

const requestSchema = new Schema<CompanionRequestRecord & OutboxFields>(
  {
    caseid: { type: String, required: true },
    ownerId: { type: String, required: true },
    service_type: { type: String, default: 'companion' },
    role: { type: String, required: true },
    from_airport: { type: String, required: true },
    to_airport: { type: String, required: true },
    confirmed_ticket: { type: Boolean, required: true },
    date: { type: String, default: null },
    airlines: { type: String, default: null },
    flight_number: { type: String, default: null },
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
    status: { type: String, default: 'active' },
    hidden: { type: Boolean, default: false },
    companion_match: { type: Boolean, default: false },
    companion_match_caseid: { type: String, default: null },
    companion_match_id: { type: String, default: null },
    matched_companion: { type: Schema.Types.Mixed, default: null },
    match_details: { type: Schema.Types.Mixed, default: null },
    created_at: { type: Date, required: true },
    updated_at: { type: Date, required: true },
  },
  // minimize: false keeps empty layover entries ({ ATL: {} }) as they were submitted.
  { collection: 'companion_requests', versionKey: false, minimize: false },
);
requestSchema.index({ caseid: 1 }, { unique: true });
requestSchema.index({ ownerId: 1, created_at: -1 });
requestSchema.index({ status: 1 });
requestSchema.plugin(outboxPlugin);

/** A request as read back (lean), with its id. */
export type StoredRequest = CompanionRequestRecord & { _id: unknown };

export type RequestModel = Model<CompanionRequestRecord & OutboxFields>;

export function requestModel(connection: Connection): RequestModel {
  return (
    (connection.models.CompanionRequest as RequestModel) ??
    connection.model<CompanionRequestRecord & OutboxFields>('CompanionRequest', requestSchema)
  );
}
