/**
 * References after the trip and trust figures (addendum "Beyond the match" §2.1): what a party writes
 * about the other after the travel date, how each view shows it (double-blind), and the figures a user's
 * trips and references add up to, as the companion service keeps them and search shows them.
 */
import { z } from 'zod';
import { plainText } from './validation';

export const REFERENCE_LIMITS = {
  textMin: 20,
  textMax: 1000,
  /** A reference can be written from the travel date to this many days after it. */
  windowDays: 30,
  /** A reference is shown to the person it is about this many days after the travel date at the latest. */
  revealDays: 14,
  /** A second no-show within this many months of another opens an ops case. */
  noShowMonths: 12,
} as const;

/** A matched party who cancels this close to the departure (or after it) is counted, for this long. */
export const LATE_CANCELLATION = { hoursBeforeDeparture: 48, countedMonths: 12 } as const;

export const REFERENCE_MESSAGES = {
  tooEarly: 'You can write a reference from the travel date on.',
  tooLate: 'References can be written only until 30 days after the travel date.',
  alreadyWritten: 'You have already written a reference for this trip.',
  ratingRequired: 'Choose how the trip went.',
  textTooShort: `Write at least ${REFERENCE_LIMITS.textMin} characters about the trip.`,
  textTooLong: `A reference can be at most ${REFERENCE_LIMITS.textMax} characters.`,
} as const;

export const REFERENCE_RATINGS = ['positive', 'neutral', 'negative'] as const;
export const referenceRatingSchema = z.enum(REFERENCE_RATINGS, { error: REFERENCE_MESSAGES.ratingRequired });
export type ReferenceRating = z.infer<typeof referenceRatingSchema>;

export const referenceRequestSchema = z.object({
  rating: referenceRatingSchema,
  text: plainText(
    z
      .string({ error: REFERENCE_MESSAGES.textTooShort })
      .max(REFERENCE_LIMITS.textMax, REFERENCE_MESSAGES.textTooLong),
  )
    .trim()
    .min(REFERENCE_LIMITS.textMin, REFERENCE_MESSAGES.textTooShort),
  /** The other party did not turn up: counts as a negative reference. */
  no_show: z.boolean().optional(),
});
export type ReferenceRequest = z.infer<typeof referenceRequestSchema>;

export const referenceSchema = z.object({
  rating: referenceRatingSchema,
  text: z.string(),
  no_show: z.boolean(),
});
export type Reference = z.infer<typeof referenceSchema>;

/**
 * On every view of a request: the reference its owner gave and the one they received ("hidden": written,
 * not revealed yet: until both sides wrote theirs, or 14 days after the travel date). Both null without a match.
 */
export const referencesViewSchema = z.object({
  given: referenceSchema.nullable(),
  received: z.union([referenceSchema, z.literal('hidden')]).nullable(),
  /** The owner may write their reference now (a party of the match, in the window, not written yet). */
  can_write: z.boolean(),
});
export type ReferencesView = z.infer<typeof referencesViewSchema>;
export const EMPTY_REFERENCES_VIEW: ReferencesView = { given: null, received: null, can_write: false };

export const MEMBER_SINCE = /^\d{4}-(?:0[1-9]|1[0-2])$/;

export const trustSchema = z.object({
  /** Trips with a recorded hand-over, as either party. */
  trips_completed: z.number().int().nonnegative(),
  /** Revealed references received; a no-show counts as negative. */
  references: z.object({
    positive: z.number().int().nonnegative(),
    neutral: z.number().int().nonnegative(),
    negative: z.number().int().nonnegative(),
  }),
  /** The month the user registered, "YYYY-MM". */
  member_since: z.string().regex(MEMBER_SINCE),
  /** Matched trips this user cancelled within 48 hours of the departure (or after it), in the last 12 months. */
  late_cancellations: z.number().int().nonnegative(),
});
export type Trust = z.infer<typeof trustSchema>;
/** What public search shows of a user's trust. */
export const publicTrustSchema = trustSchema.pick({ trips_completed: true, late_cancellations: true });
export type PublicTrust = z.infer<typeof publicTrustSchema>;

/** A received reference not revealed yet, as trust_updated carries it: counted from `visible_from` on. */
export const pendingReferenceSchema = z.object({
  rating: referenceRatingSchema,
  visible_from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
});
export type PendingReference = z.infer<typeof pendingReferenceSchema>;

const countsSchema = z.object({
  trips_completed: z.number().int().nonnegative(),
  references: trustSchema.shape.references,
  late_cancellations: z.number().int().nonnegative(),
});
/** The figures from `from` (YYYY-MM-DD) on, until a later step (trust_updated `steps`). */
export const trustStepSchema = countsSchema.extend({ from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) });
export type TrustStep = z.infer<typeof trustStepSchema>;

/**
 * The figures as of `today` (YYYY-MM-DD): the last step whose day has come, else the figures as they were
 * computed; events from before steps carry `pending` references, counted from their day. The companion
 * service and search both count with this, so a trip or reference shows up in both on the same day.
 */
export function trustAsOf(
  figures: {
    trips_completed: number;
    references: Trust['references'];
    pending: PendingReference[];
    member_since: string;
    late_cancellations?: number;
    steps?: TrustStep[];
  },
  today: string,
): Trust {
  const step = figures.steps?.filter((entry) => entry.from <= today).at(-1);
  if (step) {
    const { from: _from, ...counts } = step;
    return { ...counts, references: { ...counts.references }, member_since: figures.member_since };
  }
  const references = { ...figures.references };
  for (const entry of figures.pending) if (entry.visible_from <= today) references[entry.rating] += 1;
  return {
    trips_completed: figures.trips_completed,
    references,
    member_since: figures.member_since,
    late_cancellations: figures.late_cancellations ?? 0,
  };
}

/**
 * A user's registration month: from the registration time when known, else from the time inside a
 * MongoDB ObjectId user id (auth's ids are ObjectIds, made at registration), else null.
 */
export function memberSinceOf(userId: string, registeredAt?: string | Date | null): string | null {
  if (registeredAt) {
    const at = new Date(registeredAt);
    if (!Number.isNaN(at.getTime())) return at.toISOString().slice(0, 7);
  }
  if (/^[0-9a-f]{24}$/i.test(userId))
    return new Date(parseInt(userId.slice(0, 8), 16) * 1000).toISOString().slice(0, 7);
  return null;
}

const shiftDays = (isoDate: string, days: number) =>
  new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Where `today` stands in the reference window of a trip on `travelDate` (UTC calendar dates). */
export function referenceWindow(
  travelDate: string | null | undefined,
  today: string,
): 'before' | 'open' | 'after' {
  if (!travelDate || today < travelDate) return 'before';
  return today <= shiftDays(travelDate, REFERENCE_LIMITS.windowDays) ? 'open' : 'after';
}

/** The day a reference is revealed at the latest (both sides writing reveals it sooner). */
export const revealDate = (travelDate: string) => shiftDays(travelDate, REFERENCE_LIMITS.revealDays);

/** `isoDate` moved back by `months` calendar months (the 31st falls back to the month's last day). */
export function monthsBefore(isoDate: string, months: number): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  const total = year * 12 + (month - 1) - months;
  const y = Math.floor(total / 12);
  const m = total % 12;
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return `${String(y).padStart(4, '0')}-${String(m + 1).padStart(2, '0')}-${String(Math.min(day, last)).padStart(2, '0')}`;
}
