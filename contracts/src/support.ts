/** Support case payloads (spec §2 Create a Case, §5, §8). */
import { z } from 'zod';
import { emailFieldSchema } from './auth';
import { CASE_STATUSES, CASE_TYPES } from './ops';
import { FALLBACK_ISSUE_TYPES, LIMITS } from './reference-data';
import { plainText } from './validation';

export const SUPPORT_MESSAGES = {
  issueTypeRequired: 'Please select an issue type',
  emailRequired: 'Email address is required',
  emailInvalid: 'Please enter a valid email address',
  detailsTooShort: `Please provide details (minimum ${LIMITS.supportDetailsMin} characters)`,
  submitFailed: 'Failed to submit case. Please try again.',
  submitted: 'Your case has been submitted. We will reply within 24-48 hours.',
  tooManyForAddress:
    'A case for this email address was submitted recently. Please wait an hour before submitting another.',
  tooManyCases: 'Too many cases submitted. Please try again later.',
  detailsTooLong: 'Please keep the details under 5000 characters',
} as const;

/**
 * Support cases must not become a way to make the product e-mail anyone over and over: a case whose
 * address is not the signed-in user's own (every signed-out case) is limited per address, every case
 * per client IP, and a signed-in user's cases about their own address per user.
 */
export const SUPPORT_POLICY = {
  casesPerAddressPerHour: 1,
  casesPerUserPerHour: 10,
  casesPerIpPerHour: 10,
} as const;

export const createCaseRequestSchema = z.object({
  /** One of the issue types the server lists (the form's select offers exactly these). */
  issueType: z.enum(FALLBACK_ISSUE_TYPES, { error: SUPPORT_MESSAGES.issueTypeRequired }),
  emailAddress: emailFieldSchema({
    invalid: SUPPORT_MESSAGES.emailInvalid,
    required: SUPPORT_MESSAGES.emailRequired,
  }),
  details: plainText(
    z.string({ error: SUPPORT_MESSAGES.detailsTooShort }).max(5000, SUPPORT_MESSAGES.detailsTooLong),
  )
    .trim()
    .min(LIMITS.supportDetailsMin, SUPPORT_MESSAGES.detailsTooShort),
  /** A report from the chat dialog names the conversation it is about (signed-in reporters only). */
  conversation_id: z.string().max(64).trim().min(1).optional(),
});
export type CreateCaseRequest = z.input<typeof createCaseRequestSchema>;
export type CreateCaseRequestOutput = z.output<typeof createCaseRequestSchema>;

export const createCaseResponseSchema = z.object({
  success: z.literal(true),
  case_id: z.string(),
  status: z.string(),
});
export const issueTypesResponseSchema = z.object({ issue_types: z.array(z.string()) });

/**
 * The issue types of the travel day (issue 38): choosing either in the help form shows at once what to do
 * now (the airline's desk, the companion's chat, the emergency contact, local emergency numbers) before the
 * rest of the form, because a case is answered by e-mail and may come too late for a flight.
 */
export const URGENT_ISSUE_TYPES = [
  'Trip-day problem (urgent)',
  'Safety concern',
] as const satisfies ReadonlyArray<(typeof FALLBACK_ISSUE_TYPES)[number]>;
export type UrgentIssueType = (typeof URGENT_ISSUE_TYPES)[number];
export function isUrgentIssueType(type: string): type is UrgentIssueType {
  return (URGENT_ISSUE_TYPES as readonly string[]).includes(type);
}

/**
 * Requests about one's data (issue 40: access, correction, erasure, a nominee, a grievance): the ops console
 * shows each with its due date, PRIVACY_REQUEST_DUE_DAYS after it was opened (well within the 90 days the
 * DPDP Rules allow for a grievance, and GDPR's month).
 */
export const PRIVACY_ISSUE_TYPE = 'Privacy and data request' satisfies (typeof FALLBACK_ISSUE_TYPES)[number];
export const PRIVACY_REQUEST_DUE_DAYS = 30;

/** When a privacy request opened at `createdAt` must be answered by; undefined for any other issue type. */
export function privacyRequestDueAt(issueType: string, createdAt: Date | string): string | undefined {
  if (issueType !== PRIVACY_ISSUE_TYPE) return undefined;
  return new Date(new Date(createdAt).getTime() + PRIVACY_REQUEST_DUE_DAYS * 86_400_000).toISOString();
}

/** "My cases" (GET /help-support/my-cases): the caller's own cases, newest first, this many a page. */
export const MY_CASES_PAGE_SIZE = 20;
export const myCasesQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

/** A reply from support as its filer sees it: when and what, never which admin wrote it. */
export const caseReplyViewSchema = z.object({ at: z.string(), text: z.string() });

export const myCaseSchema = z.object({
  case_id: z.string(),
  type: z.enum(CASE_TYPES),
  issue_type: z.string(),
  status: z.enum(CASE_STATUSES),
  created_at: z.string(),
  /** What the filer wrote. */
  details: z.string(),
  /** Support's replies, oldest first. */
  replies: z.array(caseReplyViewSchema),
});
export type MyCase = z.infer<typeof myCaseSchema>;
export const myCasesResponseSchema = z.object({ cases: z.array(myCaseSchema), total: z.number() });
export type MyCasesResponse = z.infer<typeof myCasesResponseSchema>;

/**
 * The emergency numbers the travel day's guidance shows (issue 38), by region (ISO 3166 codes; `EU` is the
 * European Union's 112): the countries most of the product's flights start or end in, kept short. Anywhere
 * else the guidance says to ask airport staff to call.
 */
export const EMERGENCY_NUMBERS: ReadonlyArray<{ regions: readonly string[]; numbers: readonly string[] }> = [
  { regions: ['IN'], numbers: ['112'] },
  { regions: ['US', 'CA'], numbers: ['911'] },
  { regions: ['GB'], numbers: ['999', '112'] },
  { regions: ['EU'], numbers: ['112'] },
  { regions: ['AU'], numbers: ['000'] },
  { regions: ['AE'], numbers: ['999'] },
];
