/** How conversations and messages are shown to one participant. No e-mail address or phone number, ever. */
import { DELETED_MESSAGE_TEXT, type ChatMessage, type Conversation } from '@safarsaathi/contracts';
import { otherParticipant, type ConversationHeader } from '../persistence/conversations';
import { entryOf, unreadOf, type InboxEntry } from '../persistence/inboxes';
import { messageIdOf, type StoredMessage } from '../persistence/message-chunks';

export function conversationView(conversationId: string, entry: InboxEntry, userId: string): Conversation {
  return {
    conversation_id: conversationId,
    other_participant_name: entry.otherName,
    service_type: entry.service_type,
    last_message: entry.lastText,
    last_message_timestamp: entry.lastAt ? new Date(entry.lastAt).toISOString() : null,
    unread_count: unreadOf(entry),
    created_at: new Date(entry.createdAt).toISOString(),
    blocked_by_me: entry.blockedBy.includes(userId),
    can_send: entry.blockedBy.length === 0 && !entry.otherDeleted,
    other_participant_deleted: entry.otherDeleted,
  };
}

export function conversationViewOf(conversation: ConversationHeader, userId: string): Conversation {
  return conversationView(conversation._id, entryOf(conversation, userId), userId);
}

/** Newest activity first: the last message, or the creation for a conversation without messages. */
export function byLatestActivity(a: Conversation, b: Conversation): number {
  const at = (c: Conversation) => c.last_message_timestamp ?? c.created_at;
  return at(b).localeCompare(at(a));
}

export function messageView(
  conversation: ConversationHeader,
  message: StoredMessage,
  userId: string,
): ChatMessage {
  const mine = message.senderId === userId;
  const otherRead = conversation.reads[otherParticipant(conversation, userId)] ?? 0;
  return {
    message_id: messageIdOf(conversation._id, message.seq),
    seq: message.seq,
    message_text: message.deleted ? DELETED_MESSAGE_TEXT : message.text,
    sent_at: new Date(message.sentAt).toISOString(),
    is_mine: mine,
    // The sender's tick: the other participant's read pointer has passed it. Received messages are read by
    // the caller once they are shown (mark-read), so they count as read only up to the caller's own pointer.
    is_read: mine ? otherRead >= message.seq : (conversation.reads[userId] ?? 0) >= message.seq,
    safety_flags: message.deleted ? [] : (message.flags ?? []),
    ...(message.deleted ? { deleted: true } : {}),
  };
}
