import { describe, expect, it } from '@jest/globals';
import { airportTimeText } from '../src/companion/airportTime';

const TEMPLATE = '{{time}}, {{city}} time';

describe('the arrival on the card (issue 39): the destination’s clock, named by its city', () => {
  it('shows the local date and time of the airport’s zone, named by the city, never the zone', () => {
    const text = airportTimeText(
      '2030-01-12',
      '06:15',
      { zone: 'America/Toronto', city: 'Toronto' },
      'en',
      TEMPLATE,
    );
    expect(text).toMatch(/^Jan 12, 06:15, Toronto time$/);
    expect(text).not.toContain('America/');
    // In Hindi the same wall clock, with the Hindi template.
    expect(
      airportTimeText(
        '2030-01-12',
        '23:40',
        { zone: 'Asia/Kolkata', city: 'New Delhi' },
        'hi',
        '{{time}}, {{city}} का समय',
      ),
    ).toMatch(/23:40, New Delhi का समय$/);
  });

  it('without a zone: the time as typed, still named by the city; a date alone; nothing', () => {
    expect(airportTimeText('2030-01-12', '06:15', { zone: null, city: 'Toronto' }, 'en', TEMPLATE)).toBe(
      '01/12/2030, 06:15, Toronto time',
    );
    expect(
      airportTimeText('2030-01-12', '06:15', { zone: 'Mars/Olympus', city: 'YYZ' }, 'en', TEMPLATE),
    ).toBe('01/12/2030, 06:15, YYZ time');
    expect(
      airportTimeText('2030-01-12', null, { zone: 'America/Toronto', city: 'Toronto' }, 'en', TEMPLATE),
    ).toBe('01/12/2030');
    expect(airportTimeText(null, null, { zone: null, city: 'Toronto' }, 'en', TEMPLATE)).toBeNull();
  });
});
