import { z } from 'zod';

/** The one error shape every endpoint answers with. */
export const errorResponseSchema = z.object({
  error: z.string(),
  details: z.unknown().optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
