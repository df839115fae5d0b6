/**
 * Reactions to auth.users.v1: the owners projection, profile deletion and admin blocking. Every write is
 * a natural set/upsert guarded by the current state, so a redelivered event changes nothing.
 */
import type { EventData } from '@safarsaathi/contracts';
import { stageEvents } from '@safarsaathi/platform';
import { guardedById, requestLockKey, type StoredRequest } from '../persistence/requests';
import { firstNameOf } from '../persistence/owners';
import type { CompanionContext } from './context';
import { requestCancelledEvent, requestCreatedEvent } from './events';

export async function rememberOwner(ctx: CompanionContext, data: EventData<'user_registered'>): Promise<void> {
  await ctx.owners.updateOne(
    { userId: data.userId },
    { $set: { fullname: data.fullname, updated_at: new Date() }, $setOnInsert: { blocked: false } },
    { upsert: true },
  );
}

/** Profile deleted: active requests become inactive (search drops them), travel plans are deleted. */
export async function ownerDeleted(ctx: CompanionContext, data: EventData<'user_deleted'>): Promise<void> {
  const active = await ctx.requests.find({ ownerId: data.userId, status: 'active' }).lean<StoredRequest[]>();
  for (const found of active) {
    await ctx.locks.around(requestLockKey(found.caseid), async () => {
      const record = await ctx.requests.findById(found._id).lean<StoredRequest>();
      if (record?.status !== 'active') return;
      await ctx.requests.updateOne(
        guardedById(record, { status: 'active' }, ctx.locks.enabled),
        stageEvents([requestCancelledEvent(record, 'inactive')], { $set: { status: 'inactive', updated_at: new Date() } }),
      );
    });
  }
  // Each plan's events still in the outbox go out before the plan goes.
  const plans = await ctx.travelPlans.find({ ownerId: data.userId }, { _id: 1 }).lean<Array<{ _id: unknown }>>();
  for (const plan of plans) {
    await ctx.publishOutboxNow({ model: ctx.travelPlans, id: plan._id });
    await ctx.travelPlans.deleteOne({ _id: plan._id });
  }
  await ctx.owners.deleteOne({ userId: data.userId });
  if (active.length > 0) ctx.flushOutbox();
}

/**
 * Block: the owner's requests are hidden from everyone else (active ones leave search through a
 * request_cancelled with status `hidden`). Active again: unhidden, and still-active ones are announced
 * again with request_created so search shows them.
 */
export async function ownerStatusChanged(ctx: CompanionContext, data: EventData<'user_status_changed'>): Promise<void> {
  const blocked = data.status === 'Block';
  await ctx.owners.updateOne(
    { userId: data.userId },
    { $set: { blocked, updated_at: new Date() }, $setOnInsert: { fullname: '' } },
    { upsert: true },
  );
  const owner = await ctx.owners.findOne({ userId: data.userId }).lean();
  const changing = await ctx.requests.find({ ownerId: data.userId, hidden: blocked ? { $ne: true } : true }).lean<StoredRequest[]>();
  let staged = 0;
  for (const found of changing) {
    await ctx.locks.around(requestLockKey(found.caseid), async () => {
      const record = await ctx.requests.findById(found._id).lean<StoredRequest>();
      if (!record || (record.hidden === true) === blocked) return;
      const set = { $set: { hidden: blocked, updated_at: new Date() } };
      const filter = guardedById(record, { hidden: blocked ? { $ne: true } : true }, ctx.locks.enabled);
      if (record.status === 'active') {
        const event = blocked ? requestCancelledEvent(record, 'hidden') : requestCreatedEvent(record, firstNameOf(owner?.fullname));
        await ctx.requests.updateOne(filter, stageEvents([event], set));
        staged += 1;
      } else {
        await ctx.requests.updateOne(filter, set);
      }
    });
  }
  if (staged > 0) ctx.flushOutbox();
}
