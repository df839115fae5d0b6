/**
 * The family page's words (issue 38, §7): whose trip it is, the one status line, milestones that never
 * contradict each other, and the message Share sends.
 */
import { describe, expect, it } from '@jest/globals';
import { SHARE_TEXT, type Milestone, type SharedTrip } from '@safarsaathi/contracts';
import { FAMILY_EN } from '../src/i18n/family';
import { FAMILY_HI } from '../src/i18n/family.hi';
import {
  familyShareText,
  familyStatusLine,
  familyTitle,
  flightLabel,
  milestoneSteps,
  type FamilyWords,
  type TripPlaces,
} from '../src/share/familyStatus';

const words: FamilyWords = {
  page: FAMILY_EN.page,
  lookingFor: SHARE_TEXT.lookingFor,
  lookingAgain: SHARE_TEXT.lookingAgain,
};

/** A clock that says where each time was read, so the test sees which end's zone was used. */
const places: TripPlaces = {
  time: (iso, at, withDate) =>
    `${withDate ? 'day ' : ''}${iso.slice(11, 16)}, ${at === 'origin' ? 'Delhi' : 'Newark'} time`,
  city: (at) => (at === 'origin' ? 'Delhi' : 'Newark'),
};

const at = (milestone: Milestone, time: string) => ({ milestone, at: `2030-12-16T${time}:00.000Z` });

const trip = (change: Partial<SharedTrip> = {}): SharedTrip => ({
  kind: 'request',
  lookingFor: 'need',
  travellerFirstName: 'Kamala',
  from: 'DEL',
  to: 'EWR',
  date: '2030-12-16',
  tentative: null,
  flights: [{ from: 'DEL', to: 'EWR', date: '2030-12-16', airline: 'Air India', flightNumber: 'AI105' }],
  layovers: [],
  status: 'Match Found',
  match: { firstName: 'Arjun', languages: ['Hindi'], badge: 'Complete Match' },
  lookingAgain: false,
  meeting: null,
  milestones: [],
  origin_timezone: 'Asia/Kolkata',
  destination_timezone: 'America/New_York',
  expiresAt: '2030-12-18T00:00:00.000Z',
  ...change,
});

const line = (change: Partial<SharedTrip> = {}) => familyStatusLine(trip(change), words, places);

describe('whose trip it is', () => {
  it('names the traveller by first name and the destination by its city', () => {
    expect(familyTitle(trip(), words, places)).toBe("Kamala's trip to Newark");
    expect(familyTitle(trip({ travellerFirstName: null }), words, places)).toBe('A trip to Newark');
    expect(familyTitle(trip(), { ...words, page: FAMILY_HI.page }, places)).toBe('Kamala की Newark यात्रा');
  });
});

