/** Pure helpers of the Messages screen's conversation list (spec §2 Messages screen). */
import { MESSAGES_SCREEN_TEXT, type Conversation } from '@safarsaathi/contracts';
import { relativeTime } from '@safarsaathi/web-kit';

/** The search box: the other participant's name contains the text, ignoring case (blank shows all). */
export function filterConversations(conversations: readonly Conversation[], query: string): Conversation[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return [...conversations];
  return conversations.filter((c) => c.other_participant_name.toLocaleLowerCase().includes(needle));
}

/** The row's time: relative to now, or 'Start conversation' while nothing has been written. */
export function conversationTime(conversation: Conversation, now = Date.now()): string {
  return conversation.last_message_timestamp
    ? relativeTime(conversation.last_message_timestamp, now)
    : MESSAGES_SCREEN_TEXT.startConversation;
}

/** The dialog's second title line: 'Companion Service', 'Ride Service', 'Document Service'. */
export function serviceTitle(serviceType: string | undefined): string {
  const type = serviceType?.trim() || 'companion';
  return `${type[0]!.toUpperCase()}${type.slice(1)} Service`;
}

/**
 * What the unread badge depends on in a list answer; when it differs from the previous answer, the
 * screen fires `refreshUnreadCount` (spec §7: the event fires when the data changed).
 */
export function unreadSignature(conversations: readonly Conversation[]): string {
  return conversations
    .map((c) => `${c.conversation_id}:${c.unread_count}:${c.last_message_timestamp ?? ''}`)
    .sort()
    .join('|');
}
