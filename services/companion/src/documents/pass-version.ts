/** The version a printed pickup pass carries in its QR link (issue 39); used by the pass and the family link. */
import { createHash } from 'node:crypto';
import type { TripRecord } from '../persistence/trips';

/**
 * The version of the hand-over code a pass is printed with (the `?pass=` of its QR link): a digest of the
 * trip and the moment its code was made, so a new code or another companion makes every earlier pass
 * outdated. Never the code itself. "0": no code yet (a pass printed before a match).
 */
export function passVersion(trip: Pick<TripRecord, '_id' | 'handover'> | null): string {
  if (!trip) return '0';
  return createHash('sha256')
    .update(`${trip._id}|${new Date(trip.handover.made_at).toISOString()}`)
    .digest('base64url')
    .slice(0, 12);
}