describe('the one status line', () => {
  it('says what is looked for, and a new companion once one left (never both)', () => {
    expect(line({ match: null, status: 'Match Not Found' })).toBe('Looking for a companion');
    expect(line({ match: null, lookingAgain: true })).toBe('Looking for a new companion');
    expect(line({ match: null, lookingFor: 'provide' })).toBe('Offering to be a companion');
    for (const text of [line({ match: null }), line({ match: null, lookingAgain: true }), line()])
      expect(text).not.toMatch(/Match Found/);
  });

  it('names who travels with whom once matched, on the flight as a boarding pass writes it', () => {
    expect(line()).toBe('Arjun will travel with Kamala on AI 105');
    // The page of the helper's own offer: the helper is the traveller of the page.
    expect(
      line({
        lookingFor: 'provide',
        travellerFirstName: 'Arjun',
        match: { ...trip().match!, firstName: 'Kamala' },
      }),
    ).toBe('Arjun will travel with Kamala on AI 105');
    expect(line({ flights: [{ ...trip().flights[0]!, flightNumber: null }] })).toBe(
      'Arjun will travel with Kamala',
    );
  });

  it('says where and when they meet (with the day: it may be days ahead), in the origin’s time', () => {
    expect(line({ meeting: { place: 'Gate 14', time: '2030-12-16T14:00:00.000Z' } })).toBe(
      'Kamala will meet Arjun at Gate 14 at day 14:00, Delhi time',
    );
  });

  it('tells the latest milestone, in the zone where it happened', () => {
    expect(line({ milestones: [at('met', '14:30')] })).toBe(
      'Kamala met Arjun at the airport at 14:30, Delhi time',
    );
    expect(line({ milestones: [at('met', '14:30'), at('boarded', '16:10')] })).toBe(
      'Kamala boarded AI 105 at 16:10, Delhi time',
    );
    expect(line({ milestones: [at('boarded', '16:10'), at('landed', '11:00')] })).toBe(
      'Kamala landed in Newark at 11:00, Newark time',
    );
    expect(line({ milestones: [at('boarded', '16:10'), at('handed_over', '11:10')] })).toBe(
      'Arjun handed Kamala over in Newark at 11:10, Newark time',
    );
    // A milestone outranks a meeting point.
    expect(
      line({
        meeting: { place: 'Gate 14', time: '2030-12-16T14:00:00.000Z' },
        milestones: [at('boarded', '16:10')],
      }),
    ).toMatch(/^Kamala boarded/);
  });

  it('reads without a name or flight number (a stand-in, capitalised)', () => {
    expect(line({ travellerFirstName: null, milestones: [at('boarded', '16:10')], flights: [] })).toBe(
      'The traveller boarded the flight at 16:10, Delhi time',
    );
  });

  it('is in the page’s language', () => {
    const hindi = { ...words, page: FAMILY_HI.page };
    expect(familyStatusLine(trip({ milestones: [at('boarded', '16:10')] }), hindi, places)).toBe(
      'Kamala AI 105 में सवार हुए — 16:10, Delhi time',
    );
  });
});

describe('milestones are consistent', () => {
  it('shows every one before the latest recorded as done, those never recorded without a time', () => {
    expect(milestoneSteps([at('handed_over', '11:10')])).toEqual([
      { milestone: 'met', done: true, at: null },
      { milestone: 'boarded', done: true, at: null },
      { milestone: 'landed', done: true, at: null },
      { milestone: 'handed_over', done: true, at: '2030-12-16T11:10:00.000Z' },
    ]);
    expect(milestoneSteps([at('boarded', '16:10')]).map((step) => [step.milestone, step.done])).toEqual([
      ['met', true],
      ['boarded', true],
      ['landed', false],
      ['handed_over', false],
    ]);
    expect(milestoneSteps([]).every((step) => !step.done && step.at === null)).toBe(true);
  });

  it('keeps the time of each one recorded, in any order given', () => {
    const steps = milestoneSteps([at('landed', '11:00'), at('met', '14:30')]);
    expect(steps.map((step) => step.at)).toEqual([
      '2030-12-16T14:30:00.000Z',
      null,
      '2030-12-16T11:00:00.000Z',
      null,
    ]);
    expect(steps.map((step) => step.done)).toEqual([true, true, true, false]);
  });
});

describe('Share', () => {
  it('sends short lines for a chat app, the link last and alone', () => {
    const text = familyShareText(
      trip({ milestones: [at('boarded', '16:10')] }),
      words,
      places,
      'https://safarsaathi.example/shared/abc',
    );
    expect(text.split('\n')).toEqual([
      "Kamala's trip to Newark",
      'Kamala boarded AI 105 at 16:10, Delhi time',
      'Follow the trip on SafarSaathi:',
      'https://safarsaathi.example/shared/abc',
    ]);
  });
});

describe('flight numbers', () => {
  it('are written as on a boarding pass', () => {
    expect(flightLabel('AI105')).toBe('AI 105');
    expect(flightLabel('ai 105')).toBe('AI 105');
    expect(flightLabel('6E2041')).toBe('6E 2041');
    expect(flightLabel('CHARTER-7')).toBe('CHARTER-7');
    expect(flightLabel(null)).toBeNull();
  });
});
