/** Travel plans (spec §2 Travel Form / Travel List); a new or edited plan carries its travel_plan_created or _updated event. */
import { Schema, type Connection, type Model } from 'mongoose';
import { outboxPlugin, type OutboxFields } from '@safarsaathi/platform';
import type { ShareLinkPointer } from './share-links';

export interface TravelFlightRecord {
  from: string;
  to: string;
  date: string;
  airline: string | null;
  flightNumber: string | null;
}

export interface TravelPlanRecord {
  ownerId: string;
  helpPreference: 'need_help' | 'offer_help';
  flights: TravelFlightRecord[];
  /** The first flight's date: the list is sorted by it. */
  date: string;
  traveler: {
    name: string | null;
    age: number | null;
    gender: string | null;
    languages: string | null;
    specialNeeds: string | null;
  };
  submittedAt: string | null;
  /** The current read-only share link, if the owner shares this plan (share-links.ts). */
  share_link?: ShareLinkPointer | null;
  created_at: Date;
  /** Set by an edit. */
  updated_at?: Date | null;
}

const travelPlanSchema = new Schema<TravelPlanRecord & OutboxFields>(
  {
    ownerId: { type: String, required: true },
    helpPreference: { type: String, required: true },
    flights: { type: Schema.Types.Mixed, required: true },
    date: { type: String, required: true },
    traveler: { type: Schema.Types.Mixed, required: true },
    submittedAt: { type: String, default: null },
    share_link: { type: Schema.Types.Mixed, default: null },
    created_at: { type: Date, required: true },
    updated_at: { type: Date, default: null },
  },
  { collection: 'travel_plans', versionKey: false, minimize: false },
);
// No index by owner: an owner's plans are found through the owner document (owners.ts).
travelPlanSchema.plugin(outboxPlugin);

export type TravelPlanModel = Model<TravelPlanRecord & OutboxFields>;

export function travelPlanModel(connection: Connection): TravelPlanModel {
  return (
    (connection.models.TravelPlan as TravelPlanModel) ??
    connection.model<TravelPlanRecord & OutboxFields>('TravelPlan', travelPlanSchema)
  );
}
