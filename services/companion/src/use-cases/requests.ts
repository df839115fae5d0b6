/** The signed-in user's companion requests (spec §3, §4 Companion request, §5 Companion form, §7). */
import {
  COMPANION_MESSAGES,
  LATE_CANCELLATION,
  companionFormErrors,
  toCompanionSubmission,
  type CompanionRequestView,
  type CompanionSubmission,
  type CompanionSubmissionInput,
  type EventEnvelope,
  type Identity,
  firstNameOf,
} from '@safarsaathi/contracts';
import {
  badRequest,
  conflict,
  notFound,
  outboxEvent,
  readableId,
  stageEvents,
  withEvents,
} from '@safarsaathi/platform';
import {
  findRequest,
  guardedById,
  requestLockKey,
  type CompanionRequestRecord,
  type StoredRequest,
} from '../persistence/requests';
import { addOwned, findOwner, ownedIds, removeOwned } from '../persistence/owners';
import type { CompanionContext } from './context';
import { earliestTravelDate } from './dates';
import { requestCancelledEvent, requestCreatedEvent, requestUpdatedEvent } from './events';
import { loadOwned, refuseDeletedOwner } from './owners';
import { matchedPair, requestViewWithTrip } from './trip';
import { withinQuota } from './quotas';
import { departureAt, scheduleTripReminder, tripFlight } from './trip-reminder';
import { endFamilyLink, tellFamilies } from './family-live';

/** The list is bounded: nobody needs more than this many of their own requests at once. */
export const REQUEST_LIST_LIMIT = 200;

/** GET /api/companions/requests: only the caller's own (through the owner's index), newest first. */
export async function listRequests(
  ctx: CompanionContext,
  identity: Identity,
): Promise<CompanionRequestView[]> {
  const ids = await ownedIds(ctx.owners, identity.userId, 'requestIds');
  const records = await loadOwned(ids.slice(-REQUEST_LIST_LIMIT), identity.userId, (id) =>
    findRequest(ctx.requests, id),
  );
  records.sort((a, b) => b.created_at.getTime() - a.created_at.getTime());
  const earliest = earliestTravelDate();
  return Promise.all(records.map((record) => requestViewWithTrip(ctx, record, earliest)));
}

/**
 * POST /api/companions/requests: the form's own rules (companionFormErrors) decide; the first message is
 * the error and every field's message is in `details`. Stored with a readable case id and its
 * request_created event in the same write, after the case id joined the owner's index (the request is
 * written inside the owner's lock: see addOwned). At most LIMITS.activeCompanionRequestsMax active ones
 * per user (quotas.ts).
 */
export async function createRequest(
  ctx: CompanionContext,
  identity: Identity,
  body: unknown,
): Promise<{ success: true; message: string; caseid: string }> {
  const input = (body ?? {}) as CompanionSubmissionInput;
  const errors = companionFormErrors(input, earliestTravelDate());
  const first = Object.values(errors)[0];
  if (first) throw badRequest(first, errors);
  const submission = toCompanionSubmission(input);
  return withinQuota(ctx, identity.userId, 'requests', () => storeRequest(ctx, identity, submission));
}

async function storeRequest(
  ctx: CompanionContext,
  identity: Identity,
  submission: CompanionSubmission,
): Promise<{ success: true; message: string; caseid: string }> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const caseid = readableId('SC');
    let clash = false;
    let staged: EventEnvelope[] = [];
    await addOwned(ctx, identity.userId, 'requestIds', caseid, refuseDeletedOwner, async (owner) => {
      const now = new Date();
      // A request created in a race with a block stays hidden, and is announced when the owner is unblocked.
      const hidden = owner.blocked === true;
      const record: CompanionRequestRecord = {
        ...submission,
        caseid,
        ownerId: identity.userId,
        service_type: 'companion',
        status: 'active',
        hidden,
        companion_match: false,
        companion_match_caseid: null,
        companion_match_id: null,
        matched_companion: null,
        match_details: null,
        created_at: now,
        updated_at: now,
      };
      const events = hidden ? [] : [requestCreatedEvent(record, firstNameOf(owner.fullname))];
      try {
        await ctx.requests.create({ _id: caseid, ...record, ...withEvents(events) });
        staged = events;
      } catch (error) {
        // A clash of random ids (`_id`): draw again.
        if ((error as { code?: number }).code !== 11000) throw error;
        clash = true;
      }
    });
    if (!clash) {
      // Handed over with its events, so the relay does not read the request back.
      if (staged.length > 0) ctx.flushOutbox({ model: ctx.requests, id: caseid, events: staged });
      return { success: true, message: COMPANION_MESSAGES.created, caseid };
    }
    // The id names someone else's request: out of this owner's index again (the list would skip it anyway).
    await removeOwned(ctx, identity.userId, 'requestIds', [caseid]);
  }
  throw new Error('could not allocate a unique case id');
}

/**
 * A late cancellation (a matched party cancelling within 48 hours before the departure, or after it) to
 * stage with the cancel, or none. Counted in the canceller's trust figures for 12 months (trust.ts).
 */
