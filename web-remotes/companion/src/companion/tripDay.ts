/** What a request card shows of the trip day (addendum §1.2): the window, and which steps can be tapped. */
import {
  MILESTONES,
  addDays,
  withinTripWindow,
  type CompanionRequestView,
  type Milestone,
} from '@safarsaathi/contracts';

/** The trip's travel date as the service counts it: the seeker's booked date, else the companion's. */
export function tripDateOf(request: CompanionRequestView): string | null {
  const own = request.date;
  const other = request.matched_companion?.travel_date ?? null;
  return request.role === 'need' ? (own ?? other) : (other ?? own);
}

export type TripWindow =
  | { state: 'open'; from: string; to: string }
  | { state: 'before'; from: string; to: string }
  | { state: 'after'; from: string; to: string }
  | { state: 'unknown' };

/** The milestone window (the day before the travel date to two days after it, UTC dates) on `today`. */
export function tripWindow(travelDate: string | null, today: string): TripWindow {
  if (!travelDate) return { state: 'unknown' };
  const from = addDays(travelDate, -1);
  const to = addDays(travelDate, 2);
  if (withinTripWindow(travelDate, today)) return { state: 'open', from, to };
  return { state: today < from ? 'before' : 'after', from, to };
}

export type StepState = 'done' | 'skipped' | 'next' | 'waiting';

/**
 * Each milestone's state: recorded ('done'); passed over by a later recorded one ('skipped', never
 * recordable again); recordable by this side now ('next'); or not this side's to record ('waiting': the
 * hand-over on the need side, which the companion records with the need side's code).
 */
export function stepStates(
  request: Pick<CompanionRequestView, 'role' | 'trip'>,
): Array<{ milestone: Milestone; state: StepState }> {
  const recorded = new Set(request.trip.milestones.map((entry) => entry.milestone));
  const latest = Math.max(-1, ...MILESTONES.map((m, index) => (recorded.has(m) ? index : -1)));
  return MILESTONES.map((milestone, index) => {
    if (recorded.has(milestone)) return { milestone, state: 'done' as const };
    if (index < latest) return { milestone, state: 'skipped' as const };
    if (milestone === 'handed_over' && request.role !== 'provide')
      return { milestone, state: 'waiting' as const };
    return { milestone, state: 'next' as const };
  });
}
