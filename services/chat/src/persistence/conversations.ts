/**
 * Conversations: one document per pair of users and service type. Its `_id` is derived from exactly
 * that (conversationIdOf), so "one conversation per pair" needs no query: two concurrent creations meet
 * at the unique `_id` and the second reads the first. The document holds the sequence counter, each
 * participant's read pointer, the last message (for the list), who blocked it, and its staged events
 * (outbox), and the newest chunk of messages (message-chunks.ts).
 */
import { createHash } from 'node:crypto';
import { Schema, type Connection, type Model } from 'mongoose';
import type { ServiceType } from '@safarsaathi/contracts';
import { outboxPlugin, type OutboxFields } from '@safarsaathi/platform';
import type { Revised } from '@safarsaathi/platform';
import { messageSchema, type StoredMessage } from './message-chunks';

export const CONVERSATIONS_COLLECTION = 'conversations';

export interface LastMessage {
  seq: number;
  senderId: string;
  /** The start of the text (CHAT_LIMITS.lastMessagePreviewChars). */
  text: string;
  sentAt: Date;
}

export interface ConversationRecord extends Revised {
  /** The two user ids, sorted. */
  participantIds: [string, string];
  service_type: ServiceType;
  /** Full names by user id, as the chat service knew them (names cannot be changed after registration). */
  names: Record<string, string>;
  /** Participants who deleted their profile. */
  deletedIds: string[];
  /** The sequence number of the newest message (0: none yet). */
  seq: number;
  /** Each participant's read pointer: the sequence number of the newest message they have seen. */
  reads: Record<string, number>;
  lastMessage: LastMessage | null;
  /** The messages of the newest chunk (chunkIndexOf(seq)); older chunks are in message_chunks. */
  recent: StoredMessage[];
  /** Participants who blocked the conversation: while any, nobody can send. */
  blockedBy: string[];
  createdBy: string;
  createdAt: Date;
  updatedAt: Date;
}

export type StoredConversation = ConversationRecord & OutboxFields;
/** A conversation without its messages: all that its views need. */
export type ConversationHeader = Omit<ConversationRecord, 'recent'>;

/**
 * Deterministic and opaque: the same pair and service type always give the same id, and the id does not
 * reveal the participants' user ids.
 */
export function conversationIdOf(serviceType: ServiceType, userA: string, userB: string): string {
  const [first, second] = [userA, userB].sort();
  return `c${createHash('sha256').update(`${serviceType}|${first}|${second}`).digest('hex').slice(0, 31)}`;
}

/** The lock every writer of a conversation (and of its message chunks) holds on FerretDB. */
export function conversationLockKey(conversationId: string): string {
  return `conversation:${conversationId}`;
}

export function otherParticipant(
  conversation: Pick<ConversationRecord, 'participantIds'>,
  userId: string,
): string {
  return conversation.participantIds[0] === userId
    ? conversation.participantIds[1]
    : conversation.participantIds[0];
}

export function isParticipant(
  conversation: Pick<ConversationRecord, 'participantIds'> | null | undefined,
  userId: string,
): boolean {
  return Boolean(conversation?.participantIds.includes(userId));
}

const lastMessageSchema = new Schema<LastMessage>(
  {
    seq: { type: Number, required: true },
    senderId: { type: String, required: true },
    text: { type: String, required: true },
    sentAt: { type: Date, required: true },
  },
  { _id: false },
);

const conversationSchema = new Schema<StoredConversation>(
  {
    _id: { type: String, required: true },
    rev: { type: Number, default: 0 },
    participantIds: { type: [String], required: true },
    service_type: { type: String, required: true },
    names: { type: Schema.Types.Mixed, default: {} },
    deletedIds: { type: [String], default: [] },
    seq: { type: Number, default: 0 },
    reads: { type: Schema.Types.Mixed, default: {} },
    lastMessage: { type: lastMessageSchema, default: null },
    recent: { type: [messageSchema], default: [] },
    blockedBy: { type: [String], default: [] },
    createdBy: { type: String, required: true },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
  },
  // minimize: false keeps `reads: {}` and `names: {}` as objects.
  { collection: CONVERSATIONS_COLLECTION, versionKey: false, minimize: false },
);
conversationSchema.plugin(outboxPlugin);

export type ConversationModel = Model<StoredConversation>;

export function conversationModel(connection: Connection): ConversationModel {
  return (
    (connection.models.Conversation as ConversationModel) ??
    connection.model<StoredConversation>('Conversation', conversationSchema)
  );
}
