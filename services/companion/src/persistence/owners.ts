/**
 * Owners (collection `companion_owners`, `_id` = user id): a small projection of auth's users kept from
 * auth.users.v1 (the name, for the first name in request_created; whether the owner is blocked), and the
 * per-owner index of what the owner has here: request case ids, travel plan ids and share link ids. On
 * FerretDB only `{ _id }` filters reach SQLite, so a user's requests and plans are found through this
 * document and loaded by `_id`, never by an `ownerId` filter (docs/decisions.md "Notifications and
 * companion by `_id`").
 *
 * - Written with platform `revisedWrite` under `ownerLockKey` (a Redis lock on FerretDB, a revision check
 *   on MongoDB), so two instances or an event handler and a request never lose each other's updates.
 * - An id is added BEFORE its request, plan or link is written (a crash in between leaves an id whose
 *   document does not exist, skipped when read); an id is never trusted alone: the loaded document's
 *   `ownerId` must be the owner's.
 * - user_deleted leaves a tombstone (`deleted`, no name) that keeps the ids, so a redelivered deletion can
 *   finish its work, and a late event does not bring the owner back.
 */
import { Schema, type Connection, type Model } from 'mongoose';
import type { Locale } from '@safarsaathi/contracts';
import { revisedWrite, type DocumentLocks, type Revised } from '@safarsaathi/platform';

export interface OwnerRecord extends Revised {
  fullname: string;
  blocked: boolean;
  /** When the user registered (user_registered): the trust figures' `member_since`. */
  registered_at?: Date;
  /** When an auth event (registration, status change, deletion) was last applied. */
  updated_at?: Date;
  /** The user's language (user_registered, profile_updated) and when it was chosen: the printed card's default. */
  locale?: Locale;
  locale_changed_at?: Date;
  /** Case ids of the owner's requests, oldest first. */
  requestIds: string[];
  /** Ids of the owner's travel plans. */
  planIds: string[];
  /** Ids of the share links the owner made (revoked and replaced ones too, until the owner is deleted). */
  shareLinkIds: string[];
  deleted?: boolean;
  /**
   * The owner's privacy choices this service acts on (issue 40, consent_changed), each with the version
   * it came with: a lower version arriving later changes nothing. Missing: the default (sharing on).
   */
  consents?: Partial<Record<'emergency_contact_sharing', { granted: boolean; version: number }>>;
}

const ownerSchema = new Schema<OwnerRecord>(
  {
    _id: { type: String, required: true },
    rev: { type: Number, default: 0 },
    fullname: { type: String, default: '' },
    blocked: { type: Boolean, default: false },
    registered_at: { type: Date },
    updated_at: { type: Date },
    locale: { type: String },
    locale_changed_at: { type: Date },
    requestIds: { type: [String], default: () => [] },
    planIds: { type: [String], default: () => [] },
    shareLinkIds: { type: [String], default: () => [] },
    deleted: { type: Boolean },
    consents: { type: Schema.Types.Mixed },
  },
  { collection: 'companion_owners', versionKey: false },
);

export type OwnerModel = Model<OwnerRecord>;

export function ownerModel(connection: Connection): OwnerModel {
  return (connection.models.Owner as OwnerModel) ?? connection.model<OwnerRecord>('Owner', ownerSchema);
}

export const ownerLockKey = (userId: string) => `companion-owner:${userId}`;

export type OwnedKind = 'requestIds' | 'planIds' | 'shareLinkIds';

/** The owner document by user id (one `_id` read). */
export function findOwner(model: OwnerModel, userId: string): Promise<OwnerRecord | null> {
  return model.findOne({ _id: userId }).lean<OwnerRecord>();
}

/** The ids of one kind the owner has, newest last (none for an unknown owner). */
export async function ownedIds(model: OwnerModel, userId: string, kind: OwnedKind): Promise<string[]> {
  return (await findOwner(model, userId))?.[kind] ?? [];
}

export interface OwnerStore {
  owners: OwnerModel;
  locks: DocumentLocks;
}

/**
 * Adds `id` to the owner's index (creating the owner document when needed) and answers the owner as
 * written. `within(owner)` runs inside the owner's lock after that write (on FerretDB): writing the new
 * document there means a deletion of the owner, which takes the same lock, either comes first (the
 * `refuse` check sees the tombstone) or sees the document.
 */
export async function addOwned(
  store: OwnerStore,
  userId: string,
  kind: OwnedKind,
  id: string,
  refuse: (owner: OwnerRecord | null) => void,
  within?: (owner: OwnerRecord) => Promise<void>,
): Promise<OwnerRecord> {
  let inside = false;
  const { doc } = await revisedWrite(
    store.owners,
    store.locks,
    ownerLockKey(userId),
    userId,
    (owner) => {
      refuse(owner);
      const ids = owner?.[kind] ?? [];
      return ids.includes(id) ? null : { $set: { [kind]: [...ids, id] } };
    },
    async (owner) => {
      inside = true;
      await within?.(owner);
    },
  );
  // Already indexed (a retry): `within` has not run yet.
  if (!inside) await within?.(doc!);
  return doc!;
}

/** Takes ids out of the owner's index (e.g. a deleted plan, an id whose document was never written). */
export async function removeOwned(
  store: OwnerStore,
  userId: string,
  kind: OwnedKind,
  ids: string[],
): Promise<void> {
  const gone = new Set(ids);
  await revisedWrite(store.owners, store.locks, ownerLockKey(userId), userId, (owner) => {
    if (!owner || !owner[kind].some((id) => gone.has(id))) return null;
    return { $set: { [kind]: owner[kind].filter((id) => !gone.has(id)) } };
  });
}
