/** The auth service's REST routes: thin handlers over the use-cases. */
import { Router, type Request, type Response } from 'express';
import {
  DEVICE_COOKIE,
  OTP_POLICY,
  SESSION_COOKIE,
  sessionIdParamsSchema,
  helpPreferenceRequestSchema,
  profileQuerySchema,
  localeFromAcceptLanguage,
  setLocaleRequestSchema,
  readingPreferencesUpdateSchema,
  registerUserRequestSchema,
  updateUserStatusRequestSchema,
  adminUserParamsSchema,
  setUserStatusRequestSchema,
  sendCodeRequestSchema,
  toggleRealOtpRequestSchema,
  verifyOtpRequestSchema,
  DATA_EXPORT_PART_PATH,
  consentPurposeParamsSchema,
  consentUpdateSchema,
  type ConsentPurpose,
} from '@safarsaathi/contracts';
import {
  adminEndpoint,
  authedEndpoint,
  clientIp,
  endpoint,
  ipSubject,
  newDeviceToken,
  verifiedDeviceToken,
} from '@safarsaathi/platform';
import type { AuthContext, RequestOrigin } from './use-cases/context';
import { newChallenge, sendCode } from './use-cases/send-code';
import { verifyCode } from './use-cases/verify-code';
import { registerUser } from './use-cases/register-user';
import { environmentInfo, logout, toggleRealOtp, userInfo } from './use-cases/session-info';
import {
  setHelpPreference,
  setLocale,
  setTourCompleted,
  simpleProfile,
  tourStatus,
} from './use-cases/profile';
import { deleteAccount } from './use-cases/delete-account';
import { readingPreferences, setReadingPreferences } from './use-cases/preferences';
import { setUserStatus, updateUserStatus } from './use-cases/user-status';
import { endOtherSessions, endSession, listSessions } from './use-cases/sessions';
import { getConsents, setConsent } from './use-cases/consents';
import { myAuthData } from './use-cases/my-data';

/** The device cookie is sent only to the auth routes. */
const DEVICE_COOKIE_PATH = '/api/auth';

function setSessionCookie(ctx: AuthContext, res: Response, token: string): void {
  res.cookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.config.APP_ENV === 'production',
    path: '/',
    maxAge: ctx.config.SESSION_TTL_SECONDS * 1000,
  });
}

function setDeviceCookie(ctx: AuthContext, res: Response, token: string): void {
  res.cookie(DEVICE_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.config.APP_ENV === 'production',
    path: DEVICE_COOKIE_PATH,
    maxAge: OTP_POLICY.knownDeviceDays * 86_400_000,
  });
}

/** One cookie from the Cookie header (services do not parse cookies otherwise). */
function cookieValue(req: Request, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}

function originOf(ctx: AuthContext, req: Request): RequestOrigin {
  const ip = clientIp(req);
  return {
    ip,
    network: ipSubject(ip),
    // Only a cookie this deployment signed names a browser; any other value is as if there were none.
    deviceToken: verifiedDeviceToken(cookieValue(req, DEVICE_COOKIE), ctx.config.INTERNAL_HMAC_SECRET),
    userAgent: String(req.headers['user-agent'] ?? '').slice(0, 200),
    // The web client sends the page's language here; anything else is not a language the product speaks.
    locale: localeFromAcceptLanguage(req.headers['accept-language']),
  };
}

