/** Travel plans (spec §2 Travel Form / Travel List, §3 Travel plan, §5 Travel form, §8). */
import { isValidObjectId } from 'mongoose';
import {
  LIMITS,
  TRAVEL_MESSAGES,
  type Identity,
  travelPlanRequestSchema,
  travelPlanRuleIssue,
  type TravelPlanDetails,
  type TravelPlanView,
} from '@safarsaathi/contracts';
import {
  badRequest,
  fromZodError,
  notFound,
  outboxEvent,
  stageEvents,
  withEvents,
} from '@safarsaathi/platform';
import type { z } from 'zod';
import { travelPlanLockKey } from '../persistence/share-links';
import type { TravelPlanRecord } from '../persistence/travel-plans';
import { addOwned, ownedIds, removeOwned } from '../persistence/owners';
import type { CompanionContext } from './context';
import { loadOwned, refuseDeletedOwner } from './owners';
import { earliestTravelDate } from './dates';
import { withinQuota } from './quotas';
import { endFamilyLink, tellFamilies } from './family-live';
import type { ShareLinkPointer } from '../persistence/share-links';

type TravelPlanInput = z.output<typeof travelPlanRequestSchema>;
type StoredTravelPlan = TravelPlanRecord & { _id: { toString(): string } };

export const TRAVEL_PLAN_LIST_LIMIT = 200;
const MISSING_DATE = 'Travel Date is required';

export function toTravelPlanView(record: StoredTravelPlan): TravelPlanView {
  const first = record.flights[0]!;
  const last = record.flights[record.flights.length - 1]!;
  return {
    id: record._id.toString(),
    date: first.date,
    time: LIMITS.defaultTravelTime,
    from: first.from,
    to: last.to,
    helpNeeded: record.helpPreference === 'need_help',
    flightNumber: first.flightNumber ?? null,
    description: record.traveler.specialNeeds ?? null,
  };
}

/**
 * The body, validated with the shared schema. The schema gives a missing flight date zod's generic text
 * ("Invalid input: expected string…"), so that one issue is answered with the form's own words.
 */
export function parseTravelPlan(body: unknown): TravelPlanInput {
  const result = travelPlanRequestSchema.safeParse(body ?? {});
  if (result.success) return result.data;
  const error = fromZodError(result.error);
  const first = result.error.issues[0];
  if (first?.code === 'invalid_type' && first.path[0] === 'flights' && first.path[2] === 'date') {
    throw badRequest(MISSING_DATE, error.details);
  }
  throw error;
}

type PlanFields = Pick<TravelPlanRecord, 'helpPreference' | 'flights' | 'date' | 'traveler' | 'submittedAt'>;

/** A create or edit body, checked with the shared schema and the rules it cannot state, as stored fields. */
function validPlanFields(body: unknown): PlanFields {
  const input = parseTravelPlan(body);
  const issue = travelPlanRuleIssue(input, earliestTravelDate());
  if (issue) throw badRequest(issue.message);
  const info = input.travelerInfo;
  const languages = Array.isArray(info.languages) ? info.languages.join(', ') : info.languages;
  return {
    helpPreference: input.helpPreference,
    flights: input.flights.map((flight) => ({
      from: flight.from,
      to: flight.to,
      date: flight.date,
      airline: flight.airline ?? null,
      flightNumber: flight.flightNumber ?? null,
    })),
    date: input.flights[0]!.date,
    traveler: {
      name: info.name ?? null,
      age: info.age === undefined || info.age === '' ? null : Number(info.age),
      gender: info.gender || null,
      languages: languages?.trim() || null,
      specialNeeds: info.specialNeeds ?? null,
    },
    submittedAt: input.submittedAt ?? null,
  };
}

function planEventData(planId: string, plan: TravelPlanRecord) {
  return {
    planId,
    ownerId: plan.ownerId,
    helpPreference: plan.helpPreference,
    from: plan.flights[0]!.from,
    to: plan.flights[plan.flights.length - 1]!.to,
    date: plan.date,
  };
}

export function toTravelPlanDetails(record: StoredTravelPlan): TravelPlanDetails {
  return {
    ...toTravelPlanView(record),
    helpPreference: record.helpPreference,
    flights: record.flights,
    travelerInfo: record.traveler,
  };
}

/** The caller's own plan, read by `_id` (the one filter FerretDB pushes down); anyone else's is 404. */
async function ownPlan(ctx: CompanionContext, identity: Identity, id: string): Promise<StoredTravelPlan> {
  if (!isValidObjectId(id)) throw notFound(TRAVEL_MESSAGES.notFound);
  const record = await ctx.travelPlans.findById(id).lean<StoredTravelPlan>();
  if (!record || record.ownerId !== identity.userId) throw notFound(TRAVEL_MESSAGES.notFound);
  return record;
}

/** GET /api/travels/:id */
export async function getTravelPlan(
  ctx: CompanionContext,
  identity: Identity,
  id: string,
): Promise<TravelPlanDetails> {
  return toTravelPlanDetails(await ownPlan(ctx, identity, id));
}

