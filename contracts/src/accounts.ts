/** Profile, tour and account payloads of the auth service (spec §3, §7). */
import { z } from 'zod';
import { emailAddressSchema } from './auth';

export const PROFILE_MESSAGES = {
  loadFailed: 'Failed to load user profile. Please try again.',
  deleteFailed: 'Failed to delete profile. Please try again.',
  ownProfileOnly: 'You can only view your own profile.',
  /** The simple profile page (/profile, spec §8). */
  simpleLoadFailed: 'Failed to load user profile',
  noUserData: 'No user data available. Please log in to view your profile.',
  helpPreferenceSaved: 'Help preference saved',
  helpPreferenceFailed: 'Failed to save help preference. Please try again.',
} as const;

/** The first word of a full name, as notices, cards and the family link name people; `fallback` when there is none. */
export function firstNameOf(fullname: string | null | undefined, fallback = 'Traveler'): string {
  return fullname?.trim().split(/\s+/)[0] || fallback;
}

/** localStorage key of the guided tour's local completion flag (spec §4: stored locally, keyed by the e-mail). */
export function tourCompletedStorageKey(emailAddress: string): string {
  return `tourCompleted:${emailAddress.toLowerCase()}`;
}

export const helpPreferenceSchema = z.enum(['need_help', 'want_to_help'], {
  error: 'Help preference must be need_help or want_to_help',
});

export const profileQuerySchema = z.object({ emailAddress: emailAddressSchema.optional() });

export const simpleProfileSchema = z.object({
  phone_number: z.string(),
  otp_verified: z.boolean(),
  help_preference: helpPreferenceSchema.nullable(),
  registered_at: z.string().nullable(),
});
export type SimpleProfile = z.infer<typeof simpleProfileSchema>;

export const helpPreferenceRequestSchema = z.object({
  emailAddress: emailAddressSchema.optional(),
  helpPreference: helpPreferenceSchema,
});

export const tourStatusSchema = z.object({
  email_address: z.string(),
  has_completed_tour: z.boolean(),
  is_first_time: z.boolean(),
});
export type TourStatus = z.infer<typeof tourStatusSchema>;
