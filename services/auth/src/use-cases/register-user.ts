import { AUTH_MESSAGES, DEFAULT_LOCALE, isLocale, type Identity, type User } from '@safarsaathi/contracts';
import { conflict, forbidden, outboxEvent, stageEvents, unauthorized } from '@safarsaathi/platform';
import type { AuthContext } from './context';
import { toUserView } from './user-view';
import { userLockKey } from '../persistence/users';

/**
 * POST /api/auth/register-user: completes the signed-in user's registration. The e-mail comes from the
 * session, never from the body; a body e-mail that differs is refused.
 */
export async function registerUser(
  ctx: AuthContext,
  identity: Identity,
  input: { emailAddress?: string; fullname: string; phone_number: string; accepted_terms: true },
): Promise<{ success: true; message: string; user: User }> {
  if (input.emailAddress && input.emailAddress !== identity.email) {
    throw forbidden('You can only register your own account.');
  }
  const existing = await ctx.users.findById(identity.userId).lean();
  if (!existing || existing.deleted) throw unauthorized();
  if (existing.is_registered) throw conflict('This account is already registered.');

  const phoneOwner = await ctx.users.findOne({ phone_number: input.phone_number }, { _id: 1 }).lean();
  if (phoneOwner && phoneOwner._id.toString() !== identity.userId) throw conflict(AUTH_MESSAGES.phoneTaken);

  const registeredAt = new Date();
  const event = outboxEvent('auth', 'user_registered', identity.userId, {
    userId: identity.userId,
    email: identity.email,
    fullname: input.fullname,
    phone_number: input.phone_number,
    registeredAt: registeredAt.toISOString(),
    emailConsent: existing.email_consent === true,
    locale: isLocale(existing.locale) ? existing.locale : DEFAULT_LOCALE,
    localeChangedAt: (existing.locale_changed_at ?? existing.created_at ?? registeredAt).toISOString(),
  });
  try {
    const register = () =>
      ctx.users.updateOne(
        { _id: identity.userId, is_registered: false },
        stageEvents([event], {
          $set: {
            fullname: input.fullname,
            phone_number: input.phone_number,
            accepted_terms: true,
            is_registered: true,
            registered_at: registeredAt,
          },
        }),
      );
    await ctx.locks.around(userLockKey(identity.userId), register);
  } catch (error) {
    // The unique index settles a race between two accounts claiming the same number.
    if ((error as { code?: number }).code === 11000) throw conflict(AUTH_MESSAGES.phoneTaken);
    throw error;
  }
  ctx.flushOutbox({ model: ctx.users, id: identity.userId });
  const user = await ctx.users.findById(identity.userId).lean();
  if (!user) throw unauthorized();
  return { success: true, message: AUTH_MESSAGES.registrationCompleted, user: toUserView(user, ctx.config) };
}
