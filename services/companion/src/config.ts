import { z } from 'zod';
import { baseEnvSchema, loadConfig } from '@safarsaathi/platform';

const companionEnvSchema = baseEnvSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(4002),
  /** Opening shared trip links, per client IP and minute (a family opens a link a few times). */
  SHARE_VIEWS_PER_IP_PER_MINUTE: z.coerce.number().int().positive().default(60),
});
export type CompanionConfig = z.infer<typeof companionEnvSchema>;

export function loadCompanionConfig(env: NodeJS.ProcessEnv = process.env): CompanionConfig {
  return loadConfig('companion', companionEnvSchema, env);
}
