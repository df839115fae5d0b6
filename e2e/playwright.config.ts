/**
 * Browser tests against the whole running product (gateway on :8080), in Debian's Chromium.
 * Playwright starts `npm start` itself unless the product is already running (outside CI).
 */
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const ROOT = path.resolve(__dirname, '..');
/** Tests that measure latency (see projects below). */
const TIMED = /[\\/]live\.spec\.ts$/;
export const BASE_URL = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:8080';
// Evaluated first in the runner, then in each worker: workers inherit the runner's value.
process.env.E2E_ADMIN_EMAIL ??= `e2e-admin.${Date.now().toString(36)}@example.test`;
/** The grievance officer the privacy notice names comes from the gateway's configuration (issue 40). */
export const GRIEVANCE_OFFICER_EMAIL = 'grievance.e2e@example.test';

export default defineConfig({
  testDir: path.join(__dirname, 'tests'),
  outputDir: path.join(ROOT, '.stack', 'e2e-output'),
  timeout: 90_000,
  expect: { timeout: 15_000 },
  // Two files at a time: most of a browser test is waiting on Kafka hops and polling, so the 2 cores keep
  // up (the whole suite went from ~21 to ~15 minutes on this machine, nothing else changed).
  workers: 2,
  projects: [
    { name: 'browser', testIgnore: TIMED },
    // live.spec.ts measures a chat message reaching the other browser within a second (addendum, real
    // time): it runs after the others, alone, so another test's CPU never counts in its figure. Running
    // only it: `npx playwright test -c e2e/playwright.config.ts --no-deps live.spec.ts`.
    { name: 'timed', testMatch: TIMED, dependencies: ['browser'] },
  ],
  retries: 0,
  reporter: [
    ['list'],
    [
      'json',
      {
        outputFile:
          process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? path.join(ROOT, '.stack', 'test-results', 'e2e.json'),
      },
    ],
  ],
  use: {
    baseURL: BASE_URL,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    // The service worker would precache the whole app in every test and hide requests from page.route();
    // e2e/tests/offline.spec.ts allows it where it is what is tested.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-dev-shm-usage',
      ],
    },
  },
  webServer: process.env.E2E_BASE_URL
    ? undefined
    : {
        // `npm test` builds the web app while the integration tests run and says so (E2E_WEB_BUILT).
        command: `node --import tsx scripts/start.ts${process.env.E2E_WEB_BUILT === '1' ? ' --no-build' : ''}`,
        cwd: ROOT,
        env: {
          ...(process.env as Record<string, string>),
          ADMIN_EMAILS: process.env.E2E_ADMIN_EMAIL,
          GRIEVANCE_OFFICER_EMAIL,
          // Every browser test signs its users in from 127.0.0.1: the per-IP limits of codes and cases
          // (tested by the integration tests) would stop a run, and counters of this run start at zero.
          OTP_SENDS_PER_IP_PER_HOUR: '100000',
          OTP_VERIFIES_PER_IP_PER_MINUTE: '100000',
          CASES_PER_IP_PER_HOUR: '100000',
          RATE_LIMIT_KEY_PREFIX: `limit-e2e-${Date.now().toString(36)}`,
        },
        // Answers 200 only once the gateway and the auth service are both up.
        url: `${BASE_URL}/api/auth/environment-info`,
        reuseExistingServer: !process.env.CI,
        timeout: 300_000,
        stdout: 'ignore',
        stderr: 'pipe',
      },
});
