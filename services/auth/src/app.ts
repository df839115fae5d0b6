import { CONSENT_CHANGES_PER_HOUR, REGISTRATION_POLICY } from '@safarsaathi/contracts';
import {
  EmailSecrets,
  SessionStore,
  SlidingWindowLimit,
  createEmailQueue,
  startService,
  type RunningService,
} from '@safarsaathi/platform';
import { loadAuthConfig, type AuthConfig } from './config';
import { userLockKey, userModel } from './persistence/users';
import { OtpStore } from './persistence/otp-store';
import { AuthSettings } from './persistence/settings';
import { ChallengeStore } from './persistence/challenges';
import { blockedEmailModel } from './persistence/blocked-emails';
import { authRoutes } from './routes';
import type { AuthContext } from './use-cases/context';

/** Starts the auth service; tests pass their own env (e.g. PORT=0). */
export function startAuthService(env: NodeJS.ProcessEnv = process.env): Promise<RunningService<AuthConfig>> {
  const config = loadAuthConfig(env);
  return startService('auth', config, (deps) => {
    const users = userModel(deps.mongo);
    const emailQueue = createEmailQueue(deps.redis, config.QUEUE_PREFIX);
    const hourly = (name: string, limit: number) =>
      new SlidingWindowLimit(deps.redis, name, limit, 3600_000, config.RATE_LIMIT_KEY_PREFIX);
    const ctx: AuthContext = {
      config,
      logger: deps.logger,
      users,
      sessions: new SessionStore(deps.redis, config.SESSION_TTL_SECONDS),
      otps: new OtpStore(deps.redis, config.INTERNAL_HMAC_SECRET, config.OTP_RESEND_COOLDOWN_SECONDS, {
        sendsPerNetworkPerHour: config.OTP_SENDS_PER_IP_PER_HOUR,
        solvedSendsPerNetworkPerHour: config.OTP_SOLVED_SENDS_PER_IP_PER_HOUR,
        keyPrefix: config.RATE_LIMIT_KEY_PREFIX,
      }),
      challenges: new ChallengeStore(deps.redis, config.INTERNAL_HMAC_SECRET, config.OTP_CHALLENGE_COST),
      settings: new AuthSettings(deps.mongo),
      emailQueue,
      emailSecrets: new EmailSecrets(deps.redis, config.INTERNAL_HMAC_SECRET),
      verifiesPerIp: new SlidingWindowLimit(
        deps.redis,
        'otp-verify-ip',
        config.OTP_VERIFIES_PER_IP_PER_MINUTE,
        60_000,
        config.RATE_LIMIT_KEY_PREFIX,
      ),
      registration: {
        perUser: hourly('register-user', REGISTRATION_POLICY.attemptsPerUserPerHour),
        firstPerUser: hourly('register-user-first', 1),
        takenPerIp: hourly('register-phone-taken-ip', config.PHONE_TAKEN_PER_IP_PER_HOUR),
      },
      consentChanges: hourly('consent-changes', CONSENT_CHANGES_PER_HOUR),
      flushOutbox: deps.flushOutbox,
      live: deps.live,
      locks: deps.locks,
      pii: deps.pii,
      blockedEmails: blockedEmailModel(deps.mongo),
    };
    return {
      routes: authRoutes(ctx),
      outboxModels: [{ model: users, lockKey: userLockKey }],
      onStop: () => emailQueue.close(),
    };
  });
}
