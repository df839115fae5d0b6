import { z } from 'zod';
import { baseEnvSchema, loadConfig } from '@safarsaathi/platform';

const supportEnvSchema = baseEnvSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(4006),
});
export type SupportConfig = z.infer<typeof supportEnvSchema>;

export function loadSupportConfig(env: NodeJS.ProcessEnv = process.env): SupportConfig {
  return loadConfig('support', supportEnvSchema, env);
}
