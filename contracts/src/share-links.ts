/**
 * Read-only links to a trip (a companion request or a travel plan) that its owner shares with family
 * (issue 14). The public view names the traveller by first name (issue 38), the flight, date, route,
 * status and, once matched, the companion's first name, languages and match badge; never a surname, an
 * e-mail, phone number or age.
 */
import { z } from 'zod';
import { isCalendarDate } from './validation';
import { milestoneSchema } from './trip';
import { INTL_LOCALE, type Locale } from './locale';
import { serverTexts } from './texts';
import { fillText } from './texts/fill';

export const shareKindSchema = z.enum(['request', 'travel-plan']);
export type ShareKind = z.infer<typeof shareKindSchema>;

/** A share token: 32 random bytes, base64url without padding (43 characters). */
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The page that shows a shared trip; the token follows. */
export const SHARED_TRIP_PAGE = '/shared/';

export const SHARE_MESSAGES = {
  invalidToken: 'This link is not complete. Please check that you copied all of it.',
  notFound: 'This link does not exist.',
  revoked: 'This link was turned off by the person who shared it.',
  expired: 'This link has expired: the trip is over.',
  gone: 'This trip is no longer shared.',
  tooMany: 'Too many views from your network. Please try again in a minute.',
  objectNotFound: 'Trip not found',
  notShareable: 'Only an upcoming trip can be shared.',
} as const;

/** Texts of the share dialog and the public page. */
export const SHARE_TEXT = {
  share: 'Share',
  dialogTitle: 'Share this trip',
  dialogIntro:
    "Anyone with this link can see the traveller's first name, the flight, date, route and status, and the first name and languages of a matched companion. Never a surname, e-mail, phone or age.",
  linkLabel: 'Share link',
  copy: 'Copy link',
  copied: 'Link copied to clipboard',
  expires: (date: string) => `Works until ${date}`,
  stopSharing: 'Stop sharing',
  stopped: 'Sharing stopped. The link no longer works.',
  creating: 'Creating the link...',
  failed: 'Could not create the link. Please try again.',
  close: 'Close',
  pageTitle: 'Shared trip',
  loading: 'Loading the shared trip...',
  readOnly: 'A read-only view shared by the traveller. It stops working after the trip.',
  route: 'Route',
  date: 'Travel Date',
  tentative: 'Travel dates (not booked yet)',
  flight: 'Flight',
  flights: 'Flights',
  layovers: 'Layovers',
  status: 'Status',
  lookingFor: { need: 'Looking for a companion', provide: 'Offering to be a companion' },
  companion: 'Companion',
  noMatchYet: 'No companion matched yet',
  /** The trip's companion (or traveller) left: the page names nobody and says this. */
  lookingAgain: 'Looking for a new companion',
  languages: 'Languages',
  home: 'Go to SafarSaathi',
} as const;

export const createShareLinkRequestSchema = z.object({
  kind: shareKindSchema,
  id: z.string().min(1).max(40),
});

export const shareLinkParamsSchema = z.object({
  kind: shareKindSchema,
  id: z.string().min(1).max(40),
});

export const shareTokenParamsSchema = z.object({
  token: z.string().regex(SHARE_TOKEN_PATTERN, SHARE_MESSAGES.invalidToken),
});

export const shareLinkSchema = z.object({
  kind: shareKindSchema,
  id: z.string(),
  token: z.string(),
  /** Same-origin path of the public page (`/shared/<token>`). */
  path: z.string(),
  createdAt: z.string(),
  /** The link stops working at this instant: the start of the second day after the travel date (UTC). */
  expiresAt: z.string(),
  /** The last calendar day the link works (the day after the travel date). */
  lastDay: z.string(),
});
export type ShareLink = z.infer<typeof shareLinkSchema>;

const sharedFlightSchema = z.object({
  from: z.string(),
  to: z.string(),
  date: z.string().nullable(),
  airline: z.string().nullable(),
  flightNumber: z.string().nullable(),
  /** Local "HH:MM" at `from` (issue 39), and the arrival's local date and "HH:MM" at `to`; null when unknown. */
  departureTime: z.string().nullable().optional(),
  arrivalDate: z.string().nullable().optional(),
  arrivalTime: z.string().nullable().optional(),
});

/**
 * A printed pickup pass (issue 39) carries the family link with `?pass=<version>`: the version of the
 * hand-over code it was printed with (an opaque value, never the code). The page asks with it, and the view
 * says whether that pass is still `current` or `outdated` (a new code was made, or the companion changed).
 */
