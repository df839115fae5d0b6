/**
 * Every event the support service reacts to (consumer group `support`):
 * - chat: the participants of conversations, so a report names only a conversation of the reporter's
 *   (use-cases/cases.ts), reports from a conversation, which become cases (use-cases/reports.ts), and the
 *   shield's labels of messages, which may open a safety case (use-cases/safety-cases.ts);
 * - companion: no-shows (a case at the second in 12 months) and trust figures (a subject's history);
 * - auth: users' names and status (persistence/users.ts) and every status change's audit entry;
 * - its own case_updated and case_replied: the audit entry a request may not have written (use-cases/audit.ts).
 * processed_events (startService) handles each event once per id; every write is idempotent as well.
 */
import { TOPICS } from '@safarsaathi/contracts';
import type { EventHandlers, EventSubscriptions, Logger } from '@safarsaathi/platform';
import { rememberConversation } from '../persistence/conversations';
import type { NoShowModel } from '../persistence/no-shows';
import type { SenderFlagsModel } from '../persistence/flagged-messages';
import { messageFlagged } from '../use-cases/safety-cases';
import { setTrust } from '../persistence/trust';
import { setUser } from '../persistence/users';
import { recordCaseReply, recordCaseUpdate, recordStatusChange } from '../use-cases/audit';
import type { SupportContext } from '../use-cases/cases';
import { createReportCase } from '../use-cases/reports';
import { noShowRecorded } from '../use-cases/no-shows';
import { eraseSupportUser, rememberSupportUser } from '../use-cases/erasure';

export const supportSubscriptions: EventSubscriptions = {
  topics: [TOPICS.chatConversations, TOPICS.authUsers, TOPICS.supportCases, TOPICS.companionTrust],
  // Who is in a conversation, what was reported and what the shield flagged is all support needs of chat; a profile edit changes
  // no name (names are fixed at registration); case_created is support's own and needs nothing more. Of the
  // trust topic, no-shows open cases and each user's figures go into a case subject's history.
  ignores: [
    'messages_read',
    'profile_updated',
    // Privacy choices (issue 40): a privacy request comes as a case of its own.
    'consent_changed',
    'case_created',
    'reference_recorded',
    'trip_completed',
    // Counted in the trust figures, which come with trust_updated.
    'late_cancellation_recorded',
  ],
};

export function supportHandlers(
  ctx: SupportContext,
  logger: Logger,
  noShows: NoShowModel,
  senderFlags: SenderFlagsModel,
): EventHandlers {
  return {
    // The shield's labels (never the text): carry and money towards the automatic safety case.
    message_sent: (event) => messageFlagged({ cases: ctx.cases, senderFlags, logger }, event.data),
    no_show_recorded: (event) => noShowRecorded({ cases: ctx.cases, noShows }, event.data),
    conversation_created: (event) =>
      rememberConversation(ctx.conversations, event.data.conversationId, event.data.participantIds),
    conversation_reported: (event) => createReportCase(ctx, event, logger),
    user_registered: (event) => rememberSupportUser(ctx, event.data),
    user_status_changed: async (event) => {
      await setUser(ctx.users, event.data.userId, {
        status: event.data.status,
        status_reason: event.data.status_reason,
      });
      await recordStatusChange(ctx.audit, event);
    },
    // Erasure (issue 40): their name, their cases' contact, details and words, their words in cases about them.
    user_deleted: (event) => eraseSupportUser(ctx, event.data.userId),
    case_updated: (event) => recordCaseUpdate(ctx.audit, event.id, event.data),
    case_replied: (event) => recordCaseReply(ctx.audit, event.id, event.data),
    trust_updated: (event) => setTrust(ctx.trust, ctx.locks, event.data),
  };
}
