import { AUTH_MESSAGES, blockedMessage, type VerifyOtpResponse } from '@safarsaathi/contracts';
import { HttpError, forbidden, tooManyRequests } from '@safarsaathi/platform';
import type { AuthContext } from './context';
import { toUserView } from './user-view';

/**
 * POST /api/auth/verify-otp: a correct code signs the user in with a fresh session; a first-time
 * e-mail gets an unregistered account that must complete registration.
 */
export async function verifyCode(
  ctx: AuthContext,
  input: { emailAddress: string; otp: string },
): Promise<VerifyOtpResponse & { sessionToken: string }> {
  const email = input.emailAddress;
  const acceptAnyCode = ctx.config.APP_ENV === 'development' && !(await ctx.settings.realOtpEnabled());
  const verified = await ctx.otps.verify(email, input.otp, acceptAnyCode);
  if (verified.outcome === 'too-many-attempts') throw tooManyRequests(AUTH_MESSAGES.tooManyAttempts);
  if (verified.outcome !== 'ok') throw new HttpError(401, AUTH_MESSAGES.invalidOtp);

  const user = await ctx.users
    .findOneAndUpdate(
      { email },
      // A first sign-in keeps the consent given with the code (send-code records it for existing accounts).
      { $setOnInsert: { email, is_registered: false, status: 'Active', deleted: false, email_consent: verified.emailConsent } },
      { upsert: true, new: true },
    )
    .lean();
  if (!user) throw new Error('user upsert returned nothing');
  if (user.status === 'Block') throw forbidden(blockedMessage(user.status_reason || 'not given'));

  const { token } = await ctx.sessions.create({
    userId: user._id.toString(),
    email,
    role: ctx.config.adminEmails.has(email) ? 'admin' : 'user',
  });
  return { success: true, message: AUTH_MESSAGES.loginSuccess, user: toUserView(user, ctx.config), sessionToken: token };
}
