/**
 * Owners from auth.users.v1: the owners projection and index (persistence/owners.ts), profile deletion
 * and admin blocking. An owner's requests and plans are found through the owner document and loaded by
 * `_id`; every request write holds the request's lock and is guarded by the state just read, so a
 * redelivered event changes nothing.
 */
import { defaultConsent, firstNameOf, type EventData } from '@safarsaathi/contracts';
import { revisedWrite, stageEvents, unauthorized } from '@safarsaathi/platform';
import { findRequest, guardedById, requestLockKey } from '../persistence/requests';
import { ownerLockKey, type OwnerRecord } from '../persistence/owners';
import type { CompanionContext } from './context';
import { requestCancelledEvent, requestCreatedEvent } from './events';

/**
 * Loads documents by `_id`, one read each (FerretDB pushes neither `$in` nor anything but a bare `_id`
 * down to SQLite), keeping only the owner's own: an id whose document is missing (never written, or
 * deleted) or belongs to someone else is skipped.
 */
export async function loadOwned<T extends { ownerId: string }>(
  ids: string[],
  ownerId: string,
  load: (id: string) => Promise<T | null>,
): Promise<T[]> {
  const found: T[] = [];
  for (const id of ids) {
    const record = await load(id);
    if (record && record.ownerId === ownerId) found.push(record);
  }
  return found;
}

/** A deleted owner gets nothing new (their sessions are gone by then too). */
export function refuseDeletedOwner(owner: OwnerRecord | null): void {
  if (owner?.deleted) throw unauthorized();
}

/** Writes the owner document by its `_id` under its lock; answers it as it is afterwards. */
async function writeOwner(
  ctx: CompanionContext,
  userId: string,
  decide: (owner: OwnerRecord | null) => Record<string, unknown> | null,
): Promise<OwnerRecord | null> {
  return (await revisedWrite(ctx.owners, ctx.locks, ownerLockKey(userId), userId, decide)).doc;
}

export async function rememberOwner(
  ctx: CompanionContext,
  data: EventData<'user_registered'>,
): Promise<void> {
  const registeredAt = new Date(data.registeredAt);
  await writeOwner(ctx, data.userId, (owner) =>
    owner?.deleted || (owner?.fullname === data.fullname && owner.registered_at)
      ? null
      : {
          $set: {
            fullname: data.fullname,
            registered_at: registeredAt,
            updated_at: new Date(),
            // The language chosen at registration, unless a later choice arrived first.
            ...(data.locale && !owner?.locale_changed_at
              ? {
                  locale: data.locale,
                  locale_changed_at: new Date(data.localeChangedAt ?? data.registeredAt),
                }
              : {}),
          },
        },
  );
}

/**
 * profile_updated with a new language (issue 39): the traveller's card is printed in it by default. The
 * latest choice wins whatever the order the events arrive in.
 */
export async function ownerLocaleChanged(
  ctx: CompanionContext,
  data: EventData<'profile_updated'>,
): Promise<void> {
  if (!data.changed.includes('locale') || !data.locale) return;
  const at = new Date(data.localeChangedAt ?? Date.now());
  await writeOwner(ctx, data.userId, (owner) =>
    owner?.deleted || (owner?.locale_changed_at && new Date(owner.locale_changed_at) >= at)
      ? null
      : { $set: { locale: data.locale, locale_changed_at: at } },
  );
}

/**
 * consent_changed (issue 40): the owner's choice about showing their emergency contact to the matched
 * companion, kept by version (the highest wins whatever the order). Other purposes are not this service's.
 */
export async function ownerConsentChanged(
  ctx: CompanionContext,
  data: EventData<'consent_changed'>,
): Promise<void> {
  if (data.purpose !== 'emergency_contact_sharing') return;
  await writeOwner(ctx, data.userId, (owner) => {
    const stored = owner?.consents?.emergency_contact_sharing;
    if (owner?.deleted || (stored && stored.version >= data.version)) return null;
    return {
      $set: { [`consents.${data.purpose}`]: { granted: data.granted, version: data.version } },
    };
  });
}

/** Whether the owner lets their matched companion see their emergency contact (default: yes). */
export function sharesEmergencyContact(owner: Pick<OwnerRecord, 'consents'> | null): boolean {
  return (
    owner?.consents?.emergency_contact_sharing?.granted ?? defaultConsent('emergency_contact_sharing', false)
  );
}

/**
 * Profile deleted: the owner document becomes a tombstone (no name; the ids stay, so a redelivery can
 * finish), active requests become inactive (search drops them), travel plans are deleted.
 */
export async function ownerDeleted(ctx: CompanionContext, data: EventData<'user_deleted'>): Promise<void> {
  const owner = await writeOwner(ctx, data.userId, (current) =>
    current?.deleted ? null : { $set: { deleted: true, fullname: '', updated_at: new Date() } },
  );
  for (const caseid of owner?.requestIds ?? []) {
    const staged = await ctx.locks.around(requestLockKey(caseid), async () => {
      const record = await findRequest(ctx.requests, caseid);
      if (record?.ownerId !== data.userId || record.status !== 'active') return false;
      await ctx.requests.updateOne(
        guardedById(record, { status: 'active' }, ctx.locks.enabled),
        stageEvents([requestCancelledEvent(record, 'inactive')], {
          $set: { status: 'inactive', updated_at: new Date() },
        }),
      );
      return true;
    });
    // Named, so the relay reads this request only (a sweep reads every request on FerretDB).
    if (staged) ctx.flushOutbox({ model: ctx.requests, id: caseid });
  }
  const plans = await loadOwned(owner?.planIds ?? [], data.userId, (id) =>
    ctx.travelPlans.findOne({ _id: id }, { ownerId: 1 }).lean<{ _id: unknown; ownerId: string }>(),
  );
  for (const plan of plans) {
    // Each plan's events still in the outbox go out before the plan goes.
    await ctx.publishOutboxNow({ model: ctx.travelPlans, id: plan._id });
    await ctx.travelPlans.deleteOne({ _id: plan._id });
  }
}

/**
 * Block: the owner's requests are hidden from everyone else (active ones leave search through a
 * request_cancelled with status `hidden`). Active again: unhidden, and still-active ones are announced
 * again with request_created so search shows them.
 */
export async function ownerStatusChanged(
  ctx: CompanionContext,
  data: EventData<'user_status_changed'>,
): Promise<void> {
  const blocked = data.status === 'Block';
  const owner = await writeOwner(ctx, data.userId, (current) =>
    current?.deleted || current?.blocked === blocked ? null : { $set: { blocked, updated_at: new Date() } },
  );
  if (owner?.deleted) return;
  for (const caseid of owner?.requestIds ?? []) {
    const staged = await ctx.locks.around(requestLockKey(caseid), async () => {
      const record = await findRequest(ctx.requests, caseid);
      if (record?.ownerId !== data.userId || (record.hidden === true) === blocked) return false;
      const set = { $set: { hidden: blocked, updated_at: new Date() } };
      const filter = guardedById(record, { hidden: blocked ? { $ne: true } : true }, ctx.locks.enabled);
      if (record.status !== 'active') {
        await ctx.requests.updateOne(filter, set);
        return false;
      }
      const event = blocked
        ? requestCancelledEvent(record, 'hidden')
        : requestCreatedEvent(record, firstNameOf(owner?.fullname));
      await ctx.requests.updateOne(filter, stageEvents([event], set));
      return true;
    });
    if (staged) ctx.flushOutbox({ model: ctx.requests, id: caseid });
  }
}
