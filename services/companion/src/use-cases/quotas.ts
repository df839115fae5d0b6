/**
 * What one user may keep at once (contracts LIMITS by default, ctx.quotas, issue 20): active companion
 * requests and upcoming travel plans. A new one is counted and written under one lock per (user, kind) that is held on MongoDB
 * too (ctx.quotaLocks, unlike the FerretDB-only document locks), so parallel posts from any number of
 * instances are counted one after another and never pass the cap together.
 */
import { COMPANION_MESSAGES, TRAVEL_MESSAGES } from '@safarsaathi/contracts';
import { conflict } from '@safarsaathi/platform';
import { isValidObjectId } from 'mongoose';
import { findRequest } from '../persistence/requests';
import { ownedIds } from '../persistence/owners';
import type { CompanionContext } from './context';
import { earliestTravelDate } from './dates';
import { loadOwned } from './owners';
import { viewStatus } from './request-view';

export type QuotaKind = 'requests' | 'plans';

/** Long enough for a count and a write under load; a crashed holder frees it after this. */
const QUOTA_LOCK = { ttlMs: 15_000, waitMs: 20_000 };

/**
 * Whether the user has `max` active requests as the owner's list shows them (neither cancelled, inactive
 * nor past their travel date). Fewer ids than `max` in the owner's index answer without reading them.
 */
async function requestsAtCap(ctx: CompanionContext, userId: string, max: number): Promise<boolean> {
  const ids = await ownedIds(ctx.owners, userId, 'requestIds');
  if (ids.length < max) return false;
  const records = await loadOwned(ids, userId, (id) => findRequest(ctx.requests, id));
  const earliest = earliestTravelDate();
  return records.filter((record) => viewStatus(record, earliest) === 'active').length >= max;
}

/** Whether the user has `max` plans whose last flight is not yet past (as above). */
async function plansAtCap(ctx: CompanionContext, userId: string, max: number): Promise<boolean> {
  const ids = (await ownedIds(ctx.owners, userId, 'planIds')).filter(isValidObjectId);
  if (ids.length < max) return false;
  const plans = await loadOwned(ids, userId, (id) =>
    ctx.travelPlans
      .findOne({ _id: id }, { ownerId: 1, date: 1, flights: 1 })
      .lean<{ ownerId: string; date: string; flights?: Array<{ date: string }> }>(),
  );
  const earliest = earliestTravelDate();
  const lastDay = (plan: { date: string; flights?: Array<{ date: string }> }) =>
    (plan.flights ?? []).reduce((last, flight) => (flight.date > last ? flight.date : last), plan.date);
  return plans.filter((plan) => lastDay(plan) >= earliest).length >= max;
}

/** Runs `create` unless the user already has the most of `kind` allowed (409, the text in contracts). */
export async function withinQuota<T>(
  ctx: CompanionContext,
  userId: string,
  kind: QuotaKind,
  create: () => Promise<T>,
): Promise<T> {
  return ctx.quotaLocks.around(
    `${kind}:${userId}`,
    async () => {
      if (kind === 'requests' && (await requestsAtCap(ctx, userId, ctx.quotas.requests))) {
        throw conflict(COMPANION_MESSAGES.tooManyActive);
      }
      if (kind === 'plans' && (await plansAtCap(ctx, userId, ctx.quotas.plans))) {
        throw conflict(TRAVEL_MESSAGES.tooManyPlans);
      }
      return create();
    },
    QUOTA_LOCK,
  );
}
