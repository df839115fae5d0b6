import { describe, expect, it } from '@jest/globals';
import { MEETING_TIME } from '@safarsaathi/contracts';
import { formatInZone, isoToZonedInput, zoneOffsetMinutes, zonedInputToIso } from '../src/i18n/zonedTime';

describe('a meeting time typed on the origin airport’s wall clock (issue 21)', () => {
  it('gets that zone’s offset on that day, half hours and daylight saving included', () => {
    expect(zonedInputToIso('2027-01-12T10:30', 'Asia/Kolkata')).toBe('2027-01-12T10:30:00+05:30');
    expect(zonedInputToIso('2027-01-12T10:30', 'Asia/Kathmandu')).toBe('2027-01-12T10:30:00+05:45');
    expect(zonedInputToIso('2027-01-12T10:30', 'America/New_York')).toBe('2027-01-12T10:30:00-05:00');
    expect(zonedInputToIso('2027-07-12T10:30', 'America/New_York')).toBe('2027-07-12T10:30:00-04:00');
    expect(zonedInputToIso('2027-07-12T23:15', 'Europe/London')).toBe('2027-07-12T23:15:00+01:00');
    expect(zonedInputToIso('2027-01-12T00:05', 'UTC')).toBe('2027-01-12T00:05:00+00:00');
  });

  it('is what the service accepts, and means the instant the traveller typed', () => {
    const iso = zonedInputToIso('2027-03-28T01:30', 'Europe/London')!;
    expect(iso).toMatch(MEETING_TIME);
    // Around the clock change: the instant reads back as the same wall time in that zone.
    for (const local of ['2027-03-28T00:30', '2027-03-28T02:30', '2027-10-31T01:30', '2027-10-31T03:00']) {
      expect(isoToZonedInput(zonedInputToIso(local, 'Europe/London')!, 'Europe/London')).toBe(local);
    }
  });

  it('refuses what is not a date and time', () => {
    expect(zonedInputToIso('', 'Asia/Kolkata')).toBeNull();
    expect(zonedInputToIso('2027-02-30T10:00', 'Asia/Kolkata')).toBeNull();
    expect(zonedInputToIso('10:30', 'Asia/Kolkata')).toBeNull();
  });
});

describe('a meeting time shown in the origin airport’s zone', () => {
  it('reads the wall clock there, whatever the offset it was written with', () => {
    expect(isoToZonedInput('2027-01-12T05:00:00Z', 'Asia/Kolkata')).toBe('2027-01-12T10:30');
    expect(isoToZonedInput('2027-01-12T10:30:00+05:30', 'America/Los_Angeles')).toBe('2027-01-11T21:00');
    expect(formatInZone('2027-01-12T05:00:00Z', 'Asia/Kolkata', 'en')).toBe('Tue, Jan 12, 2027, 10:30 AM');
    expect(formatInZone('2027-01-12T05:00:00Z', 'America/New_York', 'en')).toBe(
      'Tue, Jan 12, 2027, 12:00 AM',
    );
  });

  it('knows each zone’s offset at an instant', () => {
    expect(zoneOffsetMinutes(Date.UTC(2027, 0, 12), 'Asia/Kolkata')).toBe(330);
    expect(zoneOffsetMinutes(Date.UTC(2027, 6, 12), 'America/New_York')).toBe(-240);
  });
});
