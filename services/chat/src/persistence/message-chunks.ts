/**
 * Messages, in chunks of CHUNK_SIZE consecutive sequence numbers per conversation. The newest chunk (the one
 * the next message goes into) lives inside the conversation document (`recent`), so a message, its sequence
 * number and its message_sent event are one write. When a message opens a new chunk, the full one moves to
 * its own document here first: `_id` = `${conversationId}:${chunkIndex}`. The newest 200 messages are the
 * conversation plus at most four reads by `_id` (the one filter FerretDB hands to SQLite).
 */
import { Schema, type Connection, type Model } from 'mongoose';
import type { SafetyFlag } from '@safarsaathi/contracts';

export const MESSAGE_CHUNKS_COLLECTION = 'message_chunks';
export const CHUNK_SIZE = 50;

export interface StoredMessage {
  seq: number;
  senderId: string;
  /** Trimmed, otherwise exactly as typed. */
  text: string;
  sentAt: Date;
  /** What the shield saw in it when it was sent (safety/classifier.ts); missing when nothing. */
  flags?: SafetyFlag[];
  /** Its sender erased their account (issue 40): the text is gone, the message reads "Message deleted". */
  deleted?: boolean;
}

export interface MessageChunk {
  _id: string;
  conversationId: string;
  index: number;
  messages: StoredMessage[];
}

export function chunkIndexOf(seq: number): number {
  return Math.floor((seq - 1) / CHUNK_SIZE);
}

export function chunkIdOf(conversationId: string, index: number): string {
  return `${conversationId}:${index}`;
}

/** A message's public id: the conversation and its sequence number. */
export function messageIdOf(conversationId: string, seq: number): string {
  return `${conversationId}-${seq}`;
}

/**
 * The sequence numbers of one page: the newest `pageSize` up to `newest` (the conversation's last one, or
 * the one before the `before` cursor), and the chunks holding them.
 */
export function pageOf(
  newest: number,
  pageSize: number,
): { from: number; to: number; chunkIndexes: number[] } {
  const to = Math.max(0, newest);
  const from = Math.max(1, to - pageSize + 1);
  if (to === 0) return { from: 1, to: 0, chunkIndexes: [] };
  const chunkIndexes: number[] = [];
  for (let index = chunkIndexOf(from); index <= chunkIndexOf(to); index += 1) chunkIndexes.push(index);
  return { from, to, chunkIndexes };
}

export const messageSchema = new Schema<StoredMessage>(
  {
    seq: { type: Number, required: true },
    senderId: { type: String, required: true },
    // Empty once its sender is erased (`deleted`).
    text: { type: String, default: '' },
    sentAt: { type: Date, required: true },
    // Only when the shield saw something (most messages have none: nothing stored).
    flags: { type: [String], default: undefined },
    deleted: { type: Boolean, default: undefined },
  },
  { _id: false },
);

const chunkSchema = new Schema<MessageChunk>(
  {
    _id: { type: String, required: true },
    conversationId: { type: String, required: true },
    index: { type: Number, required: true },
    messages: { type: [messageSchema], default: [] },
  },
  { collection: MESSAGE_CHUNKS_COLLECTION, versionKey: false },
);

export type MessageChunkModel = Model<MessageChunk>;

export function messageChunkModel(connection: Connection): MessageChunkModel {
  return (
    (connection.models.MessageChunk as MessageChunkModel) ??
    connection.model<MessageChunk>('MessageChunk', chunkSchema)
  );
}
