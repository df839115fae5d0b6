/**
 * Starts services and the gateway in-process, on free ports, against the real infrastructure chosen by
 * global-setup.ts. Each test file starts its own stack and stops it in afterAll.
 */
import type { RunningService } from '@safarsaathi/platform';
import { startAuthService } from '../services/auth/src/app';
import { startNotificationsService } from '../services/notifications/src/app';
import { startSupportService } from '../services/support/src/app';
import { startGateway, type RunningGateway } from '../gateway/src/app';

export interface TestStack {
  gatewayUrl: string;
  gateway: RunningGateway;
  auth: RunningService;
  notifications: RunningService;
  support: RunningService;
  stop: () => Promise<void>;
}

export function testEnv(overrides: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { ...process.env, APP_ENV: 'development', LOG_LEVEL: 'warn', PORT: '0', ...overrides };
}

export async function startTestStack(overrides: Record<string, string> = {}): Promise<TestStack> {
  const [auth, notifications, support] = await Promise.all([
    // A short resend cooldown: tests sign the same e-mail in more than once.
    startAuthService(testEnv({ MONGO_DB: 'test_auth', OTP_RESEND_COOLDOWN_SECONDS: '2', ...overrides })),
    startNotificationsService(testEnv({ MONGO_DB: 'test_notifications', ...overrides })),
    startSupportService(testEnv({ MONGO_DB: 'test_support', ...overrides })),
  ]);
  const gateway = await startGateway(
    testEnv({
      AUTH_URL: auth.url,
      NOTIFICATIONS_URL: notifications.url,
      SUPPORT_URL: support.url,
      RATE_LIMIT_IP_PER_MINUTE: '1000',
      ...overrides,
    }),
  );
  return {
    gatewayUrl: gateway.url,
    gateway,
    auth,
    notifications,
    support,
    stop: async () => {
      await gateway.stop();
      await Promise.all([auth.stop(), notifications.stop(), support.stop()]);
    },
  };
}
