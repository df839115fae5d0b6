import {
  PROFILE_MESSAGES,
  type Identity,
  type Locale,
  type SimpleProfile,
  type TourStatus,
} from '@safarsaathi/contracts';
import { forbidden, outboxEvent, stageEvents, unauthorized } from '@safarsaathi/platform';
import type { AuthContext } from './context';
import { userLockKey } from '../persistence/users';

async function currentUser(ctx: AuthContext, identity: Identity) {
  const user = await ctx.users.findById(identity.userId).lean();
  if (!user || user.deleted) throw unauthorized();
  return user;
}

/** Object-level check: the e-mail in a query or body, when given, must be the caller's own. */
function assertOwnEmail(identity: Identity, emailAddress: string | undefined): void {
  if (emailAddress !== undefined && emailAddress !== identity.email)
    throw forbidden(PROFILE_MESSAGES.ownProfileOnly);
}

/** GET /users/profile */
export async function simpleProfile(
  ctx: AuthContext,
  identity: Identity,
  emailAddress?: string,
): Promise<SimpleProfile> {
  assertOwnEmail(identity, emailAddress);
  const user = await currentUser(ctx, identity);
  return {
    phone_number: user.phone_number ?? '',
    otp_verified: true,
    help_preference: (user.help_preference as SimpleProfile['help_preference']) ?? null,
    registered_at: (user.registered_at ?? user.created_at)?.toISOString() ?? null,
  };
}

/** PUT /users/help-preference: emits profile_updated with the change. */
export async function setHelpPreference(
  ctx: AuthContext,
  identity: Identity,
  input: { emailAddress?: string; helpPreference: 'need_help' | 'want_to_help' },
): Promise<{ success: true; help_preference: string }> {
  assertOwnEmail(identity, input.emailAddress);
  await currentUser(ctx, identity);
  const event = outboxEvent('auth', 'profile_updated', identity.userId, {
    userId: identity.userId,
    email: identity.email,
    changed: ['help_preference'],
  });
  await ctx.locks.around(userLockKey(identity.userId), () =>
    ctx.users.updateOne(
      { _id: identity.userId },
      stageEvents([event], { $set: { help_preference: input.helpPreference } }),
    ),
  );
  ctx.flushOutbox({ model: ctx.users, id: identity.userId });
  return { success: true, help_preference: input.helpPreference };
}

/** GET /api/tour/status */
export async function tourStatus(ctx: AuthContext, identity: Identity): Promise<TourStatus> {
  const user = await currentUser(ctx, identity);
  const completed = Boolean(user.tour_completed);
  return { email_address: user.email, has_completed_tour: completed, is_first_time: !completed };
}

/** POST /api/tour/complete and /api/tour/reset */
export async function setTourCompleted(
  ctx: AuthContext,
  identity: Identity,
  completed: boolean,
): Promise<TourStatus> {
  await currentUser(ctx, identity);
  await ctx.locks.around(userLockKey(identity.userId), () =>
    ctx.users.updateOne({ _id: identity.userId }, { $set: { tour_completed: completed } }),
  );
  return tourStatus(ctx, identity);
}

/**
 * PUT /api/auth/locale: the user's language. profile_updated carries it with the moment it was chosen, so
 * the notifications service writes the user's e-mails in it (keeping the latest choice whatever the order).
 */
export async function setLocale(
  ctx: AuthContext,
  identity: Identity,
  locale: Locale,
): Promise<{ success: true; locale: Locale }> {
  await currentUser(ctx, identity);
  const changedAt = new Date();
  const event = outboxEvent('auth', 'profile_updated', identity.userId, {
    userId: identity.userId,
    email: identity.email,
    changed: ['locale'],
    locale,
    localeChangedAt: changedAt.toISOString(),
  });
  await ctx.locks.around(userLockKey(identity.userId), () =>
    ctx.users.updateOne(
      { _id: identity.userId },
      stageEvents([event], { $set: { locale, locale_changed_at: changedAt } }),
    ),
  );
  ctx.flushOutbox({ model: ctx.users, id: identity.userId });
  return { success: true, locale };
}
