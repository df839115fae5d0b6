/** The auth service's REST routes: thin handlers over the use-cases. */
import { Router, type Response } from 'express';
import {
  SESSION_COOKIE,
  helpPreferenceRequestSchema,
  profileQuerySchema,
  registerUserRequestSchema,
  updateUserStatusRequestSchema,
  sendCodeRequestSchema,
  toggleRealOtpRequestSchema,
  verifyOtpRequestSchema,
} from '@safarsaathi/contracts';
import { authedEndpoint, endpoint } from '@safarsaathi/platform';
import type { AuthContext } from './use-cases/context';
import { sendCode } from './use-cases/send-code';
import { verifyCode } from './use-cases/verify-code';
import { registerUser } from './use-cases/register-user';
import { environmentInfo, logout, toggleRealOtp, userInfo } from './use-cases/session-info';
import { setHelpPreference, setTourCompleted, simpleProfile, tourStatus } from './use-cases/profile';
import { deleteAccount } from './use-cases/delete-account';
import { updateUserStatus } from './use-cases/user-status';

function setSessionCookie(ctx: AuthContext, res: Response, token: string): void {
  res.cookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.config.APP_ENV === 'production',
    path: '/',
    maxAge: ctx.config.SESSION_TTL_SECONDS * 1000,
  });
}

export function authRoutes(ctx: AuthContext): Router {
  const router = Router();

  router.post('/api/auth/register', endpoint({ body: sendCodeRequestSchema }, ({ body }) => sendCode(ctx, body)));

  router.post(
    '/api/auth/verify-otp',
    endpoint({ body: verifyOtpRequestSchema }, async ({ body }, { res }) => {
      const { sessionToken, ...result } = await verifyCode(ctx, body);
      setSessionCookie(ctx, res, sessionToken);
      return result;
    }),
  );

  router.post(
    '/api/auth/register-user',
    authedEndpoint({ body: registerUserRequestSchema }, ({ body }, { identity }) => registerUser(ctx, identity, body)),
  );

  router.get('/api/auth/user-info', authedEndpoint({}, (_input, { identity }) => userInfo(ctx, identity)));

  router.post(
    '/api/auth/logout',
    endpoint({}, async (_input, { identity, res }) => {
      res.clearCookie(SESSION_COOKIE, { path: '/' });
      return logout(ctx, identity);
    }),
  );

  router.get('/api/auth/environment-info', endpoint({}, () => environmentInfo(ctx)));

  router.post(
    '/api/auth/toggle-real-otp',
    endpoint({ body: toggleRealOtpRequestSchema }, ({ body }) => toggleRealOtp(ctx, body)),
  );

  router.post(
    '/api/auth/update-user-status',
    authedEndpoint({ body: updateUserStatusRequestSchema }, ({ body }, { identity }) => updateUserStatus(ctx, identity, body)),
  );

  router.get(
    '/users/profile',
    authedEndpoint({ query: profileQuerySchema }, ({ query }, { identity }) => simpleProfile(ctx, identity, query.emailAddress)),
  );
  router.put(
    '/users/help-preference',
    authedEndpoint({ body: helpPreferenceRequestSchema }, ({ body }, { identity }) => setHelpPreference(ctx, identity, body)),
  );
  router.delete(
    '/users/delete-account',
    authedEndpoint({}, async (_input, { identity, res }) => {
      const result = await deleteAccount(ctx, identity);
      res.clearCookie(SESSION_COOKIE, { path: '/' });
      return result;
    }),
  );

  router.get('/api/tour/status', authedEndpoint({}, (_input, { identity }) => tourStatus(ctx, identity)));
  router.post('/api/tour/complete', authedEndpoint({}, (_input, { identity }) => setTourCompleted(ctx, identity, true)));
  router.post('/api/tour/reset', authedEndpoint({}, (_input, { identity }) => setTourCompleted(ctx, identity, false)));

  return router;
}
