import {
  AUTH_MESSAGES,
  PARAMETERISED_ERROR_CODES,
  blockedMessage,
  type Identity,
  type VerifyOtpResponse,
} from '@safarsaathi/contracts';
import { HttpError, forbidden, newDeviceToken, tooManyRequests } from '@safarsaathi/platform';
import { deviceHash } from '../persistence/otp-store';
import { emailBlockHash } from '../persistence/blocked-emails';
import type { AuthContext, RequestOrigin } from './context';
import { toUserView } from './user-view';

export const TOO_MANY_CHECKS = 'Too many attempts. Please wait a minute and try again.';

/**
 * POST /api/auth/verify-otp: a correct code signs the user in with a fresh session; a first-time
 * e-mail gets an unregistered account that must complete registration. Only the code this browser asked
 * for is checked (its device cookie), so another client's guesses never reach the owner's code. The
 * browser becomes a known device of the address, and the owner's own send counters start again. A session
 * this browser already had ends: a sign-in always replaces the token, never adds to it.
 */
export async function verifyCode(
  ctx: AuthContext,
  input: { emailAddress: string; otp: string },
  origin: RequestOrigin,
  previous?: Identity,
): Promise<VerifyOtpResponse & { sessionToken: string; deviceToken: string }> {
  const email = input.emailAddress;
  const device = origin.deviceToken ? deviceHash(origin.deviceToken) : undefined;
  const knownDevice = device !== undefined && (await ctx.otps.isKnownDevice(email, device));
  // A browser the owner signed in with is never held back by what others on its network did; for the
  // others only wrong codes stay counted (a right one gives its count back), so people signing in behind
  // one address do not use up each other's checks.
  let releaseCheck: (() => Promise<void>) | undefined;
  if (!knownDevice) {
    const perNetwork = await ctx.verifiesPerIp.hit(origin.network);
    if (!perNetwork.allowed) throw tooManyRequests(TOO_MANY_CHECKS, perNetwork.retryAfterSeconds);
    releaseCheck = perNetwork.release;
  }
  const acceptAnyCode = ctx.config.APP_ENV === 'development' && !(await ctx.settings.realOtpEnabled());
  const verified = await ctx.otps.verify(email, device, input.otp, { knownDevice, acceptAnyCode });
  if (verified.outcome === 'ok') await releaseCheck?.();
  if (verified.outcome === 'too-many-attempts') throw tooManyRequests(AUTH_MESSAGES.tooManyAttempts);
  if (verified.outcome === 'backoff') {
    throw tooManyRequests(
      AUTH_MESSAGES.wrongCodeBackoff(verified.retryAfterSeconds),
      verified.retryAfterSeconds,
      PARAMETERISED_ERROR_CODES.wrongCodeBackoff,
    );
  }
  if (verified.outcome !== 'ok') throw new HttpError(401, AUTH_MESSAGES.invalidOtp);
  // A block outlives the erased account it was on (issue 40): only a keyed hash of the mailbox is kept.
  const block = await ctx.blockedEmails
    .findOne({ _id: emailBlockHash(ctx.config.INTERNAL_HMAC_SECRET, email) })
    .lean();
  if (block) throw forbidden(blockedMessage(block.reason || 'not given'));

  const user = await ctx.users
    .findOneAndUpdate(
      { email },
      // A first sign-in keeps the consent given with the code (send-code records it for existing accounts).
      {
        $setOnInsert: {
          email,
          is_registered: false,
          status: 'Active',
          deleted: false,
          email_consent: verified.emailConsent,
        },
      },
      { upsert: true, new: true },
    )
    .lean();
  if (!user) throw new Error('user upsert returned nothing');
  if (user.status === 'Block') throw forbidden(blockedMessage(user.status_reason || 'not given'));

  const deviceToken = origin.deviceToken ?? newDeviceToken(ctx.config.INTERNAL_HMAC_SECRET);
  const signedInDevice = deviceHash(deviceToken);
  await Promise.all([
    ctx.otps.rememberDevice(email, signedInDevice),
    ctx.otps.resetAfterSignIn(email, signedInDevice, origin.network),
  ]);
  // No role in the session: the gateway reads ADMIN_EMAILS on every call.
  const { token } = await ctx.sessions.create({
    userId: user._id.toString(),
    email,
    userAgent: origin.userAgent,
  });
  if (previous) await ctx.sessions.end(previous.sessionId);
  return {
    success: true,
    message: AUTH_MESSAGES.loginSuccess,
    user: toUserView(user, ctx.config),
    sessionToken: token,
    deviceToken,
  };
}
