/**
 * What support knows about users, from auth.users.v1: the name an admin sees for a case's subject and
 * whether the user is blocked. `_id` = user id. Auth owns users; support never reads its database.
 */
import { Schema, type Connection, type Model } from 'mongoose';

export interface SupportUser {
  _id: string;
  fullname: string;
  status: 'Active' | 'Block';
  status_reason: string | null;
  deleted: boolean;
}

const userSchema = new Schema<SupportUser>(
  {
    _id: { type: String, required: true },
    fullname: { type: String, default: '' },
    status: { type: String, default: 'Active' },
    status_reason: { type: String, default: null },
    deleted: { type: Boolean, default: false },
  },
  { collection: 'support_users', versionKey: false },
);

export type SupportUserModel = Model<SupportUser>;

export function supportUserModel(connection: Connection): SupportUserModel {
  return (
    (connection.models.SupportUser as SupportUserModel) ??
    connection.model<SupportUser>('SupportUser', userSchema)
  );
}

/** Idempotent upsert by `_id` (events of one user arrive in order: one partition per user id). */
export async function setUser(
  model: SupportUserModel,
  userId: string,
  fields: Partial<Omit<SupportUser, '_id'>>,
): Promise<void> {
  await model.updateOne({ _id: userId }, { $set: fields }, { upsert: true });
}

export async function usersById(model: SupportUserModel, ids: string[]): Promise<Map<string, SupportUser>> {
  const unique = [...new Set(ids)];
  // One read by `_id` each (the filter FerretDB pushes down); a page names at most 20.
  const found = await Promise.all(unique.map((id) => model.findOne({ _id: id }).lean<SupportUser>()));
  return new Map(found.filter((user): user is SupportUser => user !== null).map((user) => [user._id, user]));
}
