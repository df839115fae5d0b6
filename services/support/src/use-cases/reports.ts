/**
 * A report from a conversation (addendum §2.2) becomes a case here when chat's conversation_reported
 * arrives. Chat drew the case id and told the reporter, so the case is created by that id: a redelivered
 * event finds it (unique index) and changes nothing. The case carries the messages the reporter chose to
 * attach; its case_created event sends the reporter the usual confirmation e-mail.
 */
import type { EventData, EventEnvelope } from '@safarsaathi/contracts';
import { outboxEvent, withEvents, type Logger } from '@safarsaathi/platform';
import type { SupportContext } from './cases';

/** Reports are support cases of this issue type (the one the chat dialog used before). */
export const REPORT_ISSUE_TYPE = 'Service Complaints';

export async function createReportCase(
  ctx: Pick<SupportContext, 'cases' | 'flushOutbox'>,
  event: EventEnvelope<EventData<'conversation_reported'>>,
  logger: Logger,
): Promise<void> {
  const report = event.data;
  const existing = await ctx.cases.findOne({ caseId: report.caseId }, { conversationId: 1 }).lean();
  if (existing) {
    // A redelivery; a different case under the same id would be a clash of random ids (32^8), told here.
    if (existing.conversationId !== report.conversationId)
      logger.error({ caseId: report.caseId }, 'report case id clashes with another case; report not stored');
    return;
  }
  const created = outboxEvent('support', 'case_created', report.caseId, {
    caseId: report.caseId,
    userId: report.reporterId,
    emailAddress: report.reporterEmail,
    issueType: REPORT_ISSUE_TYPE,
    ...(report.locale ? { locale: report.locale } : {}),
  });
  try {
    const doc = await ctx.cases.create({
      caseId: report.caseId,
      type: 'report',
      userId: report.reporterId,
      issueType: REPORT_ISSUE_TYPE,
      emailAddress: report.reporterEmail,
      details: report.details,
      conversationId: report.conversationId,
      subject_user_id: report.subjectId,
      subjectName: report.subjectName ?? null,
      reason: report.reason,
      attachedMessages: report.messages.map((message) => ({ ...message, sentAt: new Date(message.sentAt) })),
      notes: [],
      locale: report.locale ?? null,
      status: 'open',
      created_at: new Date(report.reportedAt),
      ...withEvents([created]),
    });
    ctx.flushOutbox({ model: ctx.cases, id: doc._id, events: [created] });
  } catch (error) {
    // The same event handled twice at once: the other one stored it.
    if ((error as { code?: number }).code !== 11000) throw error;
  }
}