async function lateCancellation(
  ctx: CompanionContext,
  record: StoredRequest,
  now: Date,
): Promise<EventEnvelope | null> {
  const pair = await matchedPair(ctx, record);
  const departs = pair ? departureAt(tripFlight(pair)) : null;
  if (!departs || now.getTime() < departs.getTime() - LATE_CANCELLATION.hoursBeforeDeparture * 3_600_000)
    return null;
  return outboxEvent('companion', 'late_cancellation_recorded', record.ownerId, {
    userId: record.ownerId,
    caseid: record.caseid,
    departureAt: departs.toISOString(),
    cancelledAt: now.toISOString(),
  });
}

/**
 * PUT /api/companions/requests/:id/cancel: the owner's only; another user's request answers 404 like an
 * unknown one. Cancelling twice is harmless and publishes nothing the second time. The search service
 * releases a matched partner (docs/decisions.md "Matches that hold").
 */
export async function cancelRequest(
  ctx: CompanionContext,
  identity: Identity,
  caseid: string,
): Promise<{ success: true; caseid: string; status: 'cancelled' }> {
  return ctx.locks.around(requestLockKey(caseid), async () => {
    const record = await findRequest(ctx.requests, caseid);
    if (!record || record.ownerId !== identity.userId) throw notFound(COMPANION_MESSAGES.notFound);
    if (record.status === 'active') {
      const now = new Date();
      const late = await lateCancellation(ctx, record, now);
      await ctx.requests.updateOne(
        guardedById(record, { status: 'active' }, ctx.locks.enabled),
        stageEvents([requestCancelledEvent(record, 'cancelled'), ...(late ? [late] : [])], {
          $set: { status: 'cancelled', updated_at: now },
        }),
      );
      // Nothing modified means a concurrent cancel won the race: the request is cancelled either way.
      ctx.flushOutbox({ model: ctx.requests, id: record._id });
      // Its family link no longer works (410): open family pages end their stream.
      endFamilyLink(ctx, record.share_link?.id);
    } else if (record.status !== 'cancelled') {
      // inactive: the owner's profile was deleted; nothing left to cancel.
      throw notFound(COMPANION_MESSAGES.notFound);
    }
    return { success: true as const, caseid, status: 'cancelled' as const };
  });
}

/**
 * PUT /api/companions/requests/:id (addendum §1.4): the owner changes their request, typically a new
 * flight. The same body and rules as the POST (companionFormErrors, in the form's words); the role stays
 * (400), a cancelled request cannot change (409), anyone else's is 404 like an unknown one. The new fields
 * and their request_updated (with the edit's version) are one write under the request's lock; the search
 * service decides whether the match still holds (docs/decisions.md "Flight changes"). Match fields are
 * left to match_found / match_released, which search sends when the match changes.
 */
export async function updateRequest(
  ctx: CompanionContext,
  identity: Identity,
  caseid: string,
  body: unknown,
): Promise<{ success: true; message: string; caseid: string }> {
  const input = (body ?? {}) as CompanionSubmissionInput;
  const errors = companionFormErrors(input, earliestTravelDate());
  const first = Object.values(errors)[0];
  if (first) throw badRequest(first, errors);
  const submission = toCompanionSubmission(input);
  const owner = await findOwner(ctx.owners, identity.userId);
  const answer = await ctx.locks.around(requestLockKey(caseid), async () => {
    const record = await findRequest(ctx.requests, caseid);
    if (!record || record.ownerId !== identity.userId || record.status === 'inactive')
      throw notFound(COMPANION_MESSAGES.notFound);
    if (record.status === 'cancelled') throw conflict(COMPANION_MESSAGES.cancelledUnchangeable);
    if (submission.role !== record.role)
      throw badRequest(COMPANION_MESSAGES.roleUnchangeable, {
        serviceType: COMPANION_MESSAGES.roleUnchangeable,
      });
    const changed = {
      ...submission,
      edit_version: (record.edit_version ?? 0) + 1,
      updated_at: new Date(),
    };
    // A hidden request (blocked owner) changes quietly: the unblock announces it as it then is.
    const events = record.hidden
      ? []
      : [requestUpdatedEvent({ ...record, ...changed }, firstNameOf(owner?.fullname))];
    await ctx.requests.updateOne(
      guardedById(
        record,
        { status: record.status, edit_version: record.edit_version ?? null },
        ctx.locks.enabled,
      ),
      events.length > 0 ? stageEvents(events, { $set: changed }) : { $set: changed },
    );
    if (events.length > 0) ctx.flushOutbox({ model: ctx.requests, id: record._id, events });
    // The family page shows the flight: it refetches now (a match change tells it again when search decides).
    tellFamilies(ctx, [record]);
    return { success: true as const, message: COMPANION_MESSAGES.updated, caseid };
  });
  // A match that holds keeps its reminder at the new departure (a job of the old time finds it not due).
  // The edit is saved either way: a failure here leaves the old job, which moves to a later time itself.
  await scheduleTripReminder(ctx, caseid).catch((error: unknown) =>
    ctx.logger.warn({ err: error, caseid }, 'trip reminder not rescheduled after an edit'),
  );
  return answer;
}
