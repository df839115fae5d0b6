/** Matches found, one document per pair, carrying its match_found event (outbox). */
import { Schema, type Connection, type Model } from 'mongoose';
import { outboxPlugin, type OutboxFields } from '@safarsaathi/platform';

export interface MatchRecord {
  /** The match id: a match is looked up by `_id` (the only filter FerretDB does not answer by a scan). */
  _id: string;
  matchId: string;
  needCaseid: string;
  provideCaseid: string;
  created_at: Date;
}

/** The pair decides the id, so a redelivered request_created can never create a second match. */
export function matchIdOf(needCaseid: string, provideCaseid: string): string {
  return `${needCaseid}:${provideCaseid}`;
}

const matchSchema = new Schema<MatchRecord & OutboxFields>(
  {
    _id: { type: String, required: true },
    matchId: { type: String, required: true },
    needCaseid: { type: String, required: true },
    provideCaseid: { type: String, required: true },
    created_at: { type: Date, required: true },
  },
  { collection: 'matches', versionKey: false },
);
// Kept beside `_id` for databases holding matches stored before `_id` was the match id.
matchSchema.index({ matchId: 1 }, { unique: true });
matchSchema.plugin(outboxPlugin);

export type MatchModel = Model<MatchRecord & OutboxFields>;

export function matchModel(connection: Connection): MatchModel {
  return (
    (connection.models.Match as MatchModel) ??
    connection.model<MatchRecord & OutboxFields>('Match', matchSchema)
  );
}
