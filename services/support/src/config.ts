import { z } from 'zod';
import { SUPPORT_POLICY } from '@safarsaathi/contracts';
import { baseEnvSchema, loadConfig } from '@safarsaathi/platform';

const supportEnvSchema = baseEnvSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(4006),
  /** Cases one client IP may file per hour (held here, not only at the gateway). */
  CASES_PER_IP_PER_HOUR: z.coerce.number().int().positive().default(SUPPORT_POLICY.casesPerIpPerHour),
});
export type SupportConfig = z.infer<typeof supportEnvSchema>;

export function loadSupportConfig(env: NodeJS.ProcessEnv = process.env): SupportConfig {
  return loadConfig('support', supportEnvSchema, env);
}
