/**
 * Every event the support service reacts to (consumer group `support`): the participants of chat
 * conversations, so a report names only a conversation of the reporter's (use-cases/cases.ts).
 * processed_events (startService) handles each event once per id; the write is idempotent as well.
 */
import { TOPICS } from '@safarsaathi/contracts';
import type { EventHandlers, EventSubscriptions } from '@safarsaathi/platform';
import { rememberConversation, type ConversationModel } from '../persistence/conversations';

export const supportSubscriptions: EventSubscriptions = {
  topics: [TOPICS.chatConversations],
  // Who is in a conversation is all a report needs; messages and read pointers are not.
  ignores: ['message_sent', 'messages_read'],
};

export function supportHandlers(conversations: ConversationModel): EventHandlers {
  return {
    conversation_created: (event) =>
      rememberConversation(conversations, event.data.conversationId, event.data.participantIds),
  };
}
