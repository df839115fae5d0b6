/**
 * Who is in each chat conversation: a projection of chat's conversation_created (chat.conversations.v1),
 * kept so a report about a conversation is accepted from its participants only. Chat owns conversations;
 * support never reads chat's database. A conversation's participants never change, so the first write
 * is the last: `_id` is the conversation id and a redelivered event finds it there.
 */
import { Schema, type Connection, type Model } from 'mongoose';

export interface ConversationParticipants {
  _id: string;
  participantIds: string[];
  created_at: Date;
}

const conversationSchema = new Schema<ConversationParticipants>(
  {
    _id: { type: String, required: true },
    participantIds: { type: [String], required: true },
    created_at: { type: Date, required: true },
  },
  { collection: 'conversation_participants', versionKey: false },
);

export type ConversationModel = Model<ConversationParticipants>;

export function conversationModel(connection: Connection): ConversationModel {
  return (
    (connection.models.ConversationParticipants as ConversationModel) ??
    connection.model<ConversationParticipants>('ConversationParticipants', conversationSchema)
  );
}

/** Idempotent: the conversation is written once; a redelivery (or a race with it) changes nothing. */
export async function rememberConversation(
  model: ConversationModel,
  conversationId: string,
  participantIds: string[],
): Promise<void> {
  try {
    await model.create({ _id: conversationId, participantIds, created_at: new Date() });
  } catch (error) {
    if ((error as { code?: number }).code !== 11000) throw error;
  }
}

/** The conversation's participants, by `_id` (the one filter FerretDB pushes down); null when unknown here. */
export async function participantsOf(
  model: ConversationModel,
  conversationId: string,
): Promise<string[] | null> {
  return (await model.findOne({ _id: conversationId }, { participantIds: 1 }).lean())?.participantIds ?? null;
}
