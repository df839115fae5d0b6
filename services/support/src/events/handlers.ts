/**
 * Every event the support service reacts to (consumer group `support`): the participants of chat
 * conversations, so a report names only a conversation of the reporter's (use-cases/cases.ts), and
 * companion's no-shows (use-cases/no-shows.ts).
 * processed_events (startService) handles each event once per id; the write is idempotent as well.
 */
import { TOPICS } from '@safarsaathi/contracts';
import type { EventHandlers, EventSubscriptions } from '@safarsaathi/platform';
import { rememberConversation, type ConversationModel } from '../persistence/conversations';
import type { CaseModel } from '../persistence/cases';
import type { NoShowModel } from '../persistence/no-shows';
import { noShowRecorded } from '../use-cases/no-shows';

export const supportSubscriptions: EventSubscriptions = {
  topics: [TOPICS.chatConversations, TOPICS.companionTrust],
  // Who is in a conversation is all a report needs; messages and read pointers are not. Of the trust
  // topic only no-shows open cases.
  ignores: ['message_sent', 'messages_read', 'reference_recorded', 'trip_completed', 'trust_updated'],
};

export function supportHandlers({
  conversations,
  cases,
  noShows,
}: {
  conversations: ConversationModel;
  cases: CaseModel;
  noShows: NoShowModel;
}): EventHandlers {
  return {
    no_show_recorded: (event) => noShowRecorded({ cases, noShows }, event.data),
    conversation_created: (event) =>
      rememberConversation(conversations, event.data.conversationId, event.data.participantIds),
  };
}
