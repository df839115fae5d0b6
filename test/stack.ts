/**
 * Starts services and the gateway in-process, on free ports, against the real infrastructure chosen by
 * global-setup.ts. Each test file starts its own stack and stops it in afterAll.
 */
import { randomBytes } from 'node:crypto';
import webpush from 'web-push';
import type { RunningService } from '@safarsaathi/platform';
import { startAuthService } from '../services/auth/src/app';
import { startCompanionService } from '../services/companion/src/app';
import { startNotificationsService } from '../services/notifications/src/app';
import { startSupportService } from '../services/support/src/app';
import { startSearchService } from '../services/search/src/app';
import { startChatService } from '../services/chat/src/app';
import { freshEmail } from '../platform/src/testing/users';
import { testDatabase } from '../platform/src/testing/run-scope';
import { startGateway, type RunningGateway } from '../gateway/src/app';

export interface TestStack {
  gatewayUrl: string;
  gateway: RunningGateway;
  auth: RunningService;
  companion: RunningService;
  notifications: RunningService;
  support: RunningService;
  chat: RunningService;
  /** Present only when started `withSearch` (otherwise its routes answer 503). */
  search: RunningService | undefined;
  /** An admin of this stack only: a fresh address per stack, so repeated runs never hit the code limits. */
  adminEmail: string;
  stop: () => Promise<void>;
}

/** A secret of this test process only: nothing the source publishes can sign an identity for the stack. */
const RUN_SECRET = randomBytes(32).toString('hex');
/** A Web Push key pair of this test process: production requires one, and none from the repository. */
const RUN_VAPID = webpush.generateVAPIDKeys();

/**
 * Development settings on a free port of 127.0.0.1, signed with this process's own secret; this run's topic
 * prefix, databases, queue and rate-limit prefixes come from process.env.
 */
export function testEnv(overrides: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    APP_ENV: 'development',
    LOG_LEVEL: 'warn',
    PORT: '0',
    KAFKA_GROUP_SUFFIX: '-test',
    INTERNAL_HMAC_SECRET: process.env.INTERNAL_HMAC_SECRET ?? RUN_SECRET,
    VAPID_PUBLIC_KEY: process.env.VAPID_PUBLIC_KEY ?? RUN_VAPID.publicKey,
    VAPID_PRIVATE_KEY: process.env.VAPID_PRIVATE_KEY ?? RUN_VAPID.privateKey,
    // Every test calls from 127.0.0.1, so the per-IP limits are raised; the tests of those limits start
    // services of their own with low limits and counters of their own (RATE_LIMIT_KEY_PREFIX).
    OTP_SENDS_PER_IP_PER_HOUR: '100000',
    OTP_VERIFIES_PER_IP_PER_MINUTE: '100000',
    CASES_PER_IP_PER_HOUR: '100000',
    SHARE_VIEWS_PER_IP_PER_MINUTE: '100000',
    PHONE_TAKEN_PER_IP_PER_HOUR: '100000',
    // Load tests post all day from a few users; the caps' own test (companion abuse) sets the real ones.
    ACTIVE_REQUESTS_PER_USER: '100000',
    UPCOMING_PLANS_PER_USER: '100000',
    LIVE_MAX_STREAMS_PER_NETWORK: '100000',
    LIVE_MAX_SHARED_STREAMS_PER_NETWORK: '100000',
    ...overrides,
  };
}

/**
 * The search service (index and matching engine) starts only `withSearch`: its index replays the topics
 * at start, and tests that drive match_found themselves must not race with real matches.
 */
export async function startTestStack(
  overrides: Record<string, string> = {},
  options: { withSearch?: boolean } = {},
): Promise<TestStack> {
  const adminEmail = freshEmail('admin');
  const [auth, companion, notifications, support, chat, search] = await Promise.all([
    // A short resend cooldown: tests sign the same e-mail in more than once.
    startAuthService(
      testEnv({
        MONGO_DB: testDatabase('auth'),
        OTP_RESEND_COOLDOWN_SECONDS: '2',
        ADMIN_EMAILS: adminEmail,
        ...overrides,
      }),
    ),
    startCompanionService(testEnv({ MONGO_DB: testDatabase('companion'), ...overrides })),
    startNotificationsService(testEnv({ MONGO_DB: testDatabase('notifications'), ...overrides })),
    startSupportService(testEnv({ MONGO_DB: testDatabase('support'), ...overrides })),
    startChatService(testEnv({ MONGO_DB: testDatabase('chat'), ...overrides })),
    !options.withSearch
      ? Promise.resolve(undefined)
      : startSearchService(testEnv({ MONGO_DB: testDatabase('search'), ...overrides })),
  ]);
  const gateway = await startGateway(
    testEnv({
      AUTH_URL: auth.url,
      COMPANION_URL: companion.url,
      NOTIFICATIONS_URL: notifications.url,
      SUPPORT_URL: support.url,
      CHAT_URL: chat.url,
      SEARCH_URL: search?.url ?? 'http://127.0.0.1:9',
      RATE_LIMIT_IP_PER_MINUTE: '1000',
      // The gateway decides the admin role on every call, from the same list as auth.
      ADMIN_EMAILS: adminEmail,
      ...overrides,
    }),
  );
  return {
    gatewayUrl: gateway.url,
    gateway,
    auth,
    companion,
    notifications,
    support,
    chat,
    search,
    adminEmail,
    stop: async () => {
      await gateway.stop();
      await Promise.all([
        auth.stop(),
        companion.stop(),
        notifications.stop(),
        support.stop(),
        chat.stop(),
        search?.stop(),
      ]);
    },
  };
}
