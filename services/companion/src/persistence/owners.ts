/**
 * A small projection of auth's users, kept from auth.users.v1: the owner's name (for the first name in
 * request_created) and whether the owner is blocked. Natural upserts, so a redelivered event is harmless.
 */
import { Schema, type Connection, type Model } from 'mongoose';

export interface OwnerRecord {
  userId: string;
  fullname: string;
  blocked: boolean;
  updated_at: Date;
}

const ownerSchema = new Schema<OwnerRecord>(
  {
    userId: { type: String, required: true },
    fullname: { type: String, default: '' },
    blocked: { type: Boolean, default: false },
    updated_at: { type: Date, required: true },
  },
  { collection: 'owners', versionKey: false },
);
ownerSchema.index({ userId: 1 }, { unique: true });

export type OwnerModel = Model<OwnerRecord>;

export function ownerModel(connection: Connection): OwnerModel {
  return (connection.models.Owner as OwnerModel) ?? connection.model<OwnerRecord>('Owner', ownerSchema);
}

/** 'Asha Rao' -> 'Asha'; no known name -> 'Traveler'. */
export function firstNameOf(fullname: string | null | undefined): string {
  return fullname?.trim().split(/\s+/)[0] || 'Traveler';
}
