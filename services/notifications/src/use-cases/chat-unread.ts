/**
 * The unread-message e-mail: when a chat message is still unread CHAT_UNREAD_EMAIL_DELAY_MS after it was
 * sent, its recipient gets one e-mail naming the sender (never the text) — at most one per conversation and
 * recipient in CHAT_LIMITS.unreadEmailWindowMs, only with e-mail consent, and never two for one message.
 */
import type { Queue } from 'bullmq';
import {
  CHAT_LIMITS,
  DEFAULT_PARTICIPANT_NAME,
  type ChatUnreadJob,
  type EmailJob,
  type EventData,
  unreadMessageEmail,
} from '@safarsaathi/contracts';
import {
  enqueueEmail,
  jobId,
  revisedWrite,
  traced,
  type DocumentLocks,
  type Logger,
} from '@safarsaathi/platform';
import { findRecipient, type RecipientModel } from '../persistence/recipients';
import { participantKey, type ChatEmailClaimModel, type ChatReadModel } from '../persistence/chat-unread';

export interface ChatUnreadDeps {
  logger: Logger;
  locks: DocumentLocks;
  recipients: RecipientModel;
  reads: ChatReadModel;
  claims: ChatEmailClaimModel;
  emailQueue: Queue<EmailJob>;
  unreadQueue: Queue<ChatUnreadJob>;
  delayMs: number;
}

/** message_sent: one delayed check per recipient; the job id makes a redelivered event add nothing. */
export async function scheduleUnreadChecks(
  deps: ChatUnreadDeps,
  data: EventData<'message_sent'>,
): Promise<void> {
  for (const recipientId of data.recipientIds) {
    const job: ChatUnreadJob = {
      conversationId: data.conversationId,
      messageId: data.messageId,
      seq: data.seq,
      senderId: data.senderId,
      recipientId,
    };
    const due = Math.max(0, new Date(data.sentAt).getTime() + deps.delayMs - Date.now());
    await deps.unreadQueue.add('check', traced(job), {
      jobId: jobId('chat-unread', data.messageId, recipientId),
      delay: due,
    });
  }
}

/**
 * messages_read: the reader's pointer only moves forward. Events of one conversation share a partition and
 * are handled one at a time, so no two writes of one pointer race.
 */
export async function recordRead(deps: ChatUnreadDeps, data: EventData<'messages_read'>): Promise<void> {
  await deps.reads.updateOne(
    { _id: participantKey(data.conversationId, data.readerId) },
    { $max: { lastReadSeq: data.lastReadSeq } },
    { upsert: true },
  );
}

export type UnreadOutcome =
  'read' | 'no-recipient' | 'no-consent' | 'already-emailed' | 'too-soon' | 'queued';

/** The job, when due. */
export async function checkUnread(
  deps: ChatUnreadDeps,
  job: ChatUnreadJob,
  now = new Date(),
): Promise<UnreadOutcome> {
  const key = participantKey(job.conversationId, job.recipientId);
  const pointer = await deps.reads.findOne({ _id: key }).lean();
  if ((pointer?.lastReadSeq ?? 0) >= job.seq) return 'read';
  // A deleted user's recipient keeps no address.
  const recipient = await findRecipient(deps.recipients, job.recipientId);
  if (!recipient?.email) return 'no-recipient';
  if (!recipient.emailConsent) return 'no-consent';

  let refused: UnreadOutcome | undefined;
  await revisedWrite(deps.claims, deps.locks, `chat-email-claim:${key}`, key, (claim) => {
    refused = undefined;
    if (claim && claim.seq === job.seq) {
      // This message's e-mail was claimed before: queue it if that attempt stopped short, never a second time.
      if (claim.queued) refused = 'already-emailed';
      return null;
    }
    if (claim && claim.seq > job.seq) {
      refused = 'already-emailed';
      return null;
    }
    if (claim && now.getTime() - new Date(claim.lastSentAt).getTime() < CHAT_LIMITS.unreadEmailWindowMs) {
      refused = 'too-soon';
      return null;
    }
    return { $set: { lastSentAt: now, seq: job.seq, queued: false } };
  });
  if (refused) return refused;

  const sender = await findRecipient(deps.recipients, job.senderId);
  const email = unreadMessageEmail(
    sender?.fullname || DEFAULT_PARTICIPANT_NAME,
    recipient.fullname,
    recipient.locale,
  );
  await enqueueEmail(
    deps.emailQueue,
    { to: recipient.email, purpose: 'chat_unread', ...email },
    jobId('chat-unread-email', job.messageId, job.recipientId),
  );
  await deps.claims.updateOne({ _id: key }, { $set: { queued: true } });
  deps.logger.info({ conversationId: job.conversationId, seq: job.seq }, 'unread chat message e-mail queued');
  return 'queued';
}
