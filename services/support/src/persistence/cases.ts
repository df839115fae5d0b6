/** Support cases, the support service's own data; each carries its case_created event (outbox). */
import { Schema, type Connection, type Model } from 'mongoose';
import { outboxPlugin, type OutboxFields } from '@safarsaathi/platform';

export interface SupportCase {
  caseId: string;
  userId: string | null;
  issueType: string;
  emailAddress: string;
  details: string;
  /** A report about a chat conversation (from the chat dialog's Report). */
  conversationId: string | null;
  /**
   * 'support' (the help form), 'report' (about a person or conversation) or 'no_show' (opened by the
   * service at a second no-show within 12 months). Missing on old cases: 'report' with a conversation, else 'support'.
   */
  type?: 'support' | 'report' | 'no_show';
  /** The user the case is about (reports and no-shows), when there is one. */
  subject_user_id?: string | null;
  status: 'open' | 'closed';
  created_at: Date;
}

const caseSchema = new Schema<SupportCase & OutboxFields>(
  {
    caseId: { type: String, required: true },
    userId: { type: String, default: null },
    issueType: { type: String, required: true },
    // Empty for cases the service opens itself (no one to confirm to).
    emailAddress: { type: String, default: '' },
    details: { type: String, required: true },
    conversationId: { type: String, default: null },
    type: { type: String },
    subject_user_id: { type: String, default: null },
    status: { type: String, default: 'open' },
    created_at: { type: Date, required: true },
  },
  { collection: 'cases', versionKey: false },
);
caseSchema.index({ caseId: 1 }, { unique: true });
caseSchema.index({ userId: 1, created_at: -1 });
caseSchema.plugin(outboxPlugin);

export type CaseModel = Model<SupportCase & OutboxFields>;

export function caseModel(connection: Connection): CaseModel {
  return (
    (connection.models.SupportCase as CaseModel) ??
    connection.model<SupportCase & OutboxFields>('SupportCase', caseSchema)
  );
}
