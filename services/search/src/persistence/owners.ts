/**
 * Owner index of the matching read model: `_id` = owner id, listing that owner's case ids, so blocking
 * or deleting a user touches their requests by `_id` (FerretDB filters on anything else by reading the
 * whole collection).
 */
import { Schema, type Connection, type Model } from 'mongoose';
import type { RequestCreated } from './requests';

export const OWNERS_COLLECTION = 'match_owners';

export interface OwnerRequests {
  _id: string;
  caseids: string[];
  /**
   * The owner deleted their profile: a request of theirs heard of later (another topic, no order between
   * them) is stored removed, never matched. Blocked: stored hidden until unblocked.
   */
  deleted?: boolean;
  blocked?: boolean;
}

/** The owner documents for a set of requests, for writing the read model in bulk. */
export function ownersOf(requests: Array<Pick<RequestCreated, 'caseid' | 'ownerId'>>): OwnerRequests[] {
  const owners = new Map<string, Set<string>>();
  for (const { caseid, ownerId } of requests)
    owners.set(ownerId, (owners.get(ownerId) ?? new Set()).add(caseid));
  return [...owners].map(([_id, caseids]) => ({ _id, caseids: [...caseids] }));
}

const ownerSchema = new Schema<OwnerRequests>(
  {
    _id: { type: String, required: true },
    caseids: { type: [String], default: [] },
    deleted: { type: Boolean },
    blocked: { type: Boolean },
  },
  { collection: OWNERS_COLLECTION, versionKey: false },
);

export type OwnerModel = Model<OwnerRequests>;

export function ownerModel(connection: Connection): OwnerModel {
  return (
    (connection.models.MatchOwner as OwnerModel) ?? connection.model<OwnerRequests>('MatchOwner', ownerSchema)
  );
}
