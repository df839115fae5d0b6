import { z } from 'zod';
import { LIMITS } from '@safarsaathi/contracts';
import { baseEnvSchema, loadConfig } from '@safarsaathi/platform';

const companionEnvSchema = baseEnvSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(4002),
  /** The product's address: the QR codes of the printed card and pass open the family link there. */
  PUBLIC_URL: z.string().url().default('http://localhost:8080'),
  /** Opening shared trip links, per client IP and minute (a family opens a link a few times). */
  SHARE_VIEWS_PER_IP_PER_MINUTE: z.coerce.number().int().positive().default(60),
  /**
   * What one user may keep at once (quotas.ts). The refusals' texts name the contracts' numbers: only load
   * tests and benchmarks, whose few users post all day, raise these.
   */
  ACTIVE_REQUESTS_PER_USER: z.coerce.number().int().positive().default(LIMITS.activeCompanionRequestsMax),
  UPCOMING_PLANS_PER_USER: z.coerce.number().int().positive().default(LIMITS.upcomingTravelPlansMax),
  /**
   * How long before a known departure time the trip reminder is due (addendum §1.5: 24 hours). Tests
   * shorten it to see a reminder fall due within seconds; without a time it is 08:00 the day before.
   */
  TRIP_REMINDER_LEAD_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(24 * 3_600_000),
});
export type CompanionConfig = z.infer<typeof companionEnvSchema>;

export function loadCompanionConfig(env: NodeJS.ProcessEnv = process.env): CompanionConfig {
  return loadConfig('companion', companionEnvSchema, env);
}
