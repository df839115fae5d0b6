/**
 * What the unread-message e-mail needs to know about chats (never a message text): each participant's
 * read pointer (from messages_read) and, per conversation and recipient, the last e-mail claimed. Both
 * are read and written by `_id` only.
 */
import { Schema, type Connection, type Model } from 'mongoose';
import type { Revised } from '@safarsaathi/platform';

/** `_id` = `${conversationId}:${userId}`. */
export interface ChatReadPointer {
  _id: string;
  lastReadSeq: number;
}

/** `_id` = `${conversationId}:${recipientId}`: at most one e-mail per window, never one message twice. */
export interface ChatEmailClaim extends Revised {
  lastSentAt: Date;
  /** The message the last e-mail was about. */
  seq: number;
  /** Its e-mail is queued (a retried job finds it claimed but not queued, and queues it). */
  queued: boolean;
}

export const participantKey = (conversationId: string, userId: string) => `${conversationId}:${userId}`;

const readSchema = new Schema<ChatReadPointer>(
  { _id: { type: String, required: true }, lastReadSeq: { type: Number, default: 0 } },
  { collection: 'chat_read_pointers', versionKey: false },
);
const claimSchema = new Schema<ChatEmailClaim>(
  {
    _id: { type: String, required: true },
    rev: { type: Number, default: 0 },
    lastSentAt: { type: Date, required: true },
    seq: { type: Number, required: true },
    queued: { type: Boolean, default: false },
  },
  { collection: 'chat_email_claims', versionKey: false },
);

export type ChatReadModel = Model<ChatReadPointer>;
export type ChatEmailClaimModel = Model<ChatEmailClaim>;

export function chatReadModel(connection: Connection): ChatReadModel {
  return (
    (connection.models.ChatReadPointer as ChatReadModel) ??
    connection.model<ChatReadPointer>('ChatReadPointer', readSchema)
  );
}

export function chatEmailClaimModel(connection: Connection): ChatEmailClaimModel {
  return (
    (connection.models.ChatEmailClaim as ChatEmailClaimModel) ??
    connection.model<ChatEmailClaim>('ChatEmailClaim', claimSchema)
  );
}