/**
 * PUT /api/travels/:id: the whole plan replaced by the edited one (same rules as creating it), with its
 * travel_plan_updated event staged in the same write. The owner is checked on the document read by `_id`.
 */
export async function updateTravelPlan(
  ctx: CompanionContext,
  identity: Identity,
  id: string,
  body: unknown,
): Promise<{ success: true; message: string; data: TravelPlanDetails }> {
  const fields = validPlanFields(body);
  // Every writer of a plan holds its lock (share links, the outbox relay): on FerretDB writes to one
  // document from two instances could otherwise undo each other.
  const updated = await ctx.locks.around(travelPlanLockKey(id), async () => {
    const current = await ownPlan(ctx, identity, id);
    const next: StoredTravelPlan = { ...current, ...fields };
    const event = outboxEvent('companion', 'travel_plan_updated', id, planEventData(id, next));
    const result = await ctx.travelPlans.updateOne(
      { _id: current._id },
      stageEvents([event], { $set: { ...fields, updated_at: new Date() } }),
    );
    // Deleted between the read and the write.
    if (result.matchedCount === 0) throw notFound(TRAVEL_MESSAGES.notFound);
    return next;
  });
  // Named, so the relay reads this plan only (a sweep reads every plan on FerretDB).
  ctx.flushOutbox({ model: ctx.travelPlans, id: updated._id });
  tellFamilies(ctx, [updated]);
  return { success: true, message: TRAVEL_MESSAGES.updated, data: toTravelPlanDetails(updated) };
}

/**
 * POST /api/travel: stored with its travel_plan_created event in the same write; at most
 * LIMITS.upcomingTravelPlansMax upcoming ones per user (quotas.ts).
 */
export async function createTravelPlan(
  ctx: CompanionContext,
  identity: Identity,
  body: unknown,
): Promise<{ success: true; message: string; data: TravelPlanView }> {
  const record: TravelPlanRecord = {
    ownerId: identity.userId,
    ...validPlanFields(body),
    created_at: new Date(),
  };
  const document = new ctx.travelPlans(record);
  const planId = document._id.toString();
  const event = outboxEvent('companion', 'travel_plan_created', planId, planEventData(planId, record));
  document.set(withEvents([event]));
  // The id joins the owner's index first; the plan is written inside the owner's lock (addOwned).
  await withinQuota(ctx, identity.userId, 'plans', () =>
    addOwned(ctx, identity.userId, 'planIds', planId, refuseDeletedOwner, async () => {
      await document.save();
    }),
  );
  // Named, so only this plan is read (a sweep reads every plan on FerretDB).
  ctx.flushOutbox({ model: ctx.travelPlans, id: document._id, events: [event] });
  return { success: true, message: TRAVEL_MESSAGES.submitted, data: toTravelPlanView(document.toObject()) };
}

/** GET /api/travels: the caller's own plans (through the owner's index, each read by `_id`), by date. */
export async function listTravelPlans(ctx: CompanionContext, identity: Identity): Promise<TravelPlanView[]> {
  const ids = await ownedIds(ctx.owners, identity.userId, 'planIds');
  const records = await loadOwned(ids.filter(isValidObjectId), identity.userId, (id) =>
    ctx.travelPlans.findOne({ _id: id }).lean<StoredTravelPlan>(),
  );
  records.sort((a, b) => a.date.localeCompare(b.date) || a.created_at.getTime() - b.created_at.getTime());
  return records.slice(0, TRAVEL_PLAN_LIST_LIMIT).map(toTravelPlanView);
}

/** DELETE /api/travels/:id: another user's plan answers 404 exactly like a missing one. */
export async function deleteTravelPlan(
  ctx: CompanionContext,
  identity: Identity,
  id: string,
): Promise<{ success: true; message: string }> {
  if (!isValidObjectId(id)) throw notFound(TRAVEL_MESSAGES.notFound);
  const plan = await ctx.travelPlans
    .findById(id, { ownerId: 1, share_link: 1 })
    .lean<{ _id: unknown; ownerId: string; share_link?: ShareLinkPointer | null }>();
  if (plan?.ownerId !== identity.userId) throw notFound(TRAVEL_MESSAGES.notFound);
  // Its events still in the outbox go out first; the delete would take them with it.
  await ctx.publishOutboxNow({ model: ctx.travelPlans, id: plan._id });
  // By `_id` alone (a plan's owner never changes, and was checked above).
  const result = await ctx.travelPlans.deleteOne({ _id: plan._id });
  if (result.deletedCount === 0) throw notFound(TRAVEL_MESSAGES.notFound);
  // After the plan: a crash in between leaves an id whose plan is gone, which the list skips.
  await removeOwned(ctx, identity.userId, 'planIds', [id]);
  endFamilyLink(ctx, plan.share_link?.id);
  return { success: true, message: 'Travel plan deleted' };
}
