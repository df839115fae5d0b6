/**
 * Shared trip links (issue 14). A link document is keyed by the SHA-256 of its token (`_id`), so the
 * public lookup is one `_id` read (the one filter FerretDB pushes down) and the database never holds a
 * usable token. The shared object (request or travel plan) names its current link in `share_link`: a
 * link works only while its object still names it, so revoking, rotating, cancelling or deleting the
 * object ends it without a second write having to succeed.
 */
import { Schema, type Connection, type Model } from 'mongoose';
import type { ShareKind } from '@safarsaathi/contracts';

export interface ShareLinkRecord {
  /** base64url SHA-256 of the token. */
  _id: string;
  ownerId: string;
  kind: ShareKind;
  objectId: string;
  created_at: Date;
  revoked_at: Date | null;
}

/** What a shared object keeps of its current link. */
export interface ShareLinkPointer {
  /** The link document's `_id` (the token's hash). */
  id: string;
  /** The token sealed with the service's key (AES-256-GCM), so its owner can copy it again. */
  sealed: string;
  created_at: Date;
}

const shareLinkSchema = new Schema<ShareLinkRecord>(
  {
    _id: { type: String, required: true },
    ownerId: { type: String, required: true },
    kind: { type: String, required: true },
    objectId: { type: String, required: true },
    created_at: { type: Date, required: true },
    revoked_at: { type: Date, default: null },
  },
  { collection: 'share_links', versionKey: false },
);
// No index by owner: a deleted user's links are found through the owner document (owners.ts).

export type ShareLinkModel = Model<ShareLinkRecord>;

export function shareLinkModel(connection: Connection): ShareLinkModel {
  return (
    (connection.models.ShareLink as ShareLinkModel) ??
    connection.model<ShareLinkRecord>('ShareLink', shareLinkSchema)
  );
}

/** The document lock of a travel plan (its share pointer is written under it). */
export const travelPlanLockKey = (id: string) => `travel-plan:${id}`;
