/**
 * One inbox per user (`_id` = user id): a summary of each of their conversations as of that
 * conversation's latest revision, so the conversation list and the unread count are one read by `_id`.
 * An entry is only ever replaced by one of a newer conversation revision, so writes that arrive out of
 * order (two messages at once) leave the newest state.
 */
import { Schema, type Connection, type Model } from 'mongoose';
import {
  DEFAULT_PARTICIPANT_NAME,
  DELETED_USER_NAME,
  CHAT_LIMITS,
  type ServiceType,
} from '@safarsaathi/contracts';
import type { Revised } from '@safarsaathi/platform';
import { otherParticipant, type ConversationHeader, type ConversationRecord } from './conversations';

export const INBOXES_COLLECTION = 'inboxes';

export interface InboxEntry {
  /** The conversation revision this summary was taken from. */
  rev: number;
  otherId: string;
  otherName: string;
  otherDeleted: boolean;
  service_type: ServiceType;
  createdAt: Date;
  lastSeq: number;
  /** This user's read pointer. */
  readSeq: number;
  lastText: string | null;
  lastAt: Date | null;
  blockedBy: string[];
}

export interface Inbox extends Revised {
  /** By conversation id (ids are hex with a letter in front: no '.' or '$'). */
  conversations: Record<string, InboxEntry>;
}

export function inboxLockKey(userId: string): string {
  return `inbox:${userId}`;
}

/** The other participant's name as this user sees it. */
export function otherNameOf(
  conversation: Pick<ConversationRecord, 'participantIds' | 'names' | 'deletedIds'>,
  userId: string,
): string {
  const other = otherParticipant(conversation, userId);
  if (conversation.deletedIds.includes(other)) return DELETED_USER_NAME;
  return conversation.names[other]?.trim() || DEFAULT_PARTICIPANT_NAME;
}

/** The summary of `conversation` as `userId` sees it. */
export function entryOf(conversation: ConversationHeader, userId: string): InboxEntry {
  const other = otherParticipant(conversation, userId);
  return {
    rev: conversation.rev,
    otherId: other,
    otherName: otherNameOf(conversation, userId),
    otherDeleted: conversation.deletedIds.includes(other),
    service_type: conversation.service_type,
    createdAt: conversation.createdAt,
    lastSeq: conversation.seq,
    readSeq: conversation.reads[userId] ?? 0,
    lastText: conversation.lastMessage?.text ?? null,
    lastAt: conversation.lastMessage?.sentAt ?? null,
    blockedBy: conversation.blockedBy,
  };
}

export function unreadOf(entry: Pick<InboxEntry, 'lastSeq' | 'readSeq'>): number {
  return Math.max(0, entry.lastSeq - entry.readSeq);
}

/** The start of a message for the conversation list. */
export function previewOf(text: string): string {
  return text.length > CHAT_LIMITS.lastMessagePreviewChars
    ? text.slice(0, CHAT_LIMITS.lastMessagePreviewChars)
    : text;
}

const inboxSchema = new Schema<Inbox>(
  {
    _id: { type: String, required: true },
    rev: { type: Number, default: 0 },
    conversations: { type: Schema.Types.Mixed, default: {} },
  },
  { collection: INBOXES_COLLECTION, versionKey: false, minimize: false },
);

export type InboxModel = Model<Inbox>;

export function inboxModel(connection: Connection): InboxModel {
  return (connection.models.Inbox as InboxModel) ?? connection.model<Inbox>('Inbox', inboxSchema);
}
