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
import { matchedPair, referenceTripOf, requestViewWithTrip, tellBoth } from './trip';

const PRODUCER = 'companion';

/**
 * POST /api/companions/requests/:id/reference. 404 for anyone but a party of the trip (and for a request
 * never matched); 409 before the travel date, after the 30 days, or for a second reference. The trip is
 * the current match's, or one kept after its match ended on or after the travel date (referenceTripOf):
 * a cancel, an edit or a deletion after the trip takes neither party's reference away.
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
  const partner =
    pair?.other ??
    (record.companion_match_caseid ? await findRequest(ctx.requests, record.companion_match_caseid) : null);
  const target = await referenceTripOf(ctx, record, pair, partner);
  if (!target) throw notFound(COMPANION_MESSAGES.notFound);
  const { tripId, side, travelDate, trip } = target;
  const today = todayIso();
  const window = referenceWindow(travelDate, today);
  if (window === 'before') throw conflict(REFERENCE_MESSAGES.tooEarly);
  if (window === 'after') throw conflict(REFERENCE_MESSAGES.tooLate);
  const owners: Record<Side, string> = { need: trip.need_owner, provide: trip.provide_owner };
  let staged: EventEnvelope[] = [];
  await revisedWrite(ctx.trips, ctx.locks, tripLockKey(tripId), tripId, (current) => {
    const written = current?.references ?? {};
    if (written[side]) throw conflict(REFERENCE_MESSAGES.alreadyWritten);
    const mine: StoredReference = {
      id: readableId('RF'),
      rating: body.rating,
      text: body.text,
      no_show: body.no_show ?? false,
      at: new Date(),
    };
    const all: Partial<Record<Side, StoredReference>> = { ...written, [side]: mine };
    // Both written: both are revealed today (unless the 14 days already came).
    const reveal = revealDate(travelDate!);
    const visibleFrom = all.need && all.provide && today < reveal ? today : reveal;
    staged = [
      outboxEvent(PRODUCER, 'reference_recorded', tripId, {
        tripId,
        travelDate: travelDate!,
        references: (['need', 'provide'] as const)
          .filter((party) => all[party])
          .map((party) => ({
            referenceId: all[party]!.id,
            authorUserId: owners[party],
            subjectUserId: owners[otherSide(party)],
            rating: all[party]!.rating,
            no_show: all[party]!.no_show,
            visibleFrom,
          })),
      }),
    ];
    return stageEvents(staged, { $set: { references: all } });
  });
  ctx.flushOutbox({ model: ctx.trips, id: tripId, events: staged });
  // Both parties' open cards (and family pages, for a current match) refetch.
  if (pair) tellBoth(ctx, pair);
  else {
    void ctx.live.publish(trip.need_owner, 'request.trip', { caseid: trip.need_caseid });
    void ctx.live.publish(trip.provide_owner, 'request.trip', { caseid: trip.provide_caseid });
  }
  return requestViewWithTrip(ctx, (await findRequest(ctx.requests, caseid)) ?? record);
}
