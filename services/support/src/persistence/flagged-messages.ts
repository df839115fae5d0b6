/**
 * Messages the chat shield flagged `carry` or `money`, per sender (collection `sender_flags`, `_id` = the
 * sender): a projection of chat's message_sent labels (never the text), so "flagged in conversations with 3
 * or more people within 30 days" is decided on the whole set, whatever order the events came in. Entries are
 * added with $addToSet of the event's own fields, so a redelivery changes nothing. Kept 2 years, like the
 * cases they can open (docs/decisions.md "The scam and mule shield").
 */
import { Schema, type Connection, type Model } from 'mongoose';
import type { SafetyFlag } from '@safarsaathi/contracts';

export interface FlaggedMessage {
  messageId: string;
  conversationId: string;
  recipientId: string;
  kinds: SafetyFlag[];
  /** ISO time the message was sent. */
  sentAt: string;
}

export interface SenderFlags {
  _id: string;
  entries: FlaggedMessage[];
}

const senderFlagsSchema = new Schema<SenderFlags>(
  {
    _id: { type: String, required: true },
    entries: { type: Schema.Types.Mixed, default: () => [] },
  },
  { collection: 'sender_flags', versionKey: false },
);

export type SenderFlagsModel = Model<SenderFlags>;

export function senderFlagsModel(connection: Connection): SenderFlagsModel {
  return (
    (connection.models.SenderFlags as SenderFlagsModel) ??
    connection.model<SenderFlags>('SenderFlags', senderFlagsSchema)
  );
}

/** Adds the entry (once) and answers every flagged message known of the sender. */
export async function recordFlaggedMessage(
  model: SenderFlagsModel,
  senderId: string,
  entry: FlaggedMessage,
): Promise<FlaggedMessage[]> {
  const written = await model
    .findOneAndUpdate({ _id: senderId }, { $addToSet: { entries: entry } }, { upsert: true, new: true })
    .lean<SenderFlags>();
  return written?.entries ?? [];
}
