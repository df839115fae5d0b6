/** Support case payloads (spec §2 Create a Case, §5, §8). */
import { z } from 'zod';
import { EMAIL_PATTERN } from './auth';
import { LIMITS } from './reference-data';

export const SUPPORT_MESSAGES = {
  issueTypeRequired: 'Please select an issue type',
  emailRequired: 'Email address is required',
  emailInvalid: 'Please enter a valid email address',
  detailsTooShort: `Please provide details (minimum ${LIMITS.supportDetailsMin} characters)`,
  submitFailed: 'Failed to submit case. Please try again.',
  submitted: 'Your case has been submitted. We will reply within 24-48 hours.',
} as const;

export const createCaseRequestSchema = z.object({
  issueType: z.string({ error: SUPPORT_MESSAGES.issueTypeRequired }).trim().min(1, SUPPORT_MESSAGES.issueTypeRequired).max(100),
  emailAddress: z
    .string({ error: SUPPORT_MESSAGES.emailRequired })
    .trim()
    .min(1, SUPPORT_MESSAGES.emailRequired)
    .max(254, SUPPORT_MESSAGES.emailInvalid)
    .regex(EMAIL_PATTERN, SUPPORT_MESSAGES.emailInvalid)
    .transform((email) => email.toLowerCase()),
  details: z
    .string({ error: SUPPORT_MESSAGES.detailsTooShort })
    .trim()
    .min(LIMITS.supportDetailsMin, SUPPORT_MESSAGES.detailsTooShort)
    .max(5000, 'Please keep the details under 5000 characters'),
  /** A report from the chat dialog names the conversation it is about (signed-in reporters only). */
  conversation_id: z.string().trim().min(1).max(64).optional(),
});
export type CreateCaseRequest = z.input<typeof createCaseRequestSchema>;

export const createCaseResponseSchema = z.object({ success: z.literal(true), case_id: z.string(), status: z.string() });
export const issueTypesResponseSchema = z.object({ issue_types: z.array(z.string()) });
