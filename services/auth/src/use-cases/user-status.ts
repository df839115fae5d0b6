import { ADMIN_MESSAGES, OPS_MESSAGES, splitPhoneNumber, type Identity } from '@safarsaathi/contracts';
import { isValidObjectId, type Types } from 'mongoose';
import { conflict, forbidden, notFound, outboxEvent, stageEvents } from '@safarsaathi/platform';
import type { AuthContext } from './context';
import { userLockKey } from '../persistence/users';

/** Finds the user by the number as stored ('+91…') or by its 10 local digits when unambiguous. */
async function findByPhone(ctx: AuthContext, phoneNumber: string) {
  const compact = phoneNumber.replace(/[\s()-]/g, '');
  const exact = await ctx.users.findOne({ phone_number: compact, deleted: { $ne: true } }).lean();
  if (exact) return exact;
  const digits = splitPhoneNumber(compact)?.digits ?? (/^\d{10}$/.test(compact) ? compact : null);
  if (!digits) return null;
  const candidates = await ctx.users
    .find({ phone_number: { $regex: `${digits}$` }, deleted: { $ne: true } })
    .limit(2)
    .lean();
  return candidates.length === 1 ? candidates[0]! : null;
}

/** The gateway's role and this service's own ADMIN_EMAILS must both say admin. */
export function requireAdmin(ctx: AuthContext, identity: Identity | undefined): asserts identity is Identity {
  if (identity?.role !== 'admin' || !ctx.config.adminEmails.has(identity.email))
    throw forbidden(ADMIN_MESSAGES.notAuthorised);
}

type Status = 'Active' | 'Block';

/**
 * Sets the status and stages user_status_changed, which names the admin and the tool: the support
 * service writes the audit entry from it (docs/decisions.md "Reports and the ops console"). Blocking
 * turns every session of the user into a blocked marker at once; unblocking lets them sign in again.
 */
async function applyStatus(
  ctx: AuthContext,
  identity: Identity,
  user: { _id: Types.ObjectId | { toString(): string }; email: string },
  input: { status: Status; status_reason: string },
  via: 'phone' | 'console',
): Promise<void> {
  const userId = user._id.toString();
  // Nobody may lock the ops console out: neither an admin themselves nor another admin (whose sessions a
  // block would end). Making a user active again is always allowed.
  if (input.status === 'Block') {
    if (userId === identity.userId) throw conflict(ADMIN_MESSAGES.cannotBlockSelf);
    if (ctx.config.adminEmails.has(user.email.toLowerCase())) throw conflict(ADMIN_MESSAGES.cannotBlockAdmin);
  }
  const event = outboxEvent('auth', 'user_status_changed', userId, {
    userId,
    email: user.email,
    status: input.status,
    status_reason: input.status_reason,
    adminEmail: identity.email,
    via,
  });
  await ctx.locks.around(userLockKey(userId), () =>
    ctx.users.updateOne(
      { _id: user._id },
      stageEvents([event], { $set: { status: input.status, status_reason: input.status_reason } }),
    ),
  );
  ctx.flushOutbox({ model: ctx.users, id: user._id });
  if (input.status === 'Block') {
    await ctx.sessions.block(userId, input.status_reason);
    // Every open browser of the user shows the blocked screen now, not at its next call.
    void ctx.live.publish(userId, 'session.ended', { reason: 'blocked' });
  } else {
    await ctx.sessions.unblock(userId);
  }
  ctx.logger.info({ admin: identity.userId, userId, status: input.status, via }, 'user status changed');
}

/** POST /api/auth/update-user-status (admin only; the gateway checks the role too): the by-phone tool. */
export async function updateUserStatus(
  ctx: AuthContext,
  identity: Identity,
  input: { phoneNumber: string; status: Status; status_reason: string },
): Promise<{ success: true; message: string }> {
  requireAdmin(ctx, identity);
  const user = await findByPhone(ctx, input.phoneNumber);
  if (!user) throw notFound(ADMIN_MESSAGES.unknownPhone);
  await applyStatus(ctx, identity, user, input, 'phone');
  return { success: true, message: ADMIN_MESSAGES.updated(input.status) };
}

/** PUT /api/admin/users/:user_id/status (admin only): the same effect, by user id (the ops console). */
export async function setUserStatus(
  ctx: AuthContext,
  identity: Identity,
  userId: string,
  input: { status: Status; status_reason: string },
): Promise<{ success: true; message: string }> {
  requireAdmin(ctx, identity);
  // A malformed id is simply nobody (404), never a cast error.
  const user = isValidObjectId(userId) ? await ctx.users.findById(userId).lean() : null;
  if (!user || user.deleted) throw notFound(OPS_MESSAGES.userNotFound);
  await applyStatus(ctx, identity, user, input, 'console');
  return { success: true, message: ADMIN_MESSAGES.updated(input.status) };
}
