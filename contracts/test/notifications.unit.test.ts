import { describe, expect, it } from '@jest/globals';
import {
  MATCH_RELEASED_TEXTS,
  NOTIFICATION_TEXT_KEYS,
  serverTexts,
  matchTexts,
  notificationSchema,
  notificationText,
  pushRouteOf,
} from '../src';

describe('notification texts', () => {
  it('English renders the texts the service has always stored', () => {
    expect(
      notificationText({ key: 'request_created', params: { from: 'DEL', to: 'BOM', caseid: 'CR1' } }),
    ).toEqual({
      title: 'Companion request created',
      message: 'Your companion request from DEL to BOM has been created. Case ID: CR1',
    });
    expect(notificationText({ key: 'request_cancelled', params: { caseid: 'CR1' } }).message).toBe(
      'Your companion request CR1 has been cancelled.',
    );
    expect(matchTexts({ caseid: 'CR1', otherCaseid: 'CR2', complete: true }).title).toBe(
      'Complete match found!',
    );
    expect(MATCH_RELEASED_TEXTS.message('CR9')).toContain('companion request CR9 is now paired');
  });

  it('Hindi fills the same values into its own words', () => {
    const hindi = notificationText(
      { key: 'request_created', params: { from: 'DEL', to: 'BOM', caseid: 'CR1' } },
      'hi',
    );
    expect(hindi.title).toBe('सहयात्री अनुरोध बन गया');
    expect(hindi.message).toBe('DEL से BOM के लिए आपका सहयात्री अनुरोध बन गया है। केस आईडी: CR1');
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

  it('a missing value leaves its placeholder visible rather than printing undefined', () => {
    expect(notificationText({ key: 'request_cancelled', params: {} }).message).toBe(
      'Your companion request {{caseid}} has been cancelled.',
    );
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
