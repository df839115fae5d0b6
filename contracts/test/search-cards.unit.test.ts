import {
  languageChips,
  longDate,
  priceLabel,
  resultBadge,
  resultOwnerName,
  searchHeading,
  shortDate,
  submittedDate,
  ticketLine,
  travelDateText,
  type SearchResult,
} from '../src';

type BadgeCase = [string, Pick<SearchResult, 'service_type' | 'role' | 'companion_price'>, string];

describe('card badge (spec §4)', () => {
  it.each<BadgeCase>([
    ['companion need', { service_type: 'companion', role: 'need', companion_price: 0 }, 'SEEKING COMPANION'],
    [
      'paid need is still seeking',
      { service_type: 'companion', role: 'need', companion_price: 40 },
      'SEEKING COMPANION',
    ],
    ['free companion', { service_type: 'companion', role: 'provide', companion_price: 0 }, 'FREE COMPANION'],
    [
      'paid companion',
      { service_type: 'companion', role: 'provide', companion_price: 150 },
      'PAID COMPANION',
    ],
    ['ride driver', { service_type: 'ride', role: 'driver', companion_price: 0 }, 'PROVIDE RIDE'],
    ['ride passenger', { service_type: 'ride', role: 'passenger', companion_price: 0 }, 'NEED RIDE'],
    ['document', { service_type: 'document', role: 'sender', companion_price: 0 }, 'DOCUMENT'],
  ])('%s', (_name, result, badge) => {
    expect(resultBadge(result)).toBe(badge);
  });
});

describe('ticket line (spec §4)', () => {
  it.each([
    [
      'confirmed with a date',
      { confirmed_ticket: true, date: '2026-12-05', tentative_from_date: null, tentative_to_date: null },
      'Tickets Booked',
    ],
    [
      'not confirmed',
      { confirmed_ticket: false, date: '2026-12-05', tentative_from_date: null, tentative_to_date: null },
      'Tickets Not Booked',
    ],
    [
      'no date but tentative dates',
      {
        confirmed_ticket: true,
        date: null,
        tentative_from_date: '2026-12-01',
        tentative_to_date: '2026-12-09',
      },
      'Tickets Not Booked',
    ],
    [
      'no date and no tentative dates',
      { confirmed_ticket: true, date: null, tentative_from_date: null, tentative_to_date: null },
      'Tickets Booked',
    ],
  ])('%s', (_name, result, line) => {
    expect(ticketLine(result)).toBe(line);
  });
});

describe('owner shown on a card', () => {
  it.each([
    ['public: the owner', { owner: 'Asha', passenger_name: 'Kamala Devi' }, true, 'Asha'],
    ['public: Traveler without an owner', { owner: '  ' }, true, 'Traveler'],
    [
      'signed in: the passenger first',
      { owner: 'Asha', passenger_name: 'Kamala Devi' },
      false,
      'Kamala Devi',
    ],
    ['signed in: else the owner', { owner: 'Asha' }, false, 'Asha'],
    ['signed in: else Traveler', { owner: '', passenger_name: '' }, false, 'Traveler'],
  ])('%s', (_name, result, publicMode, shown) => {
    expect(resultOwnerName(result, publicMode)).toBe(shown);
  });
});

describe('card texts', () => {
  it('shows at most 3 language chips, trimmed, without blanks', () => {
    expect(languageChips('Hindi, English,, Tamil , Telugu, Urdu')).toEqual(['Hindi', 'English', 'Tamil']);
    expect(languageChips('')).toEqual([]);
  });

  it('shows 0 as Free Service and anything else in dollars', () => {
    expect(priceLabel(0)).toBe('Free Service');
    expect(priceLabel(150)).toBe('$150');
  });

  it.each([
    ['2025-12-05', '05 Dec 2025', 'December 5th, 2025'],
    ['2026-01-01', '01 Jan 2026', 'January 1st, 2026'],
    ['2026-03-22', '22 Mar 2026', 'March 22nd, 2026'],
    ['2026-05-23', '23 May 2026', 'May 23rd, 2026'],
    ['2026-07-11', '11 Jul 2026', 'July 11th, 2026'],
    ['2026-08-12', '12 Aug 2026', 'August 12th, 2026'],
    ['2026-09-13', '13 Sep 2026', 'September 13th, 2026'],
    ['2026-10-31', '31 Oct 2026', 'October 31st, 2026'],
  ])('%s reads %s and %s', (iso, short, long) => {
    expect(shortDate(iso)).toBe(short);
    expect(longDate(iso)).toBe(long);
  });

  it('shows a tentative range when there is no date', () => {
    expect(
      travelDateText(
        {
          confirmed_ticket: false,
          date: null,
          tentative_from_date: '2026-12-01',
          tentative_to_date: '2026-12-09',
        },
        shortDate,
      ),
    ).toBe('01 Dec 2026 – 09 Dec 2026');
    expect(
      travelDateText(
        { confirmed_ticket: true, date: '2026-12-05', tentative_from_date: null, tentative_to_date: null },
        longDate,
      ),
    ).toBe('December 5th, 2026');
  });

  it('shows the submission day as month/day/year', () => {
    expect(submittedDate('2026-11-21T12:00:00.000Z')).toBe('11/21/2026');
  });

  it('reads the heading from the count and the from-airport', () => {
    expect(searchHeading(3, 'Indira Gandhi International Airport (DEL)')).toBe(
      'Found 3 traveller(s) from Indira Gandhi International Airport (DEL)',
    );
    expect(searchHeading(1)).toBe('Found 1 traveller(s)');
    expect(searchHeading(0, 'Indira Gandhi International Airport (DEL)')).toBe('No results found');
  });
});
