import { AUTH_MESSAGES, DEFAULT_LOCALE, isLocale, type Identity, type User } from '@safarsaathi/contracts';
import {
  conflict,
  forbidden,
  outboxEvent,
  stageEvents,
  tooManyRequests,
  unauthorized,
  type SlidingWindowHit,
} from '@safarsaathi/platform';
import type { AuthContext } from './context';
import { toUserView } from './user-view';
import { userLockKey, type UserDocument } from '../persistence/users';
import { recordChoices } from './consents';

/**
 * An attempt tells whether a mobile number is taken, so attempts are limited before the number is looked
 * up (docs/decisions.md "Enumeration, per-user caps, reports and text direction"): every attempt per
 * account; and the "taken" answers per client IP, which hold back an account's further attempts but never
 * its first in the hour, so one prober behind a carrier's shared address does not stop everyone behind it
 * from registering. Answers the IP's hit, to be taken back when the answer is not "taken".
 */
async function countAttempt(ctx: AuthContext, userId: string, ip: string): Promise<SlidingWindowHit> {
  const perUser = await ctx.registration.perUser.hit(userId);
  if (!perUser.allowed)
    throw tooManyRequests(AUTH_MESSAGES.tooManyRegistrationAttempts, perUser.retryAfterSeconds);
  const first = await ctx.registration.firstPerUser.hit(userId);
  const perIp = await ctx.registration.takenPerIp.hit(ip);
  if (!perIp.allowed && !first.allowed)
    throw tooManyRequests(AUTH_MESSAGES.tooManyRegistrationAttempts, perIp.retryAfterSeconds);
  return perIp;
}

/**
 * POST /api/auth/register-user: completes the signed-in user's registration. The e-mail comes from the
 * session, never from the body; a body e-mail that differs is refused.
 */
export async function registerUser(
  ctx: AuthContext,
  identity: Identity,
  input: { emailAddress?: string; fullname: string; phone_number: string; accepted_terms: true },
  ip: string,
): Promise<{ success: true; message: string; user: User }> {
  if (input.emailAddress && input.emailAddress !== identity.email) {
    throw forbidden('You can only register your own account.');
  }
  const existing = await ctx.users.findById(identity.userId).lean();
  if (!existing || existing.deleted) throw unauthorized();
  if (existing.is_registered) throw conflict('This account is already registered.');

  const ipHit = await countAttempt(ctx, identity.userId, ip);
  let taken = false;
  try {
    await writeRegistration(ctx, identity, existing, input, () => {
      taken = true;
    });
  } finally {
    // Only "taken" tells a prober something the IP's count is about.
    if (!taken) await ipHit.release();
  }
  ctx.flushOutbox({ model: ctx.users, id: identity.userId });
  const user = await ctx.users.findById(identity.userId).lean();
  if (!user) throw unauthorized();
  return { success: true, message: AUTH_MESSAGES.registrationCompleted, user: toUserView(user, ctx.config) };
}

/** Writes the registration, or refuses a number another account has (calling `onTaken` first). */
async function writeRegistration(
  ctx: AuthContext,
  identity: Identity,
  existing: Partial<Pick<UserDocument, 'email_consent' | 'locale' | 'locale_changed_at' | 'created_at'>> &
    Parameters<typeof recordChoices>[0],
  input: { fullname: string; phone_number: string },
  onTaken: () => void,
): Promise<void> {
  const phoneOwner = await ctx.users.findOne({ phone_number: input.phone_number }, { _id: 1 }).lean();
  if (phoneOwner && phoneOwner._id.toString() !== identity.userId) {
    onTaken();
    throw conflict(AUTH_MESSAGES.phoneTaken);
  }

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
  // The consents given on the way here (issue 40): sign-in e-mails, needed for the account, and the sign-in
  // form's e-mail consent ("login verification and account alerts"), which covers the trip e-mails.
  const consents = recordChoices(
    existing,
    identity.userId,
    { login_emails: true, trip_emails: existing.email_consent === true },
    'registration',
    registeredAt,
  );
  try {
    const register = () =>
      ctx.users.updateOne(
        { _id: identity.userId, is_registered: false },
        stageEvents([event, ...consents.events], {
          $set: {
            fullname: input.fullname,
            phone_number: input.phone_number,
            accepted_terms: true,
            is_registered: true,
            registered_at: registeredAt,
            ...consents.set,
          },
          $push: { consent_history: { $each: consents.history } },
        }),
      );
    await ctx.locks.around(userLockKey(identity.userId), register);
  } catch (error) {
    // The unique index settles a race between two accounts claiming the same number.
    if ((error as { code?: number }).code === 11000) {
      onTaken();
      throw conflict(AUTH_MESSAGES.phoneTaken);
    }
    throw error;
  }
}
