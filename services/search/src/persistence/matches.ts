/** Matches found, one document per pair, carrying its match_found event (outbox). */
import { Schema, type Connection, type Model } from 'mongoose';
import { outboxPlugin, type OutboxFields } from '@safarsaathi/platform';

export interface MatchRecord {
  matchId: string;
  needCaseid: string;
  provideCaseid: string;
  created_at: Date;
}

const matchSchema = new Schema<MatchRecord & OutboxFields>(
  {
    matchId: { type: String, required: true },
    needCaseid: { type: String, required: true },
    provideCaseid: { type: String, required: true },
    created_at: { type: Date, required: true },
  },
  { collection: 'matches', versionKey: false },
);
// The pair decides the id, so a redelivered request_created can never create a second match.
matchSchema.index({ matchId: 1 }, { unique: true });
matchSchema.plugin(outboxPlugin);

export type MatchModel = Model<MatchRecord & OutboxFields>;

export function matchModel(connection: Connection): MatchModel {
  return (connection.models.Match as MatchModel) ?? connection.model<MatchRecord & OutboxFields>('Match', matchSchema);
}
