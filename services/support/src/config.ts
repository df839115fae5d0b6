import { z } from 'zod';
import { SUPPORT_POLICY } from '@safarsaathi/contracts';
import { baseEnvSchema, loadConfig } from '@safarsaathi/platform';

const supportEnvSchema = baseEnvSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(4006),
  /** Cases one client IP may file per hour (held here, not only at the gateway). */
  CASES_PER_IP_PER_HOUR: z.coerce.number().int().positive().default(SUPPORT_POLICY.casesPerIpPerHour),
  /**
   * How long a report waits for a conversation it has not heard of yet (conversation_created is one Kafka
   * hop behind the chat) before it answers 404.
   */
  SUPPORT_PROJECTION_WAIT_MS: z.coerce.number().int().min(0).max(30_000).default(3_000),
});
export type SupportConfig = z.infer<typeof supportEnvSchema>;

export function loadSupportConfig(env: NodeJS.ProcessEnv = process.env): SupportConfig {
  return loadConfig('support', supportEnvSchema, env);
}
