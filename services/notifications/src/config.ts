import { z } from 'zod';
import { CHAT_LIMITS } from '@safarsaathi/contracts';
import { baseEnvSchema, loadConfig } from '@safarsaathi/platform';

const notificationsEnvSchema = baseEnvSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(4005),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// URL')
    .default('smtp://127.0.0.1:1025'),
  MAIL_FROM: z.string().default('SafarSaathi <no-reply@safarsaathi.app>'),
  EMAIL_CONCURRENCY: z.coerce.number().int().positive().default(4),
  /** How long a chat message stays unread before its recipient is e-mailed (tests use a short one). */
  CHAT_UNREAD_EMAIL_DELAY_MS: z.coerce.number().int().min(0).default(CHAT_LIMITS.unreadEmailDelayMs),
});
export type NotificationsConfig = z.infer<typeof notificationsEnvSchema>;

export function loadNotificationsConfig(env: NodeJS.ProcessEnv = process.env): NotificationsConfig {
  return loadConfig('notifications', notificationsEnvSchema, env);
}
