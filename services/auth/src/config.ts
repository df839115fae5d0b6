import { z } from 'zod';
import { LIMITS, REGISTRATION_POLICY, SESSION_LIFETIME_SECONDS } from '@safarsaathi/contracts';
import { adminEmailSet, adminEmailsSchema, baseEnvSchema, loadConfig } from '@safarsaathi/platform';

const authEnvSchema = baseEnvSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(4001),
  ADMIN_EMAILS: adminEmailsSchema,
  MAIL_FROM: z.string().default('SafarSaathi <no-reply@safarsaathi.app>'),
  SESSION_TTL_SECONDS: z.coerce.number().int().positive().default(SESSION_LIFETIME_SECONDS),
  /** Minimum wait between two codes for one e-mail (the UI's 30 s countdown). */
  OTP_RESEND_COOLDOWN_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(LIMITS.otpResendCountdownMs / 1000),
  /**
   * Codes one network (an IPv4 address, an IPv6 /64) may request per hour for browsers that never signed in
   * to the address; past it a proof-of-work challenge is asked for (docs/security.md, "Sign-in limits").
   */
  OTP_SENDS_PER_IP_PER_HOUR: z.coerce.number().int().positive().default(30),
  /** Codes per network and hour with a solved challenge: what one network can get at most. */
  OTP_SOLVED_SENDS_PER_IP_PER_HOUR: z.coerce.number().int().positive().default(2000),
  /** PBKDF2 iterations per try of the challenge (about 256 tries to solve: ~1 s on a mid-range phone at 5,000). */
  OTP_CHALLENGE_COST: z.coerce.number().int().min(1).max(1_000_000).default(5_000),
  /** Wrong code checks one network may make per minute from browsers that never signed in to the address. */
  OTP_VERIFIES_PER_IP_PER_MINUTE: z.coerce.number().int().positive().default(120),
  /** Registration answers "this number is taken" one client IP may get per hour (REGISTRATION_POLICY). */
  PHONE_TAKEN_PER_IP_PER_HOUR: z.coerce
    .number()
    .int()
    .positive()
    .default(REGISTRATION_POLICY.phoneTakenPerIpPerHour),
});

export type AuthConfig = z.infer<typeof authEnvSchema> & { adminEmails: Set<string> };

export function loadAuthConfig(env: NodeJS.ProcessEnv = process.env): AuthConfig {
  const config = loadConfig('auth', authEnvSchema, env);
  return { ...config, adminEmails: adminEmailSet(config) };
}
