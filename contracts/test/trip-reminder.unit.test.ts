/**
 * The trip reminder's words (addendum §1.5): the flight, the meeting point or a prompt to agree on one, the
 * hand-over steps for each side, every time at the origin airport with its zone named, in English and Hindi.
 */
import { describe, expect, it } from '@jest/globals';
import { renderTripReminderEmail, tripReminderNotificationText, wallTimeIn, type EventData } from '../src';

const reminder: EventData<'trip_reminder_triggered'> = {
  tripId: 'SC-N1:SC-P1',
  dueAt: '2031-01-09T03:35:00.000Z',
  flight: {
    from_airport: 'DEL',
    to_airport: 'JFK',
    date: '2031-01-10',
    airlines: 'Air India',
    flight_number: 'AI101',
    departure_time: '09:05',
    origin_timezone: 'Asia/Kolkata',
  },
  meeting: null,
  parties: [
    { caseid: 'SC-N1', userId: 'u1', role: 'need', companionFirstName: 'Ravi' },
    { caseid: 'SC-P1', userId: 'u2', role: 'provide', companionFirstName: 'Kamala' },
  ],
};
const [need, provide] = reminder.parties;

describe('trip reminder', () => {
  it('the notice names the departure at the origin and its zone, or only the date without a time', () => {
    expect(tripReminderNotificationText(reminder, need!)).toEqual({
      key: 'trip_reminder',
      params: {
        caseid: 'SC-N1',
        flight: 'AI101',
        from: 'DEL',
        to: 'JFK',
        date: '2031-01-10',
        time: '09:05',
        zone: 'Asia/Kolkata',
      },
    });
    const noTime = { ...reminder, flight: { ...reminder.flight, departure_time: null } };
    expect(tripReminderNotificationText(noTime, need!).key).toBe('trip_reminder_no_time');
  });

  it('without a meeting point it asks to agree on one; each side gets its own hand-over steps', () => {
    const seeker = renderTripReminderEmail(reminder, need!, 'Asha Rao');
    expect(seeker.subject).toBe('SafarSaathi: your trip SC-N1 is coming up');
    expect(seeker.text).toContain('Departure: 2031-01-10 at 09:05 (Asia/Kolkata time)');
    expect(seeker.text).toContain('No meeting point yet: agree on one with Ravi');
    expect(seeker.text).toContain('tells Ravi the 6-digit hand-over code shown on your request card');
    const companion = renderTripReminderEmail(reminder, provide!, 'Ravi Nair');
    expect(companion.text).toContain('The traveller you accompany: Kamala');
    expect(companion.text).toContain('ask them for the 6-digit hand-over code and enter it');
  });

  it('a meeting time written with another offset is shown at the origin, in Hindi too', () => {
    // 03:00 UTC is 08:30 in Delhi.
    const met = { ...reminder, meeting: { place: 'Gate 14', time: '2031-01-10T03:00:00Z' } };
    expect(renderTripReminderEmail(met, need!, 'Asha').text).toContain(
      'Meeting point: Gate 14, 2031-01-10 at 08:30 (Asia/Kolkata time)',
    );
    const hindi = renderTripReminderEmail(met, provide!, 'Ravi', 'hi');
    expect(hindi.subject).toBe('SafarSaathi: आपकी यात्रा SC-P1 नज़दीक है');
    expect(hindi.text).toContain('मिलने की जगह: Gate 14, 2031-01-10 को 08:30 बजे (Asia/Kolkata समय)');
  });

  it('wallTimeIn reads an instant at a zone, summer time included', () => {
    expect(wallTimeIn('2031-07-15T18:30:00Z', 'America/New_York')).toEqual({
      date: '2031-07-15',
      time: '14:30',
    });
    expect(wallTimeIn('2031-01-15T04:30:00Z', 'America/New_York')).toEqual({
      date: '2031-01-14',
      time: '23:30',
    });
  });
});
