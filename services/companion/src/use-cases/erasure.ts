/**
 * Erasure of a deleted user's words and names (issue 40, docs/decisions.md "Erasure that leaves nothing"),
 * after ownerDeleted has ended their requests and deleted their plans:
 * - every request of theirs keeps no passenger name, description, emergency contact, traveller's-card details
 *   (address, receiver, assistance notes) or partner snapshot;
 * - a partner's request that still shows them as its matched companion no longer shows their name (search's
 *   release clears the whole match soon after; this does not wait for it);
 * - every trip they were a party of loses the meeting place they wrote and the reference text they wrote
 *   (the partner's own words stay theirs);
 * - events still staged on those documents lose the person too.
 * Idempotent: each write happens only when something is left to erase, so a redelivery changes nothing.
 */
import { erasePendingEvents, revisedWrite } from '@safarsaathi/platform';
import { findOwner } from '../persistence/owners';
import { findRequest, requestLockKey, type StoredRequest } from '../persistence/requests';
import { tripLockKey, type Side, type TripRecord } from '../persistence/trips';
import type { CompanionContext } from './context';

type ErasureContext = Pick<CompanionContext, 'owners' | 'requests' | 'trips' | 'locks'>;

export async function eraseOwnerWords(ctx: ErasureContext, userId: string): Promise<void> {
  const owner = await findOwner(ctx.owners, userId);
  for (const caseid of owner?.requestIds ?? []) {
    const partnerCaseid = await ctx.locks.around(requestLockKey(caseid), async () => {
      const record = await findRequest(ctx.requests, caseid);
      if (!record || record.ownerId !== userId) return null;
      await erasePendingEvents(ctx.requests, record._id, userId, ctx.locks.enabled);
      if (
        record.passenger_name !== '' ||
        record.description !== null ||
        record.emergency_contact ||
        record.destination_address ||
        record.receiver_name ||
        record.assistance ||
        record.matched_companion ||
        record.share_link
      ) {
        await ctx.requests.updateOne(
          { _id: record._id },
          {
            $set: {
              passenger_name: '',
              description: null,
              emergency_contact: null,
              // The traveller's card (issue 39): an address, a person's name and free-text notes.
              destination_address: null,
              receiver_name: null,
              assistance: null,
              matched_companion: null,
              share_link: null,
              updated_at: new Date(),
            },
          },
        );
      }
      return record.companion_match_caseid;
    });
    if (partnerCaseid) await forgetInPartner(ctx, partnerCaseid, caseid);
  }
  // A user's trips: every pair document naming them (FerretDB reads the collection: erasure is rare, and a
  // trip of a match released long ago is found too).
  const trips = await ctx.trips
    .find({ $or: [{ need_owner: userId }, { provide_owner: userId }] }, { _id: 1 })
    .lean<Array<{ _id: string }>>();
  for (const { _id } of trips) await eraseFromTrip(ctx, _id, userId);
}

/** The partner's request no longer names the erased passenger in its match snapshot. */
async function forgetInPartner(
  ctx: ErasureContext,
  partnerCaseid: string,
  erasedCaseid: string,
): Promise<void> {
  await ctx.locks.around(requestLockKey(partnerCaseid), async () => {
    const partner: StoredRequest | null = await findRequest(ctx.requests, partnerCaseid);
    if (partner?.companion_match_caseid !== erasedCaseid || !partner.matched_companion?.name) return;
    await ctx.requests.updateOne({ _id: partner._id }, { $set: { 'matched_companion.name': '' } });
  });
}

async function eraseFromTrip(ctx: ErasureContext, tripId: string, userId: string): Promise<void> {
  await revisedWrite(ctx.trips, ctx.locks, tripLockKey(tripId), tripId, (trip: TripRecord | null) => {
    if (!trip) return null;
    const sides: Side[] = [
      ...(trip.need_owner === userId ? (['need'] as const) : []),
      ...(trip.provide_owner === userId ? (['provide'] as const) : []),
    ];
    const set: Record<string, unknown> = {};
    for (const side of sides) {
      if (trip.meeting?.set_by === side && trip.meeting.place !== '') set['meeting.place'] = '';
      if (trip.references?.[side]?.text) set[`references.${side}.text`] = '';
    }
    return Object.keys(set).length > 0 ? { $set: set } : null;
  });
  await ctx.locks.around(tripLockKey(tripId), () =>
    erasePendingEvents(ctx.trips, tripId, userId, ctx.locks.enabled),
  );
}
