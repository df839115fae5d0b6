/**
 * Blocks that outlive an erased account (issue 40): a blocked user who is erased keeps nothing here but a
 * keyed hash of their mailbox (the address without a `+tag`, lower case), so signing in again with it is
 * refused as the block was. `_id` = the hash (one `_id` read at sign-in, the filter FerretDB pushes down).
 * The hash is keyed with INTERNAL_HMAC_SECRET: without the secret it cannot be tested against guesses.
 */
import { createHmac } from 'node:crypto';
import { Schema, type Connection, type Model } from 'mongoose';
import { mailboxOf } from '@safarsaathi/contracts';

export interface BlockedEmail {
  /** The keyed hash of the mailbox. */
  _id: string;
  /** The block's reason as it stood (what the blocked message says). */
  reason: string;
  blocked_at: Date;
}

const blockedEmailSchema = new Schema<BlockedEmail>(
  {
    _id: { type: String, required: true },
    reason: { type: String, default: '' },
    blocked_at: { type: Date, required: true },
  },
  { collection: 'blocked_emails', versionKey: false },
);

export type BlockedEmailModel = Model<BlockedEmail>;

export function blockedEmailModel(connection: Connection): BlockedEmailModel {
  return (
    (connection.models.BlockedEmail as BlockedEmailModel) ??
    connection.model<BlockedEmail>('BlockedEmail', blockedEmailSchema)
  );
}

/** The keyed hash a block of `email` is kept under. */
export function emailBlockHash(secret: string, email: string): string {
  return createHmac('sha256', secret)
    .update(`blocked-mailbox:${mailboxOf(email).toLowerCase()}`)
    .digest('base64url');
}
