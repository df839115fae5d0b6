/**
 * Web Push devices and preferences, read and written by `_id` only (FerretDB hands only `_id` filters to
 * SQLite):
 *
 * - `push_devices`, `_id` = user id: the user's subscribed browsers (at most PUSH_SUBSCRIPTIONS_PER_USER)
 *   and which kinds they want pushed. Written with `revisedWrite`, so two instances and the push worker
 *   removing an expired endpoint never lose each other's changes.
 * - `push_endpoints`, `_id` = the endpoint's id (a SHA-256 of the URL): which user holds that browser's
 *   subscription now. A browser has one endpoint per site, so when someone else signs in on it and turns
 *   notifications on, the device moves to them and the earlier user's news stops reaching it.
 */
import { createHash } from 'node:crypto';
import { Schema, type Connection, type Model } from 'mongoose';
import type { PushPreferences } from '@safarsaathi/contracts';
import type { Revised } from '@safarsaathi/platform';

export interface PushDevice {
  /** The endpoint's id (pushEndpointId). */
  id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: Date;
}

export interface PushDevices extends Revised {
  /** Missing when only preferences were ever written. */
  devices?: PushDevice[];
  /** Missing: all kinds on (DEFAULT_PUSH_PREFERENCES). */
  preferences?: PushPreferences;
}

export interface PushEndpointOwner {
  _id: string;
  userId: string;
}

const devicesSchema = new Schema<PushDevices>(
  {
    _id: { type: String, required: true },
    rev: { type: Number, default: 0 },
    devices: { type: Schema.Types.Mixed, default: () => [] },
    preferences: { type: Schema.Types.Mixed },
  },
  { collection: 'push_devices', versionKey: false, minimize: false },
);
const ownerSchema = new Schema<PushEndpointOwner>(
  { _id: { type: String, required: true }, userId: { type: String, required: true } },
  { collection: 'push_endpoints', versionKey: false },
);

export type PushDevicesModel = Model<PushDevices>;
export type PushEndpointOwnerModel = Model<PushEndpointOwner>;

export interface PushStore {
  devices: PushDevicesModel;
  owners: PushEndpointOwnerModel;
}

export function pushStore(connection: Connection): PushStore {
  return {
    devices:
      (connection.models.PushDevices as PushDevicesModel) ??
      connection.model<PushDevices>('PushDevices', devicesSchema),
    owners:
      (connection.models.PushEndpointOwner as PushEndpointOwnerModel) ??
      connection.model<PushEndpointOwner>('PushEndpointOwner', ownerSchema),
  };
}

export const pushLockKey = (userId: string) => `push-devices:${userId}`;
export const pushEndpointId = (endpoint: string) => createHash('sha256').update(endpoint).digest('base64url');
