/**
 * The ops console's calls on cases and the audit log (addendum §2.3). Admin only: the gateway checks the
 * role and routes.ts checks it again (adminEndpoint). What a case says about its subject is what support
 * has heard in events: their cases here, no-show cases, and their status from auth.users.v1.
 */
import { randomUUID } from 'node:crypto';
import {
  OPS_LIMITS,
  OPS_MESSAGES,
  privacyRequestDueAt,
  trustAsOf,
  type AdminCaseDetail,
  type AdminCaseSummary,
  type AdminCasesResponse,
  type AuditResponse,
  type CaseStatus,
  type CaseType,
  type EventEnvelope,
  type Identity,
} from '@safarsaathi/contracts';
import { conflict, notFound, outboxEvent, stageEvents } from '@safarsaathi/platform';
import { caseTypeOf, type SupportCase } from '../persistence/cases';
import type { SupportTrust } from '../persistence/trust';
import { usersById, type SupportUser } from '../persistence/users';
import { recordCaseReply, recordCaseUpdate, recordMessagesRead } from './audit';
import type { SupportContext } from './cases';

type StoredCase = SupportCase & { _id: unknown };

const SUMMARY_CHARS = 140;

function summaryOf(doc: StoredCase): string {
  const text = doc.details.replace(/\s+/g, ' ').trim();
  const head = doc.reason ? `${doc.reason}: ` : '';
  const short = text.length > SUMMARY_CHARS ? `${text.slice(0, SUMMARY_CHARS - 1)}…` : text;
  return `${head}${short}`;
}

function subjectOf(doc: StoredCase, users: Map<string, SupportUser>): AdminCaseSummary['subject'] {
  if (!doc.subject_user_id) return undefined;
  const user = users.get(doc.subject_user_id);
  return { user_id: doc.subject_user_id, fullname: user?.fullname || doc.subjectName || '' };
}

function summaryView(doc: StoredCase, users: Map<string, SupportUser>): AdminCaseSummary {
  const subject = subjectOf(doc, users);
  return {
    case_id: doc.caseId,
    type: caseTypeOf(doc),
    status: doc.status,
    created_at: new Date(doc.created_at).toISOString(),
    summary: summaryOf(doc),
    ...(subject ? { subject } : {}),
    ...dueOf(doc),
  };
}

/** A privacy request's due date (issue 40). */
function dueOf(doc: StoredCase): { due_at?: string } {
  const due = privacyRequestDueAt(doc.issueType, doc.created_at);
  return due ? { due_at: due } : {};
}

/** GET /api/admin/cases: newest first, 20 a page, by status and type (indexes in persistence/cases.ts). */
export async function listCases(
  ctx: SupportContext,
  query: { status?: CaseStatus; type?: CaseType; page: number },
): Promise<AdminCasesResponse> {
  const filter: Record<string, unknown> = {};
  if (query.type) filter.type = query.type;
  if (query.status) filter.status = query.status;
  const size = OPS_LIMITS.casesPageSize;
  const [docs, total] = await Promise.all([
    ctx.cases
      .find(filter, { pendingEvents: 0, attachedMessages: 0, notes: 0 })
      .sort({ created_at: -1, caseId: -1 })
      .skip((query.page - 1) * size)
      .limit(size)
      .lean<StoredCase[]>(),
    ctx.cases.countDocuments(filter),
  ]);
  const users = await usersById(
    ctx.users,
    docs.flatMap((doc) => (doc.subject_user_id ? [doc.subject_user_id] : [])),
  );
  return { cases: docs.map((doc) => summaryView(doc, users)), total };
}

async function findCase(ctx: SupportContext, caseId: string): Promise<StoredCase> {
  const doc = await ctx.cases.findOne({ caseId }, { pendingEvents: 0 }).lean<StoredCase>();
  if (!doc) throw notFound(OPS_MESSAGES.caseNotFound);
  return doc;
}

async function detailView(ctx: SupportContext, doc: StoredCase): Promise<AdminCaseDetail> {
  const ids = [doc.subject_user_id, doc.userId].filter((id): id is string => Boolean(id));
  const users = await usersById(ctx.users, ids);
  let history: AdminCaseDetail['subject_history'] = null;
  if (doc.subject_user_id) {
    const filter = { subject_user_id: doc.subject_user_id };
    const [others, noShows, trust] = await Promise.all([
      ctx.cases
        .find(filter, { pendingEvents: 0, attachedMessages: 0, notes: 0 })
        .sort({ created_at: -1 })
        .limit(OPS_LIMITS.historyCases + 1)
        .lean<StoredCase[]>(),
      ctx.cases.countDocuments({ ...filter, type: 'no_show' }),
      ctx.trust.findOne({ _id: doc.subject_user_id }).lean<SupportTrust>(),
    ]);
    const subject = users.get(doc.subject_user_id);
    history = {
      blocked: subject?.status === 'Block',
      status_reason: subject?.status === 'Block' ? subject.status_reason : null,
      cases: others
        .filter((other) => other.caseId !== doc.caseId)
        .slice(0, OPS_LIMITS.historyCases)
        .map((other) => summaryView(other, users)),
      no_shows: noShows,
      // Counted as search counts them: revealed ones, and pending ones whose day has come. None heard of: null.
      references: trust ? trustAsOf(trust, new Date().toISOString().slice(0, 10)).references : null,
    };
  }
  const reporter = doc.type === 'report' || doc.conversationId ? doc.userId : null;
  const filer = hasFiler(doc)
    ? {
        user_id: doc.userId,
        fullname: doc.userId ? (users.get(doc.userId)?.fullname ?? '') : '',
        email_address: doc.emailAddress,
      }
    : null;
  return {
    ...summaryView(doc, users),
    details: doc.details,
    issue_type: doc.issueType,
    email_address: doc.emailAddress,
    reason: doc.reason ?? null,
    conversation_id: doc.conversationId,
    reporter: reporter ? { user_id: reporter, fullname: users.get(reporter)?.fullname ?? '' } : null,
    filer,
    replies: (doc.replies ?? []).map((reply) => ({
      at: new Date(reply.at).toISOString(),
      admin_email: reply.adminEmail,
      text: reply.text,
    })),
    attached_messages: (doc.attachedMessages ?? []).map((message) => ({
      seq: message.seq,
      from: message.senderId === doc.subject_user_id ? ('subject' as const) : ('reporter' as const),
      text: message.text,
      sent_at: new Date(message.sentAt).toISOString(),
    })),
    notes: (doc.notes ?? []).map((note) => ({
      at: new Date(note.at).toISOString(),
      admin_email: note.adminEmail,
      status: note.status,
      note: note.note,
    })),
    subject_history: history,
  };
}

