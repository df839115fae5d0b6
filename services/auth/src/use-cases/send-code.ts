import { AUTH_MESSAGES, PRODUCT_NAME, type SendCodeResponse } from '@safarsaathi/contracts';
import { enqueueEmail, jobId, tooManyRequests } from '@safarsaathi/platform';
import type { AuthContext } from './context';

const DEV_NOTE = 'Development mode: real OTP is off, so any 6-digit code works. The code is filled in for you.';

/** POST /api/auth/register: issue a code and e-mail it (or, in development with real OTP off, return it). */
export async function sendCode(ctx: AuthContext, input: { emailAddress: string; emailConsent?: boolean }): Promise<SendCodeResponse> {
  const email = input.emailAddress;
  const issued = await ctx.otps.issue(email, input.emailConsent === true);
  if ('refused' in issued) {
    throw tooManyRequests(
      issued.refused === 'cooldown'
        ? `Please wait ${issued.retryAfterSeconds} seconds before requesting a new code.`
        : AUTH_MESSAGES.tooManyCodes,
      issued.retryAfterSeconds,
    );
  }
  if (input.emailConsent) await ctx.users.updateOne({ email }, { $set: { email_consent: true } });

  const isDevelopment = ctx.config.APP_ENV === 'development';
  const realOtp = isDevelopment ? await ctx.settings.realOtpEnabled() : true;
  if (!realOtp) {
    return { success: true, message: AUTH_MESSAGES.otpSent, real_otp_enabled: false, otp: issued.code, dev_note: DEV_NOTE };
  }
  await enqueueEmail(
    ctx.emailQueue,
    {
      to: email,
      purpose: 'otp',
      subject: `Your ${PRODUCT_NAME} verification code`,
      text: `Your ${PRODUCT_NAME} verification code is ${issued.code}.\n\nIt is valid for 10 minutes and can be used once. If you did not ask for it, you can ignore this e-mail.`,
      html: `<p>Your ${PRODUCT_NAME} verification code is</p><p style="font-size:28px;letter-spacing:6px"><strong>${issued.code}</strong></p><p>It is valid for 10 minutes and can be used once. If you did not ask for it, you can ignore this e-mail.</p>`,
    },
    jobId('otp', email, Date.now()),
  );
  return { success: true, message: AUTH_MESSAGES.otpSent, real_otp_enabled: true };
}
