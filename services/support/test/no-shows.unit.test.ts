/** The no-show rule (addendum §2.1): decided on the set of no-shows, the same cases in any order. */
import { monthsBefore } from '@safarsaathi/contracts';
import { casesDue } from '../src/use-cases/no-shows';
import type { NoShowEntry } from '../src/persistence/no-shows';

const noShow = (referenceId: string, travelDate: string): NoShowEntry => ({
  referenceId,
  travelDate,
  tripId: `trip-${referenceId}`,
  reporterUserId: `reporter-${referenceId}`,
});
const opened = (entries: NoShowEntry[]) =>
  casesDue(entries)
    .map(({ entry, previous }) => `${entry.referenceId}<${previous.referenceId}`)
    .sort();

test('one no-show opens nothing; a second within 12 months opens one case, named by the later one', () => {
  expect(opened([noShow('A', '2030-01-10')])).toEqual([]);
  expect(opened([noShow('A', '2030-01-10'), noShow('B', '2031-01-10')])).toEqual(['B<A']);
  expect(opened([noShow('A', '2030-01-10'), noShow('B', '2031-01-11')])).toEqual([]);
});

test('the same set gives the same cases whatever order the no-shows arrived in', () => {
  const a = noShow('A', '2030-01-10');
  const b = noShow('B', '2030-09-01');
  const c = noShow('C', '2031-06-01');
  const expected = ['B<A', 'C<B'];
  for (const order of [
    [a, b, c],
    [c, a, b],
    [b, c, a],
  ])
    expect(opened(order)).toEqual(expected);
});

test('12 calendar months back, month ends included', () => {
  expect(monthsBefore('2031-01-10', 12)).toBe('2030-01-10');
  expect(monthsBefore('2030-03-31', 1)).toBe('2030-02-28');
  expect(monthsBefore('2032-02-29', 12)).toBe('2031-02-28');
});