/**
 * GET /api/admin/cases/:case_id (and the answer of PUT): a case with attached messages is answered only
 * once the read is in the audit log.
 */
export async function caseDetail(
  ctx: SupportContext,
  identity: Identity,
  caseId: string,
): Promise<AdminCaseDetail> {
  const detail = await detailView(ctx, await findCase(ctx, caseId));
  if (detail.attached_messages.length > 0)
    await recordMessagesRead(ctx.audit, identity.email, caseId, detail.attached_messages.length);
  return detail;
}

/** Someone filed the case (a user, or an address given signed out); the service opens some itself. */
function hasFiler(doc: Pick<SupportCase, 'userId' | 'emailAddress'>): boolean {
  return Boolean(doc.userId || doc.emailAddress);
}

/**
 * PUT /api/admin/cases/:case_id { status?, note?, reply? } (at least one): the case, its note or its reply,
 * and their events (case_updated for a status or note, case_replied for a reply) in one write
 * (compare-and-set on the status read, so two admins at once each get their own previous status), then
 * the audit entries. A reply goes to the filer by e-mail and, signed in, in the app (the notifications
 * service, from case_replied); a case nobody filed has no one to reply to (409, nothing written).
 */
export async function updateCase(
  ctx: SupportContext,
  identity: Identity,
  caseId: string,
  input: { status?: CaseStatus; note?: string; reply?: string },
): Promise<AdminCaseDetail> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const doc = await findCase(ctx, caseId);
    if (input.reply !== undefined && !hasFiler(doc)) throw conflict(OPS_MESSAGES.noFiler);
    const at = new Date();
    const status = input.status ?? doc.status;
    const events: EventEnvelope[] = [];
    const pushed: Record<string, unknown> = {};
    if (input.status !== undefined || input.note !== undefined) {
      const note = input.note ?? '';
      events.push(
        outboxEvent('support', 'case_updated', caseId, {
          caseId,
          status,
          previousStatus: doc.status,
          note,
          adminEmail: identity.email,
          updatedAt: at.toISOString(),
        }),
      );
      pushed.notes = { at, adminEmail: identity.email, status, note };
    }
    if (input.reply !== undefined) {
      const replyId = randomUUID();
      events.push(
        outboxEvent('support', 'case_replied', caseId, {
          caseId,
          replyId,
          userId: doc.userId,
          emailAddress: doc.emailAddress,
          issueType: doc.issueType,
          ...(doc.locale ? { locale: doc.locale } : {}),
          reply: input.reply,
          adminEmail: identity.email,
          repliedAt: at.toISOString(),
        }),
      );
      pushed.replies = { id: replyId, at, adminEmail: identity.email, text: input.reply };
    }
    const written = await ctx.locks.around(`case:${caseId}`, () =>
      ctx.cases.updateOne(
        { _id: doc._id, status: doc.status },
        stageEvents(events, {
          $set: { status, ...(doc.type ? {} : { type: caseTypeOf(doc) }) },
          $push: pushed,
        }),
      ),
    );
    if (written.modifiedCount === 0) continue;
    ctx.flushOutbox({ model: ctx.cases, id: doc._id, events });
    for (const event of events) {
      if (event.type === 'case_replied') await recordCaseReply(ctx.audit, event.id, event.data as never);
      else await recordCaseUpdate(ctx.audit, event.id, event.data as never);
    }
    return caseDetail(ctx, identity, caseId);
  }
  throw new Error(`case ${caseId}: status kept changing under the update`);
}

/** GET /api/admin/audit: newest first, 50 a page. */
export async function auditPage(ctx: SupportContext, page: number): Promise<AuditResponse> {
  const size = OPS_LIMITS.auditPageSize;
  const { entries, total } = await ctx.audit.page((page - 1) * size, size);
  return {
    entries: entries.map((entry) => ({
      at: new Date(entry.at).toISOString(),
      admin_email: entry.adminEmail ?? '',
      action: entry.action,
      target: entry.target,
      note: entry.note,
      ...(entry.via ? { via: entry.via } : {}),
    })),
    total,
  };
}
