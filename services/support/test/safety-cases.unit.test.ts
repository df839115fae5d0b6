/**
 * The automatic safety case (issue 37): messages flagged carry or money in conversations with 3 or more
 * people within 30 days open one case per sender and 30-day period, decided on the set, in any order.
 */
import type { FlaggedMessage } from '../src/persistence/flagged-messages';
import { safetyCaseDetails, safetyCasesDue, safetyPeriodOf } from '../src/use-cases/safety-cases';

const flagged = (
  recipient: string,
  sentAt: string,
  kinds: FlaggedMessage['kinds'] = ['carry'],
): FlaggedMessage => ({
  messageId: `CV-${recipient}:${sentAt}`,
  conversationId: `CV-${recipient}`,
  recipientId: recipient,
  kinds,
  sentAt,
});

const shuffled = <T>(items: T[]) => [...items].reverse();

test('three people within 30 days open a case; two, or three spread over more than 30 days, do not', () => {
  const burst = [
    flagged('a', '2027-01-01T10:00:00.000Z'),
    flagged('a', '2027-01-02T10:00:00.000Z', ['money']),
    flagged('b', '2027-01-10T10:00:00.000Z'),
    flagged('c', '2027-01-20T10:00:00.000Z', ['money']),
  ];
  const due = safetyCasesDue(burst);
  expect(due).toHaveLength(1);
  expect(due[0]!.period).toBe(safetyPeriodOf('2027-01-20T10:00:00.000Z'));
  expect(safetyCasesDue(burst.slice(0, 3))).toEqual([]);
  expect(
    safetyCasesDue([
      flagged('a', '2027-01-01T10:00:00.000Z'),
      flagged('b', '2027-01-20T10:00:00.000Z'),
      flagged('c', '2027-02-05T10:00:00.000Z'),
    ]),
  ).toEqual([]);
  // The same set in another order gives the same cases.
  expect(safetyCasesDue(shuffled(burst))).toEqual(due);
});

test('more flagged messages in the same period open nothing more; a burst in a later period opens a second case', () => {
  const first = ['a', 'b', 'c', 'd', 'e'].map((who, day) => flagged(who, `2027-01-1${day}T08:00:00.000Z`));
  expect(safetyCasesDue(first)).toHaveLength(1);
  const later = ['f', 'g', 'h'].map((who, day) => flagged(who, `2027-06-1${day}T08:00:00.000Z`));
  const due = safetyCasesDue([...later, ...first]);
  expect(due.map((entry) => entry.period)).toEqual([
    safetyPeriodOf('2027-01-12T08:00:00.000Z'),
    safetyPeriodOf('2027-06-12T08:00:00.000Z'),
  ]);
});

test('the case says kinds, counts, people, dates and conversations, and never a text', () => {
  const window = [
    flagged('a', '2027-01-01T10:00:00.000Z', ['carry', 'money']),
    flagged('b', '2027-01-10T10:00:00.000Z'),
    flagged('c', '2027-01-20T10:00:00.000Z', ['money']),
  ];
  const details = safetyCaseDetails(window);
  expect(details).toContain('with 3 people within 30 days: carry ×2, money ×2');
  expect(details).toContain('2027-01-01, 2027-01-10, 2027-01-20');
  expect(details).toContain('CV-a, CV-b, CV-c');
});
