import { describe, expect, it } from '@jest/globals';
import {
  MATCH_RELEASED_TEXTS,
  NOTIFICATION_TEXT_KEYS,
  serverTexts,
  matchTexts,
  notificationSchema,
  notificationText,
  fillNotificationText,
  notificationLink,
  pushRouteOf,
  tripLabel,
} from '../src';

describe('notification texts', () => {
  it('English names people and trips: the traveller by first name, the trip by flight and date', () => {
    const posted = {
      caseid: 'SC-1',
      traveller: 'Kamala',
      flight: 'AI 105',
      date: '2026-12-16',
      from: 'DEL',
      to: 'EWR',
    };
    expect(notificationText({ key: 'request_created', params: posted })).toEqual({
      title: 'Request posted',
      message:
        'Your request for Kamala (AI 105, 16 Dec) is posted. We will tell you as soon as we find a companion.',
    });
    expect(notificationText({ key: 'match_found', params: { ...posted, other: 'Meera' } }).message).toBe(
      "Meera (AI 105, 16 Dec) can be Kamala's companion. Open the request to see the details and start a chat.",
    );
    // No flight booked yet: the route and the dates.
    expect(
      notificationText({
        key: 'request_cancelled',
        params: {
          caseid: 'SC-2',
          traveller: 'Kamala',
          from: 'DEL',
          to: 'EWR',
          date: '2026-12-10',
          dateTo: '2026-12-14',
        },
      }).message,
    ).toBe('Your request for Kamala (DEL → EWR, 10 Dec–14 Dec) is cancelled.');
    expect(matchTexts({ caseid: 'CR1', otherCaseid: 'CR2', complete: true }).title).toBe(
      'Companion found on the same flights!',
    );
    expect(MATCH_RELEASED_TEXTS.title).toBe('Your companion has changed');
  });

  it('Hindi fills the same values into its own words, with the trip said its way', () => {
    const hindi = notificationText(
      {
        key: 'request_created',
        params: { caseid: 'SC-1', traveller: 'कमला', flight: 'AI 105', date: '2026-12-16' },
      },
      'hi',
    );
    expect(hindi.title).toBe('अनुरोध भेज दिया गया');
    expect(hindi.message).toBe(
      'कमला के लिए आपका अनुरोध (AI 105, 16 दिस॰) भेज दिया गया है। सहयात्री मिलते ही हम आपको बताएँगे।',
    );
  });

  it('every key has a title and a message in both languages, with the same placeholders', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const key of NOTIFICATION_TEXT_KEYS) {
      for (const part of ['title', 'message'] as const) {
        expect(serverTexts('hi').notifications[key][part]).not.toBe('');
        expect(serverTexts('hi').notifications[key][part]).not.toBe(
          serverTexts('en').notifications[key][part],
        );
        expect(placeholders(serverTexts('hi').notifications[key][part])).toEqual(
          placeholders(serverTexts('en').notifications[key][part]),
        );
      }
    }
  });

  it('a notice without the values its words need (stored before they named people) is not filled: the stored English shows', () => {
    const templates = serverTexts('hi').notifications;
    expect(
      fillNotificationText({ key: 'request_cancelled', params: { caseid: 'SC-1' } }, templates, 'hi'),
    ).toBeNull();
    // Its stored (English) words put the case ids where the names go, and never show a placeholder.
    expect(notificationText({ key: 'request_cancelled', params: { caseid: 'SC-1' } }).message).toBe(
      'Your request for SC-1 is cancelled.',
    );
    expect(
      notificationText({ key: 'match_found', params: { caseid: 'SC-1', otherCaseid: 'SC-2' } }).message,
    ).not.toMatch(/\{\{|undefined/);
  });

  it('every notice opens a place in the app: the request it is about, the dashboard, the profile', () => {
    expect(notificationLink({ key: 'meeting_set', params: { caseid: 'SC-AB12' } }, 'meeting_set')).toBe(
      '/companion-service?request=SC-AB12',
    );
    expect(notificationLink({ key: 'welcome', params: {} }, 'other')).toBe('/dashboard');
    expect(notificationLink({ key: 'profile_updated', params: {} }, 'profile_updated')).toBe('/profile');
    expect(notificationLink(undefined, 'match_found')).toBe('/companion-service');
  });

  it('a trip is said in the reader’s language: flight and date, or the route and dates', () => {
    expect(tripLabel({ flight: 'AI 105', date: '2026-12-16' })).toBe('AI 105, 16 Dec');
    expect(tripLabel({ from: 'DEL', to: 'EWR', date: '2026-12-16' })).toBe('DEL → EWR, 16 Dec');
    expect(tripLabel({ flight: 'AI 105', date: '2026-12-16' }, 'ta')).toBe('AI 105, டிச. 16');
    expect(tripLabel({})).toBe('');
  });

  it('the API shape accepts a notification with or without its text key, and refuses an unknown key', () => {
    const base = {
      notification_id: 'n1',
      notification_type: 'other',
      service_type: 'profile',
      title: 't',
      message: 'm',
      created_at: '2026-11-23T00:00:00Z',
      is_read: false,
      link: '/dashboard',
    };
    expect(notificationSchema.safeParse(base).success).toBe(true);
    expect(notificationSchema.safeParse({ ...base, text: { key: 'welcome', params: {} } }).success).toBe(
      true,
    );
    expect(notificationSchema.safeParse({ ...base, text: { key: 'nope', params: {} } }).success).toBe(false);
  });
});

describe('a companion who leaves (issue 36)', () => {
  it('the notice names people by first name, and is pushed to the companion screen like any match change', () => {
    expect(
      notificationText({ key: 'companion_left', params: { former: 'Arjun', traveller: 'Kamala' } }).message,
    ).toBe('Arjun can no longer travel with Kamala. We are looking for a new companion.');
    for (const key of [
      'companion_left',
      'companion_left_unnamed',
      'traveller_left',
      'traveller_left_unnamed',
      'match_released_restored',
    ] as const)
      expect(pushRouteOf(key, 'match_released')).toEqual({ kind: 'match', url: '/companion-service' });
    expect(pushRouteOf('meeting_updated', 'meeting_set')).toEqual({
      kind: 'trip',
      url: '/companion-service',
    });
  });
});
