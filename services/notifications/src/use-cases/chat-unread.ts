/**
 * The unread-message e-mail: when a chat message is still unread CHAT_UNREAD_EMAIL_DELAY_MS after it was
 * sent, its recipient gets one e-mail naming the sender (never the text) — at most one per conversation and
 * recipient in CHAT_LIMITS.unreadEmailWindowMs, only with e-mail consent, and never two for one message.
 * The same delayed check, after CHAT_UNREAD_PUSH_DELAY_MS (60 s), pushes to the recipient's devices when
 * the message was not seen live (job name `push`).
 */
import type { Queue } from 'bullmq';
import {
  CHAT_LIMITS,
  DEFAULT_PARTICIPANT_NAME,
  type ChatUnreadJob,
  type EmailJob,
  type EventData,
  type PushJob,
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
import { findRecipient, tripEmailsAllowed, type RecipientModel } from '../persistence/recipients';
import { participantKey, type ChatEmailClaimModel, type ChatReadModel } from '../persistence/chat-unread';
import { pushUnreadMessage } from './push-delivery';

export interface ChatUnreadDeps {
  logger: Logger;
  locks: DocumentLocks;
  recipients: RecipientModel;
  reads: ChatReadModel;
  claims: ChatEmailClaimModel;
  emailQueue: Queue<EmailJob>;
  unreadQueue: Queue<ChatUnreadJob>;
  delayMs: number;
  /** Web Push: a message unseen `delayMs` is pushed (the e-mail waits longer). The service always sets it. */
  push?: { queue: Queue<PushJob>; delayMs: number };
}

/** Job names on the chat-unread queue: the e-mail check, and the earlier push check. */
export const UNREAD_CHECK = { email: 'check', push: 'push' } as const;

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
    const dueIn = (delayMs: number) => Math.max(0, new Date(data.sentAt).getTime() + delayMs - Date.now());
    if (deps.push)
      await deps.unreadQueue.add(UNREAD_CHECK.push, traced(job), {
        jobId: jobId('chat-unread-push', data.messageId, recipientId),
        delay: dueIn(deps.push.delayMs),
      });
    await deps.unreadQueue.add(UNREAD_CHECK.email, traced(job), {
      jobId: jobId('chat-unread', data.messageId, recipientId),
      delay: dueIn(deps.delayMs),
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

/** The push check, when due: a message the recipient has read (seen live) is not pushed. */
export async function checkUnreadForPush(
  deps: ChatUnreadDeps,
  job: ChatUnreadJob,
): Promise<'read' | 'queued'> {
  const pointer = await deps.reads
    .findOne({ _id: participantKey(job.conversationId, job.recipientId) })
    .lean();
  if ((pointer?.lastReadSeq ?? 0) >= job.seq || !deps.push) return 'read';
  await pushUnreadMessage(deps.push.queue, job.recipientId, job.conversationId, job.messageId);
  return 'queued';
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
  // Trip e-mails (issue 40): the latest choice, else the sign-in form's e-mail consent.
  if (!tripEmailsAllowed(recipient)) return 'no-consent';

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
    { to: recipient.email, userId: job.recipientId, purpose: 'chat_unread', ...email },
    jobId('chat-unread-email', job.messageId, job.recipientId),
  );
  await deps.claims.updateOne({ _id: key }, { $set: { queued: true } });
  deps.logger.info({ conversationId: job.conversationId, seq: job.seq }, 'unread chat message e-mail queued');
  return 'queued';
}