export function authRoutes(ctx: AuthContext): Router {
  const router = Router();

  router.post(
    '/api/auth/register',
    endpoint({ body: sendCodeRequestSchema }, ({ body }, { req, res }) => {
      // The code belongs to this browser: one without a device cookie gets one now, and must send it back.
      const origin = originOf(ctx, req);
      const deviceToken = origin.deviceToken ?? newDeviceToken(ctx.config.INTERNAL_HMAC_SECRET);
      setDeviceCookie(ctx, res, deviceToken);
      return sendCode(ctx, body, { ...origin, deviceToken });
    }),
  );

  router.get(
    '/api/auth/challenge',
    endpoint({}, () => newChallenge(ctx)),
  );

  router.post(
    '/api/auth/verify-otp',
    endpoint({ body: verifyOtpRequestSchema }, async ({ body }, { req, res, identity }) => {
      const { sessionToken, deviceToken, ...result } = await verifyCode(
        ctx,
        body,
        originOf(ctx, req),
        identity,
      );
      setSessionCookie(ctx, res, sessionToken);
      setDeviceCookie(ctx, res, deviceToken);
      return result;
    }),
  );

  router.get(
    '/api/auth/sessions',
    authedEndpoint({}, (_input, { identity }) => listSessions(ctx, identity)),
  );
  router.delete(
    '/api/auth/sessions/:id',
    authedEndpoint({ params: sessionIdParamsSchema }, async ({ params }, { identity, res }) => {
      const { current } = await endSession(ctx, identity, params.id);
      if (current) res.clearCookie(SESSION_COOKIE, { path: '/' });
      return { success: true as const };
    }),
  );
  router.post(
    '/api/auth/logout-others',
    authedEndpoint({}, (_input, { identity }) => endOtherSessions(ctx, identity)),
  );

  router.post(
    '/api/auth/register-user',
    authedEndpoint({ body: registerUserRequestSchema }, ({ body }, { identity, req }) =>
      registerUser(ctx, identity, body, ipSubject(clientIp(req))),
    ),
  );

  router.put(
    '/api/auth/locale',
    authedEndpoint({ body: setLocaleRequestSchema }, ({ body }, { identity }) =>
      setLocale(ctx, identity, body.locale),
    ),
  );

  router.get(
    '/api/auth/preferences',
    authedEndpoint({}, (_input, { identity }) => readingPreferences(ctx, identity)),
  );
  router.put(
    '/api/auth/preferences',
    authedEndpoint({ body: readingPreferencesUpdateSchema }, ({ body }, { identity }) =>
      setReadingPreferences(ctx, identity, body),
    ),
  );

  router.get(
    '/api/auth/user-info',
    authedEndpoint({}, (_input, { identity }) => userInfo(ctx, identity)),
  );

  router.post(
    '/api/auth/logout',
    endpoint({}, async (_input, { identity, res }) => {
      res.clearCookie(SESSION_COOKIE, { path: '/' });
      return logout(ctx, identity);
    }),
  );

  router.get(
    '/api/auth/environment-info',
    endpoint({}, () => environmentInfo(ctx)),
  );

  router.post(
    '/api/auth/toggle-real-otp',
    endpoint({ body: toggleRealOtpRequestSchema }, ({ body }, { identity }) =>
      toggleRealOtp(ctx, body, identity),
    ),
  );

  router.post(
    '/api/auth/update-user-status',
    authedEndpoint({ body: updateUserStatusRequestSchema }, ({ body }, { identity }) =>
      updateUserStatus(ctx, identity, body),
    ),
  );
  router.put(
    '/api/admin/users/:user_id/status',
    adminEndpoint(
      { params: adminUserParamsSchema, body: setUserStatusRequestSchema },
      ({ params, body }, { identity }) => setUserStatus(ctx, identity, params.user_id, body),
    ),
  );

  router.get(
    '/users/profile',
    authedEndpoint({ query: profileQuerySchema }, ({ query }, { identity }) =>
      simpleProfile(ctx, identity, query.emailAddress),
    ),
  );
  router.put(
    '/users/help-preference',
    authedEndpoint({ body: helpPreferenceRequestSchema }, ({ body }, { identity }) =>
      setHelpPreference(ctx, identity, body),
    ),
  );
  router.delete(
    '/users/delete-account',
    authedEndpoint({}, async (_input, { identity, res }) => {
      const result = await deleteAccount(ctx, identity);
      res.clearCookie(SESSION_COOKIE, { path: '/' });
      return result;
    }),
  );

  // Privacy choices (issue 40) and the auth part of the data export (the gateway gathers the parts).
  router.get(
    '/api/me/consents',
    authedEndpoint({}, (_input, { identity }) => getConsents(ctx, identity)),
  );
  router.put(
    '/api/me/consents/:purpose',
    authedEndpoint(
      { params: consentPurposeParamsSchema, body: consentUpdateSchema },
      ({ params, body }, { identity }) =>
        setConsent(ctx, identity, params.purpose as ConsentPurpose, body.granted),
    ),
  );
  router.get(
    DATA_EXPORT_PART_PATH,
    authedEndpoint({}, (_input, { identity }) => myAuthData(ctx, identity)),
  );

  router.get(
    '/api/tour/status',
    authedEndpoint({}, (_input, { identity }) => tourStatus(ctx, identity)),
  );
  router.post(
    '/api/tour/complete',
    authedEndpoint({}, (_input, { identity }) => setTourCompleted(ctx, identity, true)),
  );
  router.post(
    '/api/tour/reset',
    authedEndpoint({}, (_input, { identity }) => setTourCompleted(ctx, identity, false)),
  );

  return router;
}
