/**
 * Easy reading for older travellers (addendum §4): large text and high contrast, stored on the user by the
 * auth service (`GET` / `PUT /api/auth/preferences`), so they follow the traveller to every device.
 */
import { z } from 'zod';

export const PREFERENCES_MESSAGES = {
  empty: 'Give at least one of large_text and high_contrast.',
} as const;

export const readingPreferencesSchema = z.object({
  large_text: z.boolean(),
  high_contrast: z.boolean(),
});
export type ReadingPreferences = z.infer<typeof readingPreferencesSchema>;
export const DEFAULT_READING_PREFERENCES: ReadingPreferences = { large_text: false, high_contrast: false };

/** PUT: either or both (the other stays); unknown fields are refused, and an empty body is a mistake. */
export const readingPreferencesUpdateSchema = readingPreferencesSchema
  .partial()
  .strict()
  .refine((value) => Object.keys(value).length > 0, PREFERENCES_MESSAGES.empty)
  .meta({ minProperties: 1 });
export type ReadingPreferencesUpdate = z.infer<typeof readingPreferencesUpdateSchema>;
