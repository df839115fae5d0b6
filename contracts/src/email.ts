import { z } from 'zod';
import { PRODUCT_NAME } from './reference-data';
import { EMAIL_PATTERN } from './auth';

/** Any address the product accepts (its own rule, not a stricter one of a library's: 0@0.0 is one). */
const recipient = z.string().regex(EMAIL_PATTERN);

/** The trace (correlation) id of the action that queued a job: the worker's log lines carry it. */
export const jobCorrelationId = z.string().regex(/^[A-Za-z0-9._:-]{1,128}$/).optional();

/** A job on the `email` queue: a rendered message that holds no secret. */
export const renderedEmailJobSchema = z.object({
  to: recipient,
  subject: z.string().min(1),
  text: z.string().min(1),
  html: z.string().optional(),
  /** Why this e-mail exists, for logs and de-duplication (e.g. 'case_created'). */
  purpose: z.string().min(1),
  correlationId: jobCorrelationId,
});

/**
 * A one-time code e-mail: the code is not in the job (BullMQ keeps job data in Redis in plain text); the
 * job names an encrypted, expiring secret (platform EmailSecrets) and the worker renders the message.
 */
export const codeEmailJobSchema = z.object({
  to: recipient,
  purpose: z.literal('otp'),
  template: z.literal('otp_code'),
  secretRef: z.string().min(16).max(64),
  correlationId: jobCorrelationId,
});

export const emailJobSchema = z.union([codeEmailJobSchema, renderedEmailJobSchema]);
export type EmailJob = z.infer<typeof emailJobSchema>;
export type RenderedEmail = Pick<z.infer<typeof renderedEmailJobSchema>, 'subject' | 'text' | 'html'>;

/** The sign-in code e-mail. */
export function renderCodeEmail(code: string): RenderedEmail {
  const validity = 'It is valid for 10 minutes and can be used once. If you did not ask for it, you can ignore this e-mail.';
  return {
    subject: `Your ${PRODUCT_NAME} verification code`,
    text: `Your ${PRODUCT_NAME} verification code is ${code}.\n\n${validity}`,
    html: `<p>Your ${PRODUCT_NAME} verification code is</p><p style="font-size:28px;letter-spacing:6px"><strong>${code}</strong></p><p>${validity}</p>`,
  };
}
