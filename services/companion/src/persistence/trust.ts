/**
 * Trust figures per user (collection `companion_trust`, `_id` = user id), kept from the companion's own
 * reference_recorded, trip_completed and late_cancellation_recorded events (companion.trust.v1), so a trip
 * document (or a cancelled request) and the figures never need one write: that write stages its event, and
 * this document follows it (events/handlers.ts). Entries are sets keyed by trip, reference or case id, so a
 * redelivered or late event changes nothing. Written
 * with revisedWrite under `trustLockKey`, each write with its trust_updated (and no_show_recorded) staged.
 */
import { Schema, type Connection, type Model } from 'mongoose';
import type { ReferenceRating } from '@safarsaathi/contracts';
import { outboxPlugin, type OutboxFields, type Revised } from '@safarsaathi/platform';

export interface ReceivedReference {
  id: string;
  trip_id: string;
  author: string;
  rating: ReferenceRating;
  no_show: boolean;
  travel_date: string;
  /** YYYY-MM-DD: counted (and shown to the subject) from this day on. */
  visible_from: string;
}

/** A trip with a recorded hand-over this user was a party of. */
export interface CompletedTrip {
  trip_id: string;
  /** The other party's user id: each counterpart counts once. */
  counterpart: string;
  /** YYYY-MM-DD: the trip counts from the day after it. */
  travel_date: string;
}

/** A matched trip this user cancelled within 48 hours of the departure, or after it. */
export interface LateCancellation {
  caseid: string;
  /** YYYY-MM-DD (UTC) of the cancel: counted for 12 months from it. */
  on: string;
}

export interface TrustRecord extends Revised {
  /** Completed trips; a bare trip id is an entry from before counterparts were kept (a past trip of its own). */
  trips: Array<CompletedTrip | string>;
  /** References about this user. */
  received: ReceivedReference[];
  late_cancellations?: LateCancellation[];
  updated_at: Date;
}

const trustSchema = new Schema<TrustRecord & OutboxFields>(
  {
    _id: { type: String, required: true },
    rev: { type: Number, default: 0 },
    trips: { type: Schema.Types.Mixed, default: () => [] },
    late_cancellations: { type: Schema.Types.Mixed, default: () => [] },
    received: { type: Schema.Types.Mixed, default: () => [] },
    updated_at: { type: Date },
  },
  { collection: 'companion_trust', versionKey: false, minimize: false },
);
trustSchema.plugin(outboxPlugin);

export type TrustModel = Model<TrustRecord & OutboxFields>;

export function trustModel(connection: Connection): TrustModel {
  return (
    (connection.models.CompanionTrust as TrustModel) ??
    connection.model<TrustRecord & OutboxFields>('CompanionTrust', trustSchema)
  );
}

export const trustLockKey = (userId: string) => `companion-trust:${userId}`;

export function findTrust(model: TrustModel, userId: string): Promise<TrustRecord | null> {
  return model.findOne({ _id: userId }).lean<TrustRecord>();
}
