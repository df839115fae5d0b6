/**
 * Trust that cannot be forged (docs/decisions.md "Trust that cannot be forged"), on a movable day: only
 * past trips count, each counterpart once; references of past trips, one per author (the latest); late
 * cancellations for 12 months; and the steps trust_updated carries say the same on each later day.
 */
import { trustAsOf } from '@safarsaathi/contracts';
import type { ReceivedReference, TrustRecord } from '../src/persistence/trust';
import { figuresOn, trustTimeline } from '../src/use-cases/trust';

type Record = Pick<TrustRecord, 'trips' | 'received' | 'late_cancellations'>;
const TODAY = '2027-03-10';

const reference = (
  id: string,
  author: string,
  travel_date: string,
  rating: ReceivedReference['rating'] = 'positive',
  visible_from = travel_date,
): ReceivedReference => ({
  id,
  trip_id: `trip-${id}`,
  author,
  rating,
  no_show: false,
  travel_date,
  visible_from,
});

test('two fresh accounts that run a trip today, hand over and write glowing references change nothing today; tomorrow they count as one trip and one reference', () => {
  const record: Record = {
    trips: [{ trip_id: 't1', counterpart: 'friend', travel_date: TODAY }],
    received: [reference('r1', 'friend', TODAY)],
  };
  expect(figuresOn(record, TODAY)).toEqual({
    trips_completed: 0,
    references: { positive: 0, neutral: 0, negative: 0 },
    late_cancellations: 0,
  });
  expect(figuresOn(record, '2027-03-11')).toEqual({
    trips_completed: 1,
    references: { positive: 1, neutral: 0, negative: 0 },
    late_cancellations: 0,
  });
});

test('however many trips two accounts make together, each counterpart counts once: one trip, one reference (the latest trip’s)', () => {
  const record: Record = {
    trips: [
      { trip_id: 't1', counterpart: 'friend', travel_date: '2027-01-01' },
      { trip_id: 't2', counterpart: 'friend', travel_date: '2027-01-05' },
      { trip_id: 't3', counterpart: 'friend', travel_date: '2027-02-01' },
      { trip_id: 't4', counterpart: 'stranger', travel_date: '2027-02-02' },
    ],
    received: [
      reference('r1', 'friend', '2027-01-01', 'positive'),
      reference('r2', 'friend', '2027-01-05', 'positive'),
      reference('r3', 'friend', '2027-02-01', 'neutral'),
      reference('r4', 'stranger', '2027-02-02', 'negative'),
    ],
  };
  expect(figuresOn(record, TODAY)).toEqual({
    trips_completed: 2,
    references: { positive: 0, neutral: 1, negative: 1 },
    late_cancellations: 0,
  });
});

test('a reference counts from the day it is revealed, and never before the day after its trip', () => {
  const record: Record = {
    trips: [],
    received: [reference('r1', 'a', '2027-03-01', 'positive', '2027-03-15')],
  };
  expect(figuresOn(record, '2027-03-14').references.positive).toBe(0);
  expect(figuresOn(record, '2027-03-15').references.positive).toBe(1);
});

test('late cancellations count for the 12 months after the cancel, then no more', () => {
  const record: Record = {
    trips: [],
    received: [],
    late_cancellations: [
      { caseid: 'SC-1', on: '2026-03-11' },
      { caseid: 'SC-2', on: '2027-01-20' },
    ],
  };
  expect(figuresOn(record, '2027-03-10').late_cancellations).toBe(2);
  expect(figuresOn(record, '2027-03-11').late_cancellations).toBe(1);
  expect(figuresOn(record, '2028-01-20').late_cancellations).toBe(0);
});

test('bare trip ids from before counterparts were kept count as past trips of their own', () => {
  expect(figuresOn({ trips: ['old-1', 'old-2'], received: [] }, TODAY).trips_completed).toBe(2);
});

test('the timeline’s steps give every later day the figures figuresOn gives it, so a reader needs no event when a day passes', () => {
  const record: Record = {
    trips: [
      { trip_id: 't1', counterpart: 'friend', travel_date: TODAY },
      { trip_id: 't2', counterpart: 'other', travel_date: '2027-03-12' },
    ],
    received: [
      reference('r1', 'friend', TODAY),
      reference('r2', 'other', '2027-03-12', 'neutral', '2027-03-26'),
    ],
    late_cancellations: [{ caseid: 'SC-9', on: '2026-06-01' }],
  };
  const { today, steps } = trustTimeline(record, TODAY);
  const event = { ...today, pending: [], member_since: '2027-01', steps };
  for (let offset = 0; offset < 500; offset += 1) {
    const day = new Date(Date.parse(`${TODAY}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
    const { member_since: _since, ...read } = trustAsOf(event, day);
    expect([day, read]).toEqual([day, figuresOn(record, day)]);
  }
  expect(steps.map((step) => step.from)).toEqual(['2027-03-11', '2027-03-13', '2027-03-26', '2027-06-01']);
});
