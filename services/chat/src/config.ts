import { z } from 'zod';
import { CHAT_LIMITS, REPORT_LIMITS } from '@safarsaathi/contracts';
import { baseEnvSchema, loadConfig } from '@safarsaathi/platform';

const chatEnvSchema = baseEnvSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(4004),
  /**
   * How long starting a conversation waits for a request or match it has not heard of yet (the events are
   * one Kafka hop behind the request the user has just submitted) before it refuses.
   */
  CHAT_PROJECTION_WAIT_MS: z.coerce.number().int().min(0).max(30_000).default(5_000),
  /**
   * How often the outbox relay sweeps the conversations for events a crash left behind. Every write names
   * its document to the relay, so the sweep is only a safety net; on FerretDB it reads the whole collection.
   */
  CHAT_OUTBOX_SWEEP_MS: z.coerce.number().int().min(1_000).default(60_000),
  /** Safety limits (contracts CHAT_LIMITS); the benchmark raises the message limit to measure throughput. */
  CHAT_MESSAGES_PER_MINUTE: z.coerce.number().int().positive().default(CHAT_LIMITS.messagesPerMinute),
  CHAT_NEW_CONVERSATIONS_PER_DAY: z.coerce
    .number()
    .int()
    .positive()
    .default(CHAT_LIMITS.newConversationsPerDay),
  CHAT_REPORTS_PER_HOUR: z.coerce.number().int().positive().default(REPORT_LIMITS.reportsPerHour),
});
export type ChatConfig = z.infer<typeof chatEnvSchema>;

export function loadChatConfig(env: NodeJS.ProcessEnv = process.env): ChatConfig {
  return loadConfig('chat', chatEnvSchema, env);
}
