/**
 * The signed-in user's push devices and preferences (addendum §3). Everything is the caller's own
 * `push_devices` document: no call reads or changes another user's devices, except that subscribing a
 * browser another account held moves it to the caller (it is the caller's browser now).
 */
import {
  DEFAULT_PUSH_PREFERENCES,
  PUSH_KINDS,
  PUSH_MESSAGES,
  PUSH_SUBSCRIPTIONS_PER_USER,
  type Identity,
  type PushPreferences,
  type PushSubscriptionRequest,
} from '@safarsaathi/contracts';
import { HttpError, badRequest, revisedWrite, type DocumentLocks } from '@safarsaathi/platform';
import { pushEndpointId, pushLockKey, type PushDevices, type PushStore } from '../persistence/push';
import { checkEndpoint, type Resolve } from './push-endpoint';

export interface PushSubscriptionDeps extends PushStore {
  locks: DocumentLocks;
  testReceiverOrigin: string;
  /** How subscribe-time checks resolve a name (tests give their own). */
  resolve?: Resolve;
}

export async function subscribe(
  deps: PushSubscriptionDeps,
  identity: Identity,
  subscription: PushSubscriptionRequest,
): Promise<{ success: true }> {
  const checked = await checkEndpoint(subscription.endpoint, deps.testReceiverOrigin, deps.resolve);
  if (!checked.ok) throw badRequest(checked.message, [{ path: 'endpoint', message: checked.message }]);
  const { endpoint } = subscription;
  const id = pushEndpointId(endpoint);
  const device = {
    id,
    endpoint,
    p256dh: subscription.keys.p256dh,
    auth: subscription.keys.auth,
    created_at: new Date(),
  };
  await revisedWrite(deps.devices, deps.locks, pushLockKey(identity.userId), identity.userId, (current) => {
    const devices = current?.devices ?? [];
    const same = devices.find((known) => known.id === id);
    // The browser renews its keys with a new subscription; the same keys again change nothing.
    if (same && same.p256dh === device.p256dh && same.auth === device.auth) return null;
    const others = devices.filter((known) => known.id !== id);
    if (others.length >= PUSH_SUBSCRIPTIONS_PER_USER)
      throw new HttpError(409, PUSH_MESSAGES.tooManySubscriptions);
    return { $set: { devices: [...others, device] } };
  });
  // Whoever held this browser before stops getting pushes on it.
  const previous = await deps.locks.around(ownerLockKey(id), () =>
    deps.owners.findOneAndUpdate({ _id: id }, { $set: { userId: identity.userId } }, { upsert: true }).lean(),
  );
  if (previous && previous.userId !== identity.userId) await forgetDevice(deps, previous.userId, id);
  return { success: true };
}

const ownerLockKey = (id: string) => `push-endpoint:${id}`;

/** The endpoint's index entry goes when it still names `userId` (by `_id` only, under the endpoint's lock). */
async function forgetOwner(deps: PushStore & { locks: DocumentLocks }, id: string, userId: string) {
  await deps.locks.around(ownerLockKey(id), async () => {
    const owner = await deps.owners.findOne({ _id: id }).lean();
    if (owner?.userId === userId) await deps.owners.deleteOne({ _id: id });
  });
}

/** Removes one device of `userId` (unsubscribe, a 404/410 from the push service, a browser moved on). */
export async function forgetDevice(
  deps: PushStore & { locks: DocumentLocks },
  userId: string,
  id: string,
): Promise<boolean> {
  const { changed } = await revisedWrite(deps.devices, deps.locks, pushLockKey(userId), userId, (current) => {
    // A document written only by setPreferences has no devices field (the upsert sets no defaults).
    const devices = current?.devices ?? [];
    return devices.some((device) => device.id === id)
      ? { $set: { devices: devices.filter((device) => device.id !== id) } }
      : null;
  });
  if (changed) await forgetOwner(deps, id, userId);
  return changed;
}

/** Only the caller's own device is removed; another user's endpoint answers `removed: false`. */
export async function unsubscribe(
  deps: PushSubscriptionDeps,
  identity: Identity,
  endpoint: string,
): Promise<{ success: true; removed: boolean }> {
  const id = pushEndpointId(endpoint);
  const removed = await forgetDevice(deps, identity.userId, id);
  return { success: true, removed };
}

const preferencesOf = (doc: PushDevices | null): PushPreferences => ({
  ...DEFAULT_PUSH_PREFERENCES,
  ...doc?.preferences,
});

export async function getPreferences(
  deps: PushSubscriptionDeps,
  identity: Identity,
): Promise<PushPreferences> {
  return preferencesOf(await deps.devices.findOne({ _id: identity.userId }).lean<PushDevices>());
}

export async function setPreferences(
  deps: PushSubscriptionDeps,
  identity: Identity,
  update: Partial<PushPreferences>,
): Promise<PushPreferences> {
  const { doc } = await revisedWrite(
    deps.devices,
    deps.locks,
    pushLockKey(identity.userId),
    identity.userId,
    (current) => {
      const next = { ...preferencesOf(current), ...update };
      const stored = current?.preferences;
      const same = stored && PUSH_KINDS.every((kind) => stored[kind] === next[kind]);
      return same ? null : { $set: { preferences: next } };
    },
  );
  return preferencesOf(doc);
}

/**
 * The `push` consent withdrawn (issue 40, consent_changed): every device subscribed up to the withdrawal
 * stops getting notifications (removed here; each browser's own subscription lapses on its next push, which
 * the push service answers 404/410). A device subscribed after it is a new consent and stays.
 */
export async function withdrawPush(
  deps: PushStore & { locks: DocumentLocks },
  userId: string,
  at: Date,
): Promise<number> {
  const doc = await deps.devices.findOne({ _id: userId }).lean<PushDevices>();
  let removed = 0;
  for (const device of doc?.devices ?? []) {
    if (new Date(device.created_at).getTime() > at.getTime()) continue;
    if (await forgetDevice(deps, userId, device.id)) removed += 1;
  }
  return removed;
}

/** user_deleted: the devices and preferences go (the endpoint index entries point at nothing then). */
export async function forgetPushUser(
  deps: PushStore & { locks: DocumentLocks },
  userId: string,
): Promise<void> {
  const doc = await deps.devices.findOne({ _id: userId }).lean<PushDevices>();
  for (const device of doc?.devices ?? []) await forgetOwner(deps, device.id, userId);
  await deps.devices.deleteOne({ _id: userId });
}
