/** Support case payloads (spec §2 Create a Case, §5, §8). */
import { z } from 'zod';
import { emailFieldSchema } from './auth';
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
