import { addDays, todayIso } from '@safarsaathi/contracts';

/**
 * The first travel date the service accepts, and the date before which a request counts as expired:
 * one day before today in UTC. The form uses the user's own today; the user's today may still be
 * yesterday in UTC (the Americas in the evening), so the server allows one day of slack, and uses the
 * same day for expiry so that a request it just accepted never shows as expired.
 */
export function earliestTravelDate(now: Date = new Date()): string {
  return addDays(todayIso(now), -1);
}
