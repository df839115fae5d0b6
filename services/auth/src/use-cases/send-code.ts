import { randomUUID } from 'node:crypto';
import {
  AUTH_MESSAGES,
  DEFAULT_LOCALE,
  OTP_POLICY,
  PARAMETERISED_ERROR_CODES,
  isLocale,
  type SendCodeResponse,
} from '@safarsaathi/contracts';
import { HttpError, enqueueEmail, jobId, tooManyRequests } from '@safarsaathi/platform';
import type { AuthContext, RequestOrigin } from './context';
import { userLockKey } from '../persistence/users';
import { deviceHash } from '../persistence/otp-store';

const DEV_NOTE =
  'Development mode: real OTP is off, so any 6-digit code works. The code is filled in for you.';

/**
 * POST /api/auth/register: issue a code for this browser and e-mail it (or, in development with real OTP
 * off, return it). Past its network's budget a browser gets 429 `auth.challengeRequired` with a
 * proof-of-work challenge in `details.challenge`; sent again with the solution (`altcha`), it gets its code.
 */
export async function sendCode(
  ctx: AuthContext,
  input: { emailAddress: string; emailConsent?: boolean; altcha?: string },
  origin: RequestOrigin & { deviceToken: string },
): Promise<SendCodeResponse> {
  const email = input.emailAddress;
  const device = deviceHash(origin.deviceToken);
  const knownDevice = await ctx.otps.isKnownDevice(email, device);
  const proveWork = async () => input.altcha !== undefined && (await ctx.challenges.redeem(input.altcha));
  const issued = await ctx.otps.issue(
    email,
    { device, network: origin.network, knownDevice, proveWork },
    input.emailConsent === true,
  );
  if ('refused' in issued) {
    if (issued.refused === 'challenge') {
      const message =
        input.altcha === undefined ? AUTH_MESSAGES.challengeRequired : AUTH_MESSAGES.challengeInvalid;
      throw new HttpError(
        429,
        message,
        { challenge: await ctx.challenges.create() },
        'auth.challengeRequired',
      );
    }
    throw tooManyRequests(
      issued.refused === 'cooldown'
        ? AUTH_MESSAGES.resendCooldown(issued.retryAfterSeconds)
        : AUTH_MESSAGES.tooManyCodes,
      issued.retryAfterSeconds,
      issued.refused === 'cooldown' ? PARAMETERISED_ERROR_CODES.resendCooldown : undefined,
    );
  }
  try {
    if (input.emailConsent) {
      const account = await ctx.users.findOne({ email }, { _id: 1 }).lean();
      if (account) {
        await ctx.locks.around(userLockKey(account._id.toString()), () =>
          ctx.users.updateOne({ _id: account._id }, { $set: { email_consent: true } }),
        );
      }
    }

    const isDevelopment = ctx.config.APP_ENV === 'development';
    const realOtp = isDevelopment ? await ctx.settings.realOtpEnabled() : true;
    if (!realOtp) {
      return {
        success: true,
        message: AUTH_MESSAGES.otpSent,
        real_otp_enabled: false,
        otp: issued.code,
        dev_note: DEV_NOTE,
      };
    }
    // The job names the code's encrypted secret; the code itself never sits in queue data.
    const secretRef = await ctx.emailSecrets.put(issued.code, OTP_POLICY.ttlSeconds);
    // The page's language; without one (an API caller), the language the account chose.
    const locale = origin.locale ?? (await storedLocale(ctx, email));
    await enqueueEmail(
      ctx.emailQueue,
      { to: email, purpose: 'otp', template: 'otp_code', secretRef, locale },
      // Never the address in a job id: ids are logged and kept with the job (issue 40).
      jobId('otp', randomUUID()),
    );
  } catch (error) {
    // Nothing was sent: the request must not use up the resend wait or a send.
    await issued.release().catch(() => undefined);
    throw error;
  }
  return { success: true, message: AUTH_MESSAGES.otpSent, real_otp_enabled: true };
}

/** GET /api/auth/challenge: a fresh proof-of-work challenge (the login dialog's widget fetches it). */
export function newChallenge(ctx: AuthContext) {
  return ctx.challenges.create();
}

async function storedLocale(ctx: AuthContext, email: string) {
  const user = await ctx.users.findOne({ email }, { locale: 1 }).lean();
  return isLocale(user?.locale) ? user.locale : DEFAULT_LOCALE;
}
