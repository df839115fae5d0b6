/**
 * "My cases" (issue 38): a signed-in user's own cases and support's replies to them. Only cases whose
 * `userId` is the caller's are ever read (the object-level check is the filter itself), and only what the
 * filer wrote and was told: never the team's notes, the admins' addresses or a report's attached messages.
 */
import { MY_CASES_PAGE_SIZE, type Identity, type MyCase, type MyCasesResponse } from '@safarsaathi/contracts';
import { caseTypeOf, type SupportCase } from '../persistence/cases';
import type { SupportContext } from './cases';

/** A case as its filer sees it. */
export function myCaseView(doc: SupportCase): MyCase {
  return {
    case_id: doc.caseId,
    type: caseTypeOf(doc),
    issue_type: doc.issueType,
    status: doc.status,
    created_at: new Date(doc.created_at).toISOString(),
    details: doc.details,
    replies: (doc.replies ?? []).map((reply) => ({ at: new Date(reply.at).toISOString(), text: reply.text })),
  };
}

/** GET /help-support/my-cases: newest first, 20 a page (index `{ userId, created_at }`). */
export async function myCases(
  ctx: Pick<SupportContext, 'cases'>,
  identity: Identity,
  page: number,
): Promise<MyCasesResponse> {
  const filter = { userId: identity.userId };
  const [docs, total] = await Promise.all([
    ctx.cases
      .find(filter, { pendingEvents: 0, attachedMessages: 0, notes: 0 })
      .sort({ created_at: -1, caseId: -1 })
      .skip((page - 1) * MY_CASES_PAGE_SIZE)
      .limit(MY_CASES_PAGE_SIZE)
      .lean<SupportCase[]>(),
    ctx.cases.countDocuments(filter),
  ]);
  return { cases: docs.map(myCaseView), total };
}
