import path from 'node:path';
import { z } from 'zod';
import { baseEnvSchema, loadConfig, packageRoot } from '@safarsaathi/platform';

/** The repository (or image) root: the gateway package's parent, from src/ and from the dist/ bundle alike. */
const ROOT = path.dirname(packageRoot(__dirname));

const gatewayEnvSchema = baseEnvSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  AUTH_URL: z.string().url().default('http://127.0.0.1:4001'),
  COMPANION_URL: z.string().url().default('http://127.0.0.1:4002'),
  SEARCH_URL: z.string().url().default('http://127.0.0.1:4003'),
  CHAT_URL: z.string().url().default('http://127.0.0.1:4004'),
  NOTIFICATIONS_URL: z.string().url().default('http://127.0.0.1:4005'),
  SUPPORT_URL: z.string().url().default('http://127.0.0.1:4006'),
  /** Built web assets: the shell at /, each remote at /remotes/<name>/. */
  WEB_SHELL_DIR: z.string().default(path.join(ROOT, 'web-shell', 'dist')),
  WEB_REMOTES_DIR: z.string().default(path.join(ROOT, 'web-remotes')),
  /** Per-remote URL overrides, e.g. REMOTE_URL_SITE=https://cdn.example/site/mf-manifest.json */
  RATE_LIMIT_IP_PER_MINUTE: z.coerce.number().int().positive().default(60),
  RATE_LIMIT_EMAIL_PER_MINUTE: z.coerce.number().int().positive().default(10),
});

export type GatewayConfig = z.infer<typeof gatewayEnvSchema> & { remoteOverrides: Record<string, string> };

export function loadGatewayConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  const config = loadConfig('gateway', gatewayEnvSchema, env);
  const remoteOverrides = Object.fromEntries(
    Object.entries(env)
      .filter(([key, value]) => key.startsWith('REMOTE_URL_') && value)
      .map(([key, value]) => [key.slice('REMOTE_URL_'.length).toLowerCase(), value as string]),
  );
  return { ...config, remoteOverrides };
}

export function serviceUrls(config: GatewayConfig): Record<string, string | undefined> {
  return {
    auth: config.AUTH_URL,
    companion: config.COMPANION_URL,
    search: config.SEARCH_URL,
    chat: config.CHAT_URL,
    notifications: config.NOTIFICATIONS_URL,
    support: config.SUPPORT_URL,
  };
}
