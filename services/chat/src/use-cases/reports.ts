/**
 * A participant reports a conversation to support (addendum §2.2). Chat draws the case id, so the
 * reporter hears it at once, and sends the report with the messages the reporter chose to attach (the
 * newest `include_messages` and any chosen by number, at most 20) in a conversation_reported event staged on the conversation in
 * the same write: support creates the case by that id when the event arrives (idempotently). Chat never
 * sends a message anywhere else; nobody at SafarSaathi sees one that was not attached this way.
 */
import {
  CHAT_MESSAGES,
  REPORT_LIMITS,
  type Identity,
  type Locale,
  type ReportReason,
} from '@safarsaathi/contracts';
import { HttpError, outboxEvent, readableId, stageEvents, tooManyRequests } from '@safarsaathi/platform';
import { otherParticipant, type StoredConversation } from '../persistence/conversations';
import { pageOf } from '../persistence/message-chunks';
import type { ChatContext } from './context';
import { participantOnly, writeConversation } from './conversation-store';
import { pageMessages } from './messages';

export interface ReportInput {
  reason: ReportReason;
  details: string;
  include_messages: number;
  /** Messages the reporter chose by number (a safety tip's Report attaches the flagged one). */
  include_seqs?: number[];
}

/** The messages a report attaches: the newest `include_messages` and the ones chosen by number, oldest first. */
async function attachedMessages(ctx: ChatContext, conversation: StoredConversation, input: ReportInput) {
  const count = Math.min(input.include_messages, REPORT_LIMITS.includeMessagesMax);
  const newest = count > 0 ? await pageMessages(ctx, conversation, pageOf(conversation.seq, count)) : [];
  const chosen = (input.include_seqs ?? []).filter((seq) => seq <= conversation.seq);
  const picked = await Promise.all(chosen.map((seq) => pageMessages(ctx, conversation, pageOf(seq, 1))));
  const bySeq = new Map([...newest, ...picked.flat()].map((message) => [message.seq, message]));
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq).slice(-REPORT_LIMITS.includeMessagesMax);
}

/** POST /api/chat/conversations/:id/report → 201 { case_id }; 404 for anyone but a participant. */
export async function reportConversation(
  ctx: ChatContext,
  identity: Identity,
  conversationId: string,
  input: ReportInput,
  locale?: Locale,
): Promise<{ case_id: string }> {
  const userId = identity.userId;
  const hit = await ctx.limits.reports.hit(userId);
  if (!hit.allowed) throw tooManyRequests(CHAT_MESSAGES.tooManyReports, hit.retryAfterSeconds);
  const caseId = readableId('SS');
  try {
    await writeConversation(
      ctx,
      conversationId,
      async (current) => {
        const conversation = participantOnly(current, userId);
        const messages = await attachedMessages(ctx, conversation, input);
        const subjectId = otherParticipant(conversation, userId);
        const event = outboxEvent('chat', 'conversation_reported', conversationId, {
          caseId,
          conversationId,
          reporterId: userId,
          reporterEmail: identity.email,
          subjectId,
          ...(conversation.names[subjectId] ? { subjectName: conversation.names[subjectId] } : {}),
          reason: input.reason,
          details: input.details,
          messages: messages.map((message) => ({
            seq: message.seq,
            senderId: message.senderId,
            text: message.text,
            sentAt: new Date(message.sentAt).toISOString(),
          })),
          reportedAt: new Date().toISOString(),
          ...(locale ? { locale } : {}),
        });
        return stageEvents([event], { $set: {} });
      },
      // A report changes nobody's conversation list.
      { inboxesOf: () => [] },
    );
  } catch (error) {
    // Refused (not a participant): the attempt does not count against the limit.
    if (error instanceof HttpError) await hit.release();
    throw error;
  }
  return { case_id: caseId };
}
