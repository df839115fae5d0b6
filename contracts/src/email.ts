import { z } from 'zod';

/** A job on the `email` queue: a rendered message. One-time codes expire in minutes, so they travel as text. */
export const emailJobSchema = z.object({
  to: z.string().email(),
  subject: z.string().min(1),
  text: z.string().min(1),
  html: z.string().optional(),
  /** Why this e-mail exists, for logs and de-duplication (e.g. 'otp', 'case_created'). */
  purpose: z.string().min(1),
});
export type EmailJob = z.infer<typeof emailJobSchema>;
