import { z } from 'zod';
import { baseEnvSchema, loadConfig } from '@safarsaathi/platform';

const searchEnvSchema = baseEnvSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(4003),
});
export type SearchConfig = z.infer<typeof searchEnvSchema>;

export function loadSearchConfig(env: NodeJS.ProcessEnv = process.env): SearchConfig {
  return loadConfig('search', searchEnvSchema, env);
}
