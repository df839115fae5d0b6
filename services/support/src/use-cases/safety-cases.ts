/**
 * The automatic safety case (round 4, issue 37): a sender whose messages the chat shield flagged `carry` or
 * `money` in conversations with 3 or more different people within 30 days gets an ops case of type `safety`:
 * the subject, the kinds, counts, dates and conversation ids, never a message's text.
 *
 * Decided on the set of flagged messages known (persistence/flagged-messages.ts): a message is due when the
 * sender's flagged messages in the 30 days up to it reach 3 different people. The case id is the sender and
 * the 30-day period the due message falls in (`SF-<sender>-<period>`, periods counted from 1970-01-01), so the
 * same set gives the same cases in any order, a redelivery or a race opens nothing twice (the case id is
 * unique), and a sender gets at most one case per period.
 */
import { CASE_SAFETY_FLAGS, SAFETY_CASE_RULE, type EventData, type SafetyFlag } from '@safarsaathi/contracts';
import type { Logger } from '@safarsaathi/platform';
import type { CaseModel } from '../persistence/cases';
import {
  recordFlaggedMessage,
  type FlaggedMessage,
  type SenderFlagsModel,
} from '../persistence/flagged-messages';

const DAY_MS = 86_400_000;
const WINDOW_MS = SAFETY_CASE_RULE.days * DAY_MS;

/** The 30-day period an instant falls in, counted from 1970-01-01 (the case id's second part). */
export const safetyPeriodOf = (at: string) => Math.floor(Date.parse(at) / WINDOW_MS);
export const safetyCaseId = (senderId: string, period: number) => `SF-${senderId}-${period}`;

export interface SafetyCaseDue {
  period: number;
  /** The flagged messages of the 30 days up to the first due message of the period, oldest first. */
  window: FlaggedMessage[];
}

/** The periods in which the sender's flagged messages first reached 3 people within 30 days, with that window. */
export function safetyCasesDue(entries: FlaggedMessage[]): SafetyCaseDue[] {
  const sorted = [...entries].sort(
    (a, b) => a.sentAt.localeCompare(b.sentAt) || a.messageId.localeCompare(b.messageId),
  );
  const due = new Map<number, SafetyCaseDue>();
  for (const entry of sorted) {
    const period = safetyPeriodOf(entry.sentAt);
    if (due.has(period)) continue;
    const end = Date.parse(entry.sentAt);
    const window = sorted.filter((other) => {
      const at = Date.parse(other.sentAt);
      return at <= end && at > end - WINDOW_MS;
    });
    if (new Set(window.map((other) => other.recipientId)).size >= SAFETY_CASE_RULE.people)
      due.set(period, { period, window });
  }
  return [...due.values()];
}

/** What the case says: kinds with counts, people, conversations and dates; no message text. */
export function safetyCaseDetails(window: FlaggedMessage[]): string {
  const counts = new Map<SafetyFlag, number>();
  for (const entry of window) for (const kind of entry.kinds) counts.set(kind, (counts.get(kind) ?? 0) + 1);
  const kinds = [...counts].map(([kind, count]) => `${kind} ×${count}`).join(', ');
  const people = new Set(window.map((entry) => entry.recipientId)).size;
  const conversations = [...new Set(window.map((entry) => entry.conversationId))];
  const days = [...new Set(window.map((entry) => entry.sentAt.slice(0, 10)))];
  return (
    `Messages flagged by the chat shield in conversations with ${people} people within ${SAFETY_CASE_RULE.days} ` +
    `days: ${kinds}. Dates: ${days.join(', ')}. Conversations: ${conversations.join(', ')}. ` +
    'The texts stay private; a participant may report one.'
  );
}

/** message_sent with carry or money: the message joins its sender's set, and any case now due is opened. */
export async function messageFlagged(
  ctx: { cases: CaseModel; senderFlags: SenderFlagsModel; logger: Logger },
  data: EventData<'message_sent'>,
): Promise<void> {
  const kinds = (data.safetyFlags ?? []).filter((kind) => CASE_SAFETY_FLAGS.includes(kind));
  const recipientId = data.recipientIds[0];
  if (kinds.length === 0 || !recipientId) return;
  const entries = await recordFlaggedMessage(ctx.senderFlags, data.senderId, {
    messageId: data.messageId,
    conversationId: data.conversationId,
    recipientId,
    kinds,
    sentAt: data.sentAt,
  });
  for (const { period, window } of safetyCasesDue(entries)) {
    try {
      await ctx.cases.create({
        caseId: safetyCaseId(data.senderId, period),
        type: 'safety',
        subject_user_id: data.senderId,
        userId: null,
        issueType: 'Safety (automatic)',
        emailAddress: '',
        details: safetyCaseDetails(window),
        conversationId: null,
        status: 'open',
        created_at: new Date(),
      });
      ctx.logger.info({ subjectId: data.senderId, period }, 'safety case opened');
    } catch (error) {
      // Already opened (a redelivery, or an earlier event of the same period).
      if ((error as { code?: number }).code !== 11000) throw error;
    }
  }
}
