import { AUTH_MESSAGES, type EnvironmentInfo, type Identity, type User } from '@safarsaathi/contracts';
import { forbidden, unauthorized } from '@safarsaathi/platform';
import type { AuthContext, RequestOrigin } from './context';
import { toUserView } from './user-view';

/** GET /api/auth/user-info */
export async function userInfo(ctx: AuthContext, identity: Identity): Promise<User> {
  const user = await ctx.users.findById(identity.userId).lean();
  if (!user || user.deleted) throw unauthorized();
  return toUserView(user, ctx.config);
}

/**
 * POST /api/auth/logout: ends this session server-side (the cookie alone is no longer enough), and the
 * live streams of this session only, so the browser's other tabs sign out too.
 */
export async function logout(ctx: AuthContext, identity: Identity | undefined): Promise<{ success: true }> {
  if (identity) {
    await ctx.sessions.end(identity.sessionId);
    void ctx.live.publish({ userId: identity.userId, sessionId: identity.sessionId }, 'session.ended', {
      reason: 'signed_out',
    });
  }
  return { success: true };
}

/** GET /api/auth/environment-info */
export async function environmentInfo(ctx: AuthContext): Promise<EnvironmentInfo> {
  const isDevelopment = ctx.config.APP_ENV === 'development';
  return {
    is_development: isDevelopment,
    enable_real_otp: isDevelopment ? await ctx.settings.realOtpEnabled() : true,
  };
}

/**
 * POST /api/auth/toggle-real-otp: development only, and there only from this machine or by an admin.
 * With real codes off any code signs in as anyone, so a development process reachable from a network
 * must not let that network switch them off.
 */
export async function toggleRealOtp(
  ctx: AuthContext,
  input: { enable_real_otp: boolean },
  origin: RequestOrigin,
  identity: Identity | undefined,
): Promise<{ success: true; enable_real_otp: boolean }> {
  if (ctx.config.APP_ENV !== 'development') throw forbidden(AUTH_MESSAGES.devOnly);
  if (!origin.loopback && identity?.role !== 'admin') throw forbidden(AUTH_MESSAGES.devToggleLocalOnly);
  await ctx.settings.setRealOtp(input.enable_real_otp);
  return { success: true, enable_real_otp: input.enable_real_otp };
}
