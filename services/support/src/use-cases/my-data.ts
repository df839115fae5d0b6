/**
 * The support service's part of `GET /api/me/data` (issue 40; the gateway gathers the parts): the cases the
 * caller filed (by user id, as My cases reads them), with support's replies and, of a report's attached
 * messages, the caller's own. Never the team's notes, an admin's address, or a case about the caller that
 * someone else filed (it holds the reporter's words).
 */
import type { DataExportPart, Identity } from '@safarsaathi/contracts';
import { caseTypeOf, type SupportCase } from '../persistence/cases';
import type { SupportContext } from './cases';

export async function mySupportData(
  ctx: Pick<SupportContext, 'cases'>,
  identity: Identity,
): Promise<DataExportPart<'support'>> {
  const docs = await ctx.cases
    .find({ userId: identity.userId }, { pendingEvents: 0, notes: 0 })
    .sort({ created_at: -1, caseId: -1 })
    .lean<SupportCase[]>();
  return {
    support_cases: docs.map((doc) => ({
      case_id: doc.caseId,
      type: caseTypeOf(doc),
      issue_type: doc.issueType,
      email_address: doc.emailAddress,
      details: doc.details,
      status: doc.status,
      created_at: new Date(doc.created_at).toISOString(),
      attached_messages: (doc.attachedMessages ?? [])
        .filter((message) => message.senderId === identity.userId)
        .map((message) => ({ text: message.text, sent_at: new Date(message.sentAt).toISOString() })),
      replies: (doc.replies ?? []).map((reply) => ({
        at: new Date(reply.at).toISOString(),
        text: reply.text,
      })),
    })),
  };
}
