/**
 * Support cases, the support service's own data; each carries its events (outbox). A case is a support
 * request from the Help page (`support`), a report from a conversation (`report`, addendum §2.2) or a
 * no-show case (`no_show`, §2.1). Reports and no-show cases name the user they are about
 * (`subject_user_id`). Cases of before the type existed are given theirs by a start-up migration
 * (use-cases/migrations.ts): a case naming a conversation is a report, any other a support case.
 */
import { Schema, type Connection, type Model } from 'mongoose';
import type { CaseStatus, CaseType, Locale } from '@safarsaathi/contracts';
import { outboxPlugin, type OutboxFields } from '@safarsaathi/platform';

export const CASES_COLLECTION = 'cases';

/** A message a reporter chose to attach (copied from chat's conversation_reported event). */
export interface AttachedMessage {
  seq: number;
  senderId: string;
  text: string;
  sentAt: Date;
}

/** An admin's change of the case (PUT /api/admin/cases/:case_id), newest last. */
export interface CaseNote {
  at: Date;
  adminEmail: string;
  status: CaseStatus;
  note: string;
}

/** A reply to the case's filer (issue 38), newest last: e-mailed and told in the app by its case_replied. */
export interface CaseReply {
  /** The reply's id, its case_replied's `replyId` (one e-mail and one notice each). */
  id: string;
  at: Date;
  adminEmail: string;
  text: string;
}

export interface SupportCase {
  caseId: string;
  /** Missing only on cases of before the type existed, until the start-up migration has run. */
  type: CaseType;
  userId: string | null;
  issueType: string;
  emailAddress: string;
  details: string;
  /** A report about a chat conversation (from the chat dialog's Report). */
  conversationId: string | null;
  /** Whom a report, a no-show or a safety case is about. */
  subject_user_id: string | null;
  /** The subject's name as the reporting service knew it (the users projection is preferred). */
  subjectName: string | null;
  /** A report's reason (harassment, scam, inappropriate, safety, other). */
  reason: string | null;
  attachedMessages: AttachedMessage[];
  notes: CaseNote[];
  /** Missing on cases of before replies existed: none. */
  replies?: CaseReply[];
  /** The language of the page the case was sent from (a reply to a signed-out filer is written in it). */
  locale?: Locale | null;
  status: CaseStatus;
  created_at: Date;
}

const caseSchema = new Schema<SupportCase & OutboxFields>(
  {
    caseId: { type: String, required: true },
    type: { type: String, required: true },
    userId: { type: String, default: null },
    issueType: { type: String, required: true },
    // Empty for cases the service opens itself (no one to confirm to).
    emailAddress: { type: String, default: '' },
    details: { type: String, required: true },
    conversationId: { type: String, default: null },
    subject_user_id: { type: String, default: null },
    subjectName: { type: String, default: null },
    reason: { type: String, default: null },
    attachedMessages: { type: [Schema.Types.Mixed] as never, default: [] },
    notes: { type: [Schema.Types.Mixed] as never, default: [] },
    replies: { type: [Schema.Types.Mixed] as never, default: [] },
    locale: { type: String, default: null },
    status: { type: String, default: 'open' },
    created_at: { type: Date, required: true },
  },
  { collection: CASES_COLLECTION, versionKey: false },
);
caseSchema.index({ caseId: 1 }, { unique: true });
caseSchema.index({ userId: 1, created_at: -1 });
// The ops console's list: newest first, optionally by status and type (GET /api/admin/cases).
caseSchema.index({ created_at: -1 });
caseSchema.index({ status: 1, created_at: -1 });
caseSchema.index({ type: 1, status: 1, created_at: -1 });
caseSchema.index({ type: 1, created_at: -1 });
// A subject's history on a case's detail.
caseSchema.index({ subject_user_id: 1, created_at: -1 });
caseSchema.plugin(outboxPlugin);

export type CaseModel = Model<SupportCase & OutboxFields>;

export function caseModel(connection: Connection): CaseModel {
  return (
    (connection.models.SupportCase as CaseModel) ??
    connection.model<SupportCase & OutboxFields>('SupportCase', caseSchema)
  );
}

/** A case's type, also for a document the migration has not reached yet. */
export function caseTypeOf(doc: Pick<SupportCase, 'conversationId'> & { type?: CaseType | null }): CaseType {
  return doc.type ?? (doc.conversationId ? 'report' : 'support');
}
