/**
 * What the chat service knows about users (from auth.users.v1 and the requests they own): the full name
 * shown to the other participant, whether they are active, blocked or deleted, and the case ids of their
 * requests. `_id` = user id. No e-mail address or phone number is kept.
 */
import { Schema, type Connection, type Model } from 'mongoose';

export const USERS_COLLECTION = 'chat_users';

export type ChatUserStatus = 'active' | 'blocked' | 'deleted';

export interface ChatUser {
  _id: string;
  fullname: string;
  status: ChatUserStatus;
  /** Every request this user has owned (their state is in chat_requests). */
  caseids: string[];
}

const userSchema = new Schema<ChatUser>(
  {
    _id: { type: String, required: true },
    fullname: { type: String, default: '' },
    status: { type: String, default: 'active' },
    caseids: { type: [String], default: [] },
  },
  { collection: USERS_COLLECTION, versionKey: false },
);

export type ChatUserModel = Model<ChatUser>;

export function chatUserModel(connection: Connection): ChatUserModel {
  return (connection.models.ChatUser as ChatUserModel) ?? connection.model<ChatUser>('ChatUser', userSchema);
}

export function userLockKey(userId: string): string {
  return `user:${userId}`;
}

export function requestLockKey(caseid: string): string {
  return `request:${caseid}`;
}
