import type { Identity } from '@safarsaathi/contracts';
import {
  erasePendingEvents,
  outboxEvent,
  removeJobsWhere,
  stageEvents,
  unauthorized,
} from '@safarsaathi/platform';
import type { AuthContext } from './context';
import { userLockKey } from '../persistence/users';
import { emailBlockHash } from '../persistence/blocked-emails';

/**
 * DELETE /users/delete-account: the account is erased (issue 40, docs/decisions.md "Erasure that leaves
 * nothing"), in this order:
 * 1. the user's key of personal fields is destroyed first, so every copy of their fields in every event on
 *    every topic is unreadable from now on, also if anything below fails (a retry finishes it);
 * 2. a blocked user leaves only a keyed hash of their mailbox (the block stands for a new sign-up);
 * 3. the account document keeps no e-mail, name, phone or block reason (a tombstone carrying user_deleted,
 *    which every service handles by erasing what it holds); events still staged on it lose the person too;
 * 4. sessions, the block marker, sign-in codes and counters, queued e-mails to the address and the live
 *    stream go from Redis.
 * Signing in again later starts a new account.
 */
export async function deleteAccount(
  ctx: AuthContext,
  identity: Identity,
): Promise<{ success: true; message: string }> {
  const user = await ctx.users.findById(identity.userId).lean();
  if (!user || user.deleted) throw unauthorized();
  const userId = identity.userId;
  const email = user.email;
  await ctx.pii.erase(userId);
  if (user.status === 'Block') {
    await ctx.blockedEmails.updateOne(
      { _id: emailBlockHash(ctx.config.INTERNAL_HMAC_SECRET, email) },
      { $setOnInsert: { reason: user.status_reason ?? '', blocked_at: new Date() } },
      { upsert: true },
    );
  }
  const erasedAt = new Date();
  const event = outboxEvent('auth', 'user_deleted', userId, { userId, erasedAt: erasedAt.toISOString() });
  await ctx.locks.around(userLockKey(userId), async () => {
    await erasePendingEvents(ctx.users, userId, userId, ctx.locks.enabled);
    await ctx.users.updateOne(
      { _id: userId },
      stageEvents([event], {
        $set: {
          deleted: true,
          deleted_at: erasedAt,
          // The e-mail is freed so the person can sign up again; the old address is kept nowhere.
          email: `deleted-${userId}@deleted.invalid`,
          fullname: '',
          status_reason: '',
          is_registered: false,
          accepted_terms: false,
          email_consent: false,
          tour_completed: false,
        },
        $unset: { phone_number: 1, help_preference: 1, registered_at: 1 },
      }),
    );
  });
  ctx.flushOutbox({ model: ctx.users, id: userId });
  await ctx.sessions.forgetUser(userId);
  await ctx.otps.forgetAddress(email);
  const address = email.trim().toLowerCase();
  await removeJobsWhere(ctx.emailQueue, (job) => job.to?.trim().toLowerCase() === address);
  await ctx.live.publish(userId, 'session.ended', { reason: 'deleted' });
  await ctx.live.forget(userId);
  ctx.logger.info({ userId }, 'account erased');
  return { success: true, message: 'Your profile has been deleted.' };
}
