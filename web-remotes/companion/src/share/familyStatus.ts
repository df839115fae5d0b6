/**
 * What the family page says (issue 38, §7 "The family page"), as pure functions of the public view: whose
 * trip it is, one status line, the milestones as a consistent sequence, and the message its Share sends.
 * The words come from the catalogue and the times from the caller, so the rules are unit-tested alone.
 */
import { MILESTONES, type Milestone, type SharedTrip } from '@safarsaathi/contracts';
import { fillPlaceholders as fill, type Translation } from '@safarsaathi/web-kit';
import type { FAMILY_EN } from '../i18n/family';

/** Where something happens: at the (first) origin airport, or at the (last) destination. */
export type TripEnd = 'origin' | 'destination';

/** Meeting, meeting the companion and boarding happen where the trip starts; the rest on arrival. */
export const MILESTONE_AT: Record<Milestone, TripEnd> = {
  met: 'origin',
  boarded: 'origin',
  landed: 'destination',
  handed_over: 'destination',
};

/**
 * The caller's clock and map: an instant as "21:40, New Delhi time" at one end ("16 Dec, 21:40, …" with
 * `withDate`), and that end's city.
 */
export interface TripPlaces {
  time: (iso: string, at: TripEnd, withDate?: boolean) => string;
  city: (at: TripEnd) => string;
}

/** The page's words: the family texts, and the share texts the status line reuses. */
export interface FamilyWords {
  page: Translation<typeof FAMILY_EN>['page'];
  lookingFor: { need: string; provide: string };
  lookingAgain: string;
}

export interface MilestoneStep {
  milestone: Milestone;
  done: boolean;
  /** When it was recorded; null for one not recorded (a step may be skipped, spec §1.2). */
  at: string | null;
}

/**
 * Every milestone in order, each done when recorded or when a later one is: the pair met before boarding
 * even if nobody tapped "met", so the page never shows "Landed: not yet" under "Handed over: done". A step
 * done only by implication has no time.
 */
export function milestoneSteps(recorded: SharedTrip['milestones']): MilestoneStep[] {
  const times = new Map(recorded.map((entry) => [entry.milestone, entry.at]));
  const latest = Math.max(-1, ...MILESTONES.map((milestone, index) => (times.has(milestone) ? index : -1)));
  return MILESTONES.map((milestone, index) => ({
    milestone,
    done: index <= latest,
    at: times.get(milestone) ?? null,
  }));
}

/** The latest milestone recorded, with its time, or null. */
export function latestMilestone(
  recorded: SharedTrip['milestones'],
): { milestone: Milestone; at: string } | null {
  const steps = milestoneSteps(recorded).filter((step) => step.at !== null);
  const last = steps.at(-1);
  return last ? { milestone: last.milestone, at: last.at! } : null;
}

/** "AI101" as a traveller reads it on a boarding pass: "AI 101"; anything else as it was written. */
export function flightLabel(flightNumber: string | null): string | null {
  const compact = flightNumber?.replace(/\s+/g, '').toUpperCase();
  if (!compact) return null;
  const parts = /^([A-Z0-9]{2})(\d{1,4}[A-Z]?)$/.exec(compact);
  return parts ? `${parts[1]} ${parts[2]}` : flightNumber!.trim();
}

/** A sentence that starts with a stand-in ("the traveller boarded…") starts with a capital. */
const sentence = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

/** The people of the trip: whose it is, the companion, and which of them helps the other. */
function people(trip: SharedTrip, words: FamilyWords) {
  const traveller = trip.travellerFirstName ?? words.page.theTraveller;
  const companion = trip.match?.firstName ?? words.page.theCompanion;
  // The page of a seeker's request is the traveller's; of a provider's, the helper's own.
  const [helper, helped] = trip.lookingFor === 'need' ? [companion, traveller] : [traveller, companion];
  return { traveller, companion, helper, helped };
}

/** "Kamala's trip to Newark" (or "A trip to Newark" when the view names nobody). */
export function familyTitle(trip: SharedTrip, words: FamilyWords, places: TripPlaces): string {
  const city = places.city('destination');
  return sentence(
    trip.travellerFirstName
      ? fill(words.page.whoseTrip, { traveller: trip.travellerFirstName, city })
      : fill(words.page.aTrip, { city }),
  );
}

/**
 * The one status line: the latest milestone recorded, with its time where it happened ("Kamala boarded AI
 * 105 at 21:40, New Delhi time"); else the meeting point agreed (with its day: it may be set days ahead);
 * else the match ("Arjun will travel with Kamala on AI 105"); else what is looked for ("Looking for a new
 * companion" once a companion left, never beside "Looking for a companion").
 */
export function familyStatusLine(trip: SharedTrip, words: FamilyWords, places: TripPlaces): string {
  const { traveller, companion, helper, helped } = people(trip, words);
  const flight = flightLabel(trip.flights[0]?.flightNumber ?? null);
  const W = words.page;
  const latest = latestMilestone(trip.milestones);
  if (latest) {
    const at = MILESTONE_AT[latest.milestone];
    const values = {
      traveller,
      companion,
      helper,
      helped,
      flight: flight ?? '',
      city: places.city(at),
      time: places.time(latest.at, at),
    };
    const template = {
      met: W.met,
      boarded: flight ? W.boarded : W.boardedNoFlight,
      landed: W.landed,
      handed_over: W.handedOver,
    }[latest.milestone];
    return sentence(fill(template, values));
  }
  if (trip.match && trip.meeting)
    return sentence(
      fill(W.meeting, {
        traveller,
        companion,
        place: trip.meeting.place,
        time: places.time(trip.meeting.time, 'origin', true),
      }),
    );
  if (trip.match)
    return sentence(fill(flight ? W.matched : W.matchedNoFlight, { helper, helped, flight: flight ?? '' }));
  if (trip.lookingAgain) return words.lookingAgain;
  return words.lookingFor[trip.lookingFor];
}

/**
 * What Share sends, written for a chat app such as WhatsApp: short lines (whose trip, how it stands, an
 * invitation) and the link last, alone on its line, so the app turns it into a preview.
 */
export function familyShareText(
  trip: SharedTrip,
  words: FamilyWords,
  places: TripPlaces,
  url: string,
): string {
  return [
    familyTitle(trip, words, places),
    familyStatusLine(trip, words, places),
    words.page.shareInvite,
    url,
  ].join('\n');
}