export const PICKUP_PASS_VERSION = /^[A-Za-z0-9_-]{1,24}$/;
export const sharedTripQuerySchema = z.object({ pass: z.string().regex(PICKUP_PASS_VERSION).optional() });

/** What a shared link shows, publicly. Deliberately small: nothing identifying beyond a first name. */
export const sharedTripSchema = z.object({
  kind: shareKindSchema,
  lookingFor: z.enum(['need', 'provide']),
  /**
   * Whose trip it is, by first name only (issue 38: "Kamala's trip to Newark"): a request's passenger (the
   * one its owner posted for, or the owner), a plan's traveller, else the plan's owner; null when unknown.
   */
  travellerFirstName: z.string().nullable(),
  from: z.string(),
  to: z.string(),
  /** The (first) travel date; null for a request whose tickets are not booked yet. */
  date: z.string().nullable(),
  tentative: z.object({ from: z.string(), to: z.string() }).nullable(),
  flights: z.array(sharedFlightSchema),
  layovers: z.array(
    z.object({ airport: z.string(), airline: z.string().nullable(), flightNumber: z.string().nullable() }),
  ),
  status: z.string(),
  match: z
    .object({
      firstName: z.string(),
      languages: z.array(z.string()),
      badge: z.enum(['Complete Match', 'Match']),
    })
    .nullable(),
  /** The trip had a companion who left (or was re-paired): a new one is being looked for. */
  lookingAgain: z.boolean(),
  /** The pair's meeting point (addendum §1.6): place and time only, never who set it. */
  meeting: z.object({ place: z.string(), time: z.string() }).nullable(),
  /** The milestones recorded so far, oldest first. */
  milestones: z.array(z.object({ milestone: milestoneSchema, at: z.string() })),
  /** The IANA zone of the (first) origin airport: the page shows the trip's times there, naming it. */
  origin_timezone: z.string().nullable(),
  /**
   * The IANA zone of the (last) destination airport: what happens on arrival (landed, handed over) is shown
   * in its time, named by its city.
   */
  destination_timezone: z.string().nullable(),
  /** Asked with `?pass=`: whether that printed pickup pass still holds the current hand-over code; else null. */
  pickupPass: z.enum(['current', 'outdated']).nullable().optional(),
  expiresAt: z.string(),
});
export type SharedTrip = z.infer<typeof sharedTripSchema>;

/**
 * The instant a link to a trip whose last travel day is `lastTravelDay` stops working: it works through
 * the day after the travel date (UTC), so family can follow a late or overnight arrival.
 */
export function shareExpiry(lastTravelDay: string): { lastDay: string; expiresAt: string } {
  if (!isCalendarDate(lastTravelDay)) throw new Error(`not a calendar date: ${lastTravelDay}`);
  const day = new Date(`${lastTravelDay}T00:00:00.000Z`);
  const lastDay = new Date(day.getTime() + 86_400_000).toISOString().slice(0, 10);
  const expiresAt = new Date(day.getTime() + 2 * 86_400_000).toISOString();
  return { lastDay, expiresAt };
}

/**
 * What a shared link's preview says (in a messaging app, a browser tab): the route and the date, never a
 * person, e-mail or phone. The gateway puts it into the page's <title> and Open Graph tags. The words are
 * the server texts' `sharePreview`; English writes the date day-first ("26 Nov 2026"), unambiguous
 * wherever the family reads it, the other languages by India's conventions (INTL_LOCALE).
 */
export function sharePreviewFormat(locale: Locale): { intl: string; ogLocale: string } {
  return { intl: locale === 'en' ? 'en-GB' : INTL_LOCALE[locale], ogLocale: `${locale}_IN` };
}

/** "DEL → JFK, 26 Nov 2026"; a trip not booked yet names its range of dates; no date, the route alone. */
export function sharedTripPreview(
  view: Pick<SharedTrip, 'from' | 'to' | 'date' | 'tentative'>,
  locale: Locale,
): { title: string; description: string } {
  const format = new Intl.DateTimeFormat(sharePreviewFormat(locale).intl, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const day = (iso: string) => (isCalendarDate(iso) ? format.format(new Date(`${iso}T00:00:00.000Z`)) : null);
  const route = `${view.from} → ${view.to}`;
  const when = view.date
    ? day(view.date)
    : view.tentative && day(view.tentative.from) && day(view.tentative.to)
      ? `${day(view.tentative.from)} – ${day(view.tentative.to)}`
      : null;
  return {
    title: when ? `${route}, ${when}` : route,
    description: fillText(serverTexts(locale).sharePreview.description),
  };
}
