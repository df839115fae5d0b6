/**
 * The trip day of a matched pair (addendum §1): one document per pair of requests, keyed by
 * `<need caseid>:<provide caseid>`, read by both parties' views. Kept apart from the two requests so a
 * meeting point or a milestone is one write, under one lock and revision (revisedWrite), with its event
 * in the same write (outbox): the two request documents never have to agree with each other.
 */
import { Schema, type Connection, type Model } from 'mongoose';
import type { Milestone, ReferenceRating } from '@safarsaathi/contracts';
import { outboxPlugin, type OutboxFields } from '@safarsaathi/platform';

export type Side = 'need' | 'provide';

export interface TripRecord {
  _id: string;
  /** revisedWrite's revision (MongoDB compare-and-set). */
  rev: number;
  need_caseid: string;
  provide_caseid: string;
  need_owner: string;
  provide_owner: string;
  meeting: { place: string; time: string; set_by: Side; updated_at: Date } | null;
  milestones: Array<{ milestone: Milestone; at: Date; by: Side }>;
  /** The need side's current hand-over code and the wrong codes entered against it. */
  handover: { code: string; made_at: Date; wrong: number };
  /** When the 24-hour reminder was staged (once per trip, use-cases/trip-reminder.ts); absent before. */
  reminder_sent_at?: Date | null;
  /** The reference each side wrote about the other after the trip (addendum §2.1); missing: none yet. */
  references?: Partial<Record<Side, StoredReference>>;
  created_at: Date;
}

export interface StoredReference {
  id: string;
  rating: ReferenceRating;
  text: string;
  no_show: boolean;
  at: Date;
}

const tripSchema = new Schema<TripRecord & OutboxFields>(
  {
    _id: { type: String, required: true },
    rev: { type: Number, default: 0 },
    need_caseid: { type: String, required: true },
    provide_caseid: { type: String, required: true },
    need_owner: { type: String, required: true },
    provide_owner: { type: String, required: true },
    meeting: { type: Schema.Types.Mixed, default: null },
    milestones: { type: Schema.Types.Mixed, default: () => [] },
    handover: { type: Schema.Types.Mixed, required: true },
    reminder_sent_at: { type: Date, default: null },
    references: { type: Schema.Types.Mixed },
    created_at: { type: Date, required: true },
  },
  { collection: 'companion_trips', versionKey: false, minimize: false },
);
tripSchema.plugin(outboxPlugin);

export type TripModel = Model<TripRecord & OutboxFields>;

export function tripModel(connection: Connection): TripModel {
  return (
    (connection.models.CompanionTrip as TripModel) ??
    connection.model<TripRecord & OutboxFields>('CompanionTrip', tripSchema)
  );
}

/**
 * A pair's trip: `<need caseid>:<provide caseid>`. A pair matched again after a release (a flight change
 * and back, docs/decisions.md "Flight changes") has a match id of its own, `<pair>#<revisions>`, and that
 * match id is its trip's id: a new trip, with a new hand-over code, never the released one's.
 */
export function tripId(needCaseid: string, provideCaseid: string, matchId?: string | null): string {
  const pair = `${needCaseid}:${provideCaseid}`;
  return matchId?.startsWith(`${pair}#`) ? matchId : pair;
}

/** The document lock of a trip (revisedWrite and the outbox relay take it). */
export const tripLockKey = (id: string) => `companion-trip:${id}`;
