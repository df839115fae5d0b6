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
  /** The match ended (an upgrade or a flight change released it): the same pair matched again gets a new id. */
  released?: boolean;
  /** What ended it: only a match ended by an automatic re-pairing is restored when its lock arrives late. */
  endedBy?: MatchEnd | null;
  /** A meeting point or milestone locked it (docs/decisions.md "Matches that hold"). */
  locked?: boolean;
}

/** What ends a match: an upgrade to the same flight, a shared language, a flight change, a party leaving, a late lock. */
export type MatchEnd = 'upgrade' | 'shared_language' | 'flight_changed' | 'left' | 'restored';

/** The pair decides the id, so a redelivered request_created can never create a second match. */
export function matchIdOf(needCaseid: string, provideCaseid: string): string {
  return `${needCaseid}:${provideCaseid}`;
}

/**
 * The id of a new match of the pair, given the revisions its claims write: the pair's id the first time;
 * once a match of the pair has been released (a flight change and back, docs/decisions.md "Flight
 * changes"), `<pair>#<need revision>.<provide revision>`, which no other claim of the pair writes, so every
 * match of the pair has its own match_found, notifications, e-mails and trip.
 */
export async function newMatchIdOf(
  matches: MatchModel,
  needCaseid: string,
  provideCaseid: string,
  needRevision: number,
  provideRevision: number,
): Promise<string> {
  const pair = matchIdOf(needCaseid, provideCaseid);
  const first = await matches.findById(pair).lean();
  return first?.released ? `${pair}#${needRevision}.${provideRevision}` : pair;
}

const matchSchema = new Schema<MatchRecord & OutboxFields>(
  {
    _id: { type: String, required: true },
    matchId: { type: String, required: true },
    needCaseid: { type: String, required: true },
    provideCaseid: { type: String, required: true },
    created_at: { type: Date, required: true },
    released: { type: Boolean },
    endedBy: { type: String, default: null },
    locked: { type: Boolean },
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
