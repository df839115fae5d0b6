/**
 * The ops console (addendum §2.3): admin-only calls on support cases, users' status and the audit log.
 * Cases and the audit log are the support service's; a user's status is the auth service's.
 */
import { z } from 'zod';
import { statusReasonSchema } from './auth';
import { plainText } from './validation';

export const OPS_MESSAGES = {
  caseNotFound: 'Case not found',
  userNotFound: 'User not found',
  noteRequired: 'Please write a note (1–2000 characters).',
  replyRequired: 'Please write a reply (1–2000 characters).',
  /** PUT /api/admin/cases/{case_id} with none of status, note and reply. */
  updateEmpty: 'Give a status, a note or a reply.',
  /** A reply to a case nobody filed (one the service opened itself: a no-show or safety case). */
  noFiler: 'This case has no one to reply to.',
} as const;

/** `safety`: opened by itself when a sender's messages are flagged carry or money with 3+ people in 30 days. */
export const CASE_TYPES = ['support', 'report', 'no_show', 'safety'] as const;
export type CaseType = (typeof CASE_TYPES)[number];
export const CASE_STATUSES = ['open', 'closed'] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];

export const OPS_LIMITS = {
  casesPageSize: 20,
  auditPageSize: 50,
  noteMax: 2000,
  replyMax: 2000,
  /** A case's detail lists at most this many of its subject's other cases. */
  historyCases: 50,
} as const;

const page = z.coerce.number().int().min(1).max(10_000).default(1);

export const adminCasesQuerySchema = z.object({
  status: z.enum(CASE_STATUSES).optional(),
  type: z.enum(CASE_TYPES).optional(),
  page,
});
export const adminAuditQuerySchema = z.object({ page });
export const adminCaseParamsSchema = z.object({ case_id: z.string().trim().min(1).max(64) });
export const adminUserParamsSchema = z.object({ user_id: z.string().trim().min(1).max(64) });

/**
 * A change of a case: its status, a note for the team, a reply to its filer (issue 38: e-mailed to them and
 * told in the app), or any of them together; at least one.
 */
export const updateCaseRequestSchema = z
  .object({
    status: z.enum(CASE_STATUSES).optional(),
    note: plainText(
      z.string({ error: OPS_MESSAGES.noteRequired }).max(OPS_LIMITS.noteMax, OPS_MESSAGES.noteRequired),
    )
      .trim()
      .min(1, OPS_MESSAGES.noteRequired)
      .optional(),
    reply: plainText(
      z.string({ error: OPS_MESSAGES.replyRequired }).max(OPS_LIMITS.replyMax, OPS_MESSAGES.replyRequired),
    )
      .trim()
      .min(1, OPS_MESSAGES.replyRequired)
      .optional(),
  })
  .refine(
    (body) => body.status !== undefined || body.note !== undefined || body.reply !== undefined,
    OPS_MESSAGES.updateEmpty,
  );
export type UpdateCaseRequest = z.input<typeof updateCaseRequestSchema>;

export const setUserStatusRequestSchema = z.object({
  status: z.enum(['Active', 'Block']),
  status_reason: statusReasonSchema,
});
export type SetUserStatusRequest = z.input<typeof setUserStatusRequestSchema>;

const subjectSchema = z.object({ user_id: z.string(), fullname: z.string() });

export const adminCaseSummarySchema = z.object({
  case_id: z.string(),
  type: z.enum(CASE_TYPES),
  status: z.enum(CASE_STATUSES),
  created_at: z.string(),
  summary: z.string(),
  subject: subjectSchema.optional(),
  /** A privacy request's answer is due then (issue 40, contracts privacyRequestDueAt); other cases have none. */
  due_at: z.string().optional(),
});
export type AdminCaseSummary = z.infer<typeof adminCaseSummarySchema>;
export const adminCasesResponseSchema = z.object({
  cases: z.array(adminCaseSummarySchema),
  total: z.number(),
});
export type AdminCasesResponse = z.infer<typeof adminCasesResponseSchema>;

export const attachedMessageSchema = z.object({
  seq: z.number(),
  /** 'reporter' or 'subject': who wrote it, as the case sees them. */
  from: z.enum(['reporter', 'subject']),
  text: z.string(),
  sent_at: z.string(),
});

export const adminCaseDetailSchema = adminCaseSummarySchema.extend({
  details: z.string(),
  issue_type: z.string(),
  email_address: z.string(),
  reason: z.string().nullable(),
  conversation_id: z.string().nullable(),
  reporter: subjectSchema.nullable(),
  /**
   * Who filed the case (issue 38): the signed-in filer's id and name, and the address they gave; null for a
   * case the service opened itself (no-show, safety). A signed-out filer has no id.
   */
  filer: z
    .object({ user_id: z.string().nullable(), fullname: z.string(), email_address: z.string() })
    .nullable(),
  /** Replies to the filer, oldest first (each e-mailed and told in the app). */
  replies: z.array(z.object({ at: z.string(), admin_email: z.string(), text: z.string() })),
  attached_messages: z.array(attachedMessageSchema),
  notes: z.array(
    z.object({ at: z.string(), admin_email: z.string(), status: z.enum(CASE_STATUSES), note: z.string() }),
  ),
  /** What support knows of the subject from events: their other cases and no-shows, and their status. */
  subject_history: z
    .object({
      blocked: z.boolean(),
      status_reason: z.string().nullable(),
      cases: z.array(adminCaseSummarySchema),
      no_shows: z.number(),
      /** Reference counts from companion's trust_updated; null when none was heard of the subject. */
      references: z.object({ positive: z.number(), neutral: z.number(), negative: z.number() }).nullable(),
    })
    .nullable(),
});
export type AdminCaseDetail = z.infer<typeof adminCaseDetailSchema>;

export const AUDIT_ACTIONS = [
  'user_blocked',
  'user_activated',
  'case_closed',
  'case_reopened',
  'case_noted',
  /** An admin read a case's attached chat messages (every read that returns them, issue 36). */
  'case_messages_read',
  /** An admin replied to a case's filer (issue 38); the entry's note is the reply. */
  'case_replied',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const auditEntrySchema = z.object({
  at: z.string(),
  admin_email: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  /** `user <id>` or `case <id>`. */
  target: z.string(),
  note: z.string(),
  /** For status changes: 'phone' (the User Status tool) or 'console'. */
  via: z.enum(['phone', 'console']).optional(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditResponseSchema = z.object({ entries: z.array(auditEntrySchema), total: z.number() });
export type AuditResponse = z.infer<typeof auditResponseSchema>;
