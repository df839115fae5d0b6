import { AUTH_MESSAGES, type EnvironmentInfo, type Identity, type User } from '@safarsaathi/contracts';
import { forbidden, unauthorized } from '@safarsaathi/platform';
import type { AuthContext } from './context';
import { requireAdmin } from './user-status';
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
 * POST /api/auth/toggle-real-otp: development only, and there only for an admin. With real codes off any
 * code signs in as anyone, so nobody else may switch them off: not a visitor from the network a
 * development process is reachable on, and not a page or program on the same machine either (a loopback
 * address is no proof of who is asking).
 */
export async function toggleRealOtp(
  ctx: AuthContext,
  input: { enable_real_otp: boolean },
  identity: Identity | undefined,
): Promise<{ success: true; enable_real_otp: boolean }> {
  if (ctx.config.APP_ENV !== 'development') throw forbidden(AUTH_MESSAGES.devOnly);
  requireAdmin(ctx, identity);
  await ctx.settings.setRealOtp(input.enable_real_otp);
  return { success: true, enable_real_otp: input.enable_real_otp };
}
