/**
 * The service worker's offline copy (issue 36, item 5): never the hand-over code or a phone number, and
 * never used once older than a session lives. The browser test (e2e/tests/offline-shared-phone.spec.ts)
 * checks the same on the real worker.
 */
import { expect, test } from '@jest/globals';
import { SESSION_LIFETIME_SECONDS } from '@safarsaathi/contracts';
import { keptWithinSession, offlineCopyOf } from '../src/offline/offlineCache';

const view = {
  caseid: 'SS-2345ABCD',
  role: 'need',
  passenger_name: 'Kamala Rao',
  passenger_age: 79,
  emergency_contact: { name: 'Vikram Rao', phone: '+919812345670' },
  trip: {
    meeting: { place: 'Gate 32', time: '2030-03-10T08:45:00+05:30', set_by: 'me', updated_at: 'x' },
    milestones: [],
    handover_code: '482913',
    emergency_contact: { name: 'Vikram Rao', phone: '+919812345670' },
  },
};

test('a request keeps its trip and names, without the hand-over code or any emergency contact', () => {
  expect(offlineCopyOf([view])).toEqual([
    {
      ...view,
      emergency_contact: null,
      trip: { ...view.trip, handover_code: null, emergency_contact: null },
    },
  ]);
  expect(JSON.stringify(offlineCopyOf([view]))).not.toMatch(/482913|9812345670/);
});

test('the user keeps everything but the phone number', () => {
  const user = { fullname: 'Sunita Rao', phone_number: '+919876543211', email_address: 'sunita@example.com' };
  expect(offlineCopyOf(user)).toEqual({ ...user, phone_number: '' });
});

test('a copy older than a session lives, or without a date, is not used', () => {
  const now = Date.parse('2030-03-10T12:00:00Z');
  const lifetimeMs = SESSION_LIFETIME_SECONDS * 1000;
  expect(keptWithinSession(now - 60_000, now, SESSION_LIFETIME_SECONDS)).toBe(true);
  expect(keptWithinSession(now - lifetimeMs, now, SESSION_LIFETIME_SECONDS)).toBe(true);
  expect(keptWithinSession(now - lifetimeMs - 1, now, SESSION_LIFETIME_SECONDS)).toBe(false);
  expect(keptWithinSession(Number.NaN, now, SESSION_LIFETIME_SECONDS)).toBe(false);
  expect(SESSION_LIFETIME_SECONDS).toBe(7 * 24 * 3600);
});
