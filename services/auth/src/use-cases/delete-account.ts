import type { Identity } from '@safarsaathi/contracts';
import { outboxEvent, stageEvents, unauthorized } from '@safarsaathi/platform';
import type { AuthContext } from './context';
import { userLockKey } from '../persistence/users';

/**
 * DELETE /users/delete-account: personal data is erased from the account (the document stays as a
 * tombstone that carries the user_deleted event), every session ends, and other services deactivate
 * the user's requests when the event reaches them. Signing in again later starts a new account.
 */
export async function deleteAccount(
  ctx: AuthContext,
  identity: Identity,
): Promise<{ success: true; message: string }> {
  const user = await ctx.users.findById(identity.userId).lean();
  if (!user || user.deleted) throw unauthorized();
  const event = outboxEvent('auth', 'user_deleted', identity.userId, {
    userId: identity.userId,
    email: user.email,
  });
  const erase = () =>
    ctx.users.updateOne(
      { _id: identity.userId },
      stageEvents([event], {
        $set: {
          deleted: true,
          deleted_at: new Date(),
          // The e-mail is freed so the person can sign up again; the old address is kept nowhere.
          email: `deleted-${identity.userId}@deleted.invalid`,
          fullname: '',
          is_registered: false,
          accepted_terms: false,
          email_consent: false,
          tour_completed: false,
        },
        $unset: { phone_number: 1, help_preference: 1, registered_at: 1 },
      }),
    );
  await ctx.locks.around(userLockKey(identity.userId), erase);
  ctx.flushOutbox({ model: ctx.users, id: identity.userId });
  await ctx.sessions.endAllForUser(identity.userId);
  void ctx.live.publish(identity.userId, 'session.ended', { reason: 'deleted' });
  return { success: true, message: 'Your profile has been deleted.' };
}
