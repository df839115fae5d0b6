/** Times named by their city (issue 38): the airport's own clock, 24-hour, "21:40, New Delhi time". */
import { describe, expect, it } from '@jest/globals';
import { parseAirportsCsv } from '@safarsaathi/contracts';
import { airportCity, formatCityTime, placesCatalogue } from '../src/i18n/cityTime';

const EN = placesCatalogue.en.cityTime;
const delhi = { zone: 'Asia/Kolkata', city: 'New Delhi' };
const newark = { zone: 'America/New_York', city: 'Newark' };

describe('formatCityTime', () => {
  it('reads the instant on the airport’s clock and names the city, never the zone', () => {
    // 16:10 UTC is 21:40 in India (+05:30).
    expect(formatCityTime('2030-12-16T16:10:00.000Z', delhi, 'en', EN)).toBe('21:40, New Delhi time');
    // The same instant at the destination: 11:10 in Newark in December (EST, -05:00).
    expect(formatCityTime('2030-12-16T16:10:00.000Z', newark, 'en', EN)).toBe('11:10, Newark time');
    expect(formatCityTime('2030-12-16T16:10:00.000Z', newark, 'en', EN)).not.toMatch(/America|EST|GMT/);
  });

  it('follows daylight saving where the city has it', () => {
    // July in Newark is EDT (-04:00).
    expect(formatCityTime('2030-07-16T16:10:00.000Z', newark, 'en', EN)).toBe('12:10, Newark time');
  });

  it('puts the day first when asked, on the city’s calendar', () => {
    // 20:00 UTC on the 16th is already the 17th in India.
    expect(formatCityTime('2030-12-16T20:00:00.000Z', delhi, 'en', EN, { withDate: true })).toBe(
      'Dec 17, 01:30, New Delhi time',
    );
  });

  it('speaks the page’s language with its own words', async () => {
    const hindi = (await placesCatalogue.loaders.hi()).default.cityTime;
    expect(formatCityTime('2030-12-16T16:10:00.000Z', delhi, 'hi', hindi)).toBe('21:40, New Delhi का समय');
  });

  it('without a zone it is the reader’s own clock, saying whose', () => {
    const text = formatCityTime('2030-12-16T16:10:00.000Z', { zone: null, city: 'Nowhere' }, 'en', EN);
    expect(text).not.toContain('Nowhere');
    expect(text).toMatch(/^\d{2}:\d{2} \S+/);
    // A zone this runtime does not know is treated the same.
    expect(formatCityTime('2030-12-16T16:10:00.000Z', { zone: 'Mars/Olympus', city: 'X' }, 'en', EN)).toMatch(
      /^\d{2}:\d{2} \S+/,
    );
    expect(formatCityTime('not a time', delhi, 'en', EN)).toBe('not a time');
  });
});

describe('airportCity', () => {
  const airports = parseAirportsCsv(
    'iata_code,name,iso_country,municipality\nDEL,Indira Gandhi International Airport,IN,New Delhi\nZZZ,Nameless Field,IN,\n',
  );
  it('is the list’s city, else the code (while the list loads, or when it names none)', () => {
    expect(airportCity(airports, 'DEL')).toBe('New Delhi');
    expect(airportCity(airports, 'del')).toBe('New Delhi');
    expect(airportCity(airports, 'ZZZ')).toBe('ZZZ');
    expect(airportCity(null, 'DEL')).toBe('DEL');
  });
});
