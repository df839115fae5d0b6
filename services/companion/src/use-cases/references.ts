/**
 * POST /api/companions/requests/:id/reference (addendum §2.1): a reference lives on the pair's trip
 * document (`references.<side>`), written once per side with revisedWrite, its reference_recorded staged
 * in the same write; the trust figures follow from that event (trust.ts).
 */
import {
  COMPANION_MESSAGES,
  REFERENCE_MESSAGES,
  referenceWindow,
  revealDate,
  todayIso,
  type CompanionRequestView,
  type EventEnvelope,
  type Identity,
  type ReferenceRequest,
} from '@safarsaathi/contracts';
import {
  conflict,
  notFound,
  outboxEvent,
  readableId,
  revisedWrite,
  stageEvents,
} from '@safarsaathi/platform';
import { findRequest } from '../persistence/requests';
import { tripLockKey, type Side, type StoredReference } from '../persistence/trips';
import type { CompanionContext } from './context';
import { otherSide } from './trust';
import { matchedPair, requestViewWithTrip, tellBoth, tripDate, tripOf } from './trip';

const PRODUCER = 'companion';

/**
 * POST /api/companions/requests/:id/reference. 404 for anyone but a party of a current match (and for a
 * request never matched); 409 before the travel date, after the 30 days, or for a second reference.
 */
export async function writeReference(
  ctx: CompanionContext,
  identity: Identity,
  caseid: string,
  body: ReferenceRequest,
): Promise<CompanionRequestView> {
  const record = await findRequest(ctx.requests, caseid);
  if (!record || record.ownerId !== identity.userId || record.status === 'inactive')
    throw notFound(COMPANION_MESSAGES.notFound);
  const pair = await matchedPair(ctx, record);
  if (!pair) throw notFound(COMPANION_MESSAGES.notFound);
  const travelDate = tripDate(pair);
  const today = todayIso();
  const window = referenceWindow(travelDate, today);
  if (window === 'before') throw conflict(REFERENCE_MESSAGES.tooEarly);
  if (window === 'after') throw conflict(REFERENCE_MESSAGES.tooLate);
  await tripOf(ctx, pair);
  const owners: Record<Side, string> = { need: pair.need.ownerId, provide: pair.provide.ownerId };
  let staged: EventEnvelope[] = [];
  await revisedWrite(ctx.trips, ctx.locks, tripLockKey(pair.tripId), pair.tripId, (current) => {
    const written = current?.references ?? {};
    if (written[pair.side]) throw conflict(REFERENCE_MESSAGES.alreadyWritten);
    const mine: StoredReference = {
      id: readableId('RF'),
      rating: body.rating,
      text: body.text,
      no_show: body.no_show ?? false,
      at: new Date(),
    };
    const all: Partial<Record<Side, StoredReference>> = { ...written, [pair.side]: mine };
    // Both written: both are revealed today (unless the 14 days already came).
    const reveal = revealDate(travelDate!);
    const visibleFrom = all.need && all.provide && today < reveal ? today : reveal;
    staged = [
      outboxEvent(PRODUCER, 'reference_recorded', pair.tripId, {
        tripId: pair.tripId,
        travelDate: travelDate!,
        references: (['need', 'provide'] as const)
          .filter((side) => all[side])
          .map((side) => ({
            referenceId: all[side]!.id,
            authorUserId: owners[side],
            subjectUserId: owners[otherSide(side)],
            rating: all[side]!.rating,
            no_show: all[side]!.no_show,
            visibleFrom,
          })),
      }),
    ];
    return stageEvents(staged, { $set: { references: all } });
  });
  ctx.flushOutbox({ model: ctx.trips, id: pair.tripId, events: staged });
  tellBoth(ctx, pair);
  return requestViewWithTrip(ctx, pair.self);
}
