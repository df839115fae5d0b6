/**
 * What the benchmarks share to run the product: their command-line options, starting the whole product
 * (`scripts/start.ts --no-build`, development mode, in a process group of its own), waiting until it answers,
 * and stopping it again. Every benchmark that starts the product uses the shared ports 8080 and 4001–4006:
 * hold /tmp/safarsaathi-e2e.lock while it runs.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { DEPLOYABLES } from '../scripts/deployables';
import { newVapidKeys } from '../services/notifications/src/config';

export const ROOT = path.resolve(__dirname, '..');
export const GATEWAY = 'http://127.0.0.1:8080';
export const PRODUCT_PORTS = DEPLOYABLES.map((d) => d.port);
const SERVICE_PORTS = DEPLOYABLES.filter((d) => d.gatewayEnv).map((d) => d.port);

/** `--name N` as a number, or the fallback. */
export function numberArg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}

/** `--name VALUE`, or undefined. */
export function stringArg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
}

export async function waitUntil(
  check: () => Promise<boolean>,
  timeoutMs: number,
  label: string,
): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await check().catch(() => false)) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${label} not ready after ${timeoutMs / 1000}s`);
}

/**
 * Every simulated user signs in from 127.0.0.1: the per-IP sign-in limits (and the per-address one) are
 * raised while a benchmark runs the product. They are still checked on every sign-in call. The counters stay
 * in Redis for their window, so a benchmark run soon after another would otherwise meet the first one's.
 */
export const RAISED_SIGN_IN_LIMITS = {
  RATE_LIMIT_IP_PER_MINUTE: '1000000', // gateway: sign-in calls per client IP (default 60)
  RATE_LIMIT_EMAIL_PER_MINUTE: '1000', // gateway: per e-mail address and IP (default 10)
  OTP_SENDS_PER_IP_PER_HOUR: '1000000', // auth: codes sent per IP (default 30)
  OTP_VERIFIES_PER_IP_PER_MINUTE: '1000000', // auth: code checks per IP (default 30)
};

/**
 * `npm start --no-build` with quiet logs and the sign-in limits raised (RAISED_SIGN_IN_LIMITS); `env` adds or
 * overrides variables, e.g. other limits a benchmark raises. `production`: `npm run start:prod --no-build`
 * instead (the compiled bundles of `npm run build:prod`, APP_ENV=production, a random INTERNAL_HMAC_SECRET and
 * VAPID pair).
 */
export function startProduct(
  env: Record<string, string> = {},
  options: { production?: boolean } = {},
): ChildProcess {
  const vapid = options.production ? newVapidKeys() : undefined;
  const production = vapid
    ? {
        INTERNAL_HMAC_SECRET: randomBytes(32).toString('hex'),
        VAPID_PUBLIC_KEY: vapid.publicKey,
        VAPID_PRIVATE_KEY: vapid.privateKey,
      }
    : undefined;
  const args = ['--import', 'tsx', 'scripts/start.ts', '--no-build', ...(production ? ['--prod'] : [])];
  return spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', ...RAISED_SIGN_IN_LIMITS, ...production, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
}

/** Until every service answers /readyz (search after rebuilding its index) and the gateway proxies. */
export function waitForProduct(timeoutMs = 600_000): Promise<number> {
  return waitUntil(
    async () => {
      for (const port of SERVICE_PORTS)
        if (!(await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return false;
      return (await fetch(`${GATEWAY}/api/auth/environment-info`)).ok;
    },
    timeoutMs,
    'the product',
  );
}

/**
 * Stops the process group started by startProduct: waits until its ports are free again and the launcher has
 * exited (it has been seen to linger after its services stopped), and kills the group when either takes too long.
 */
export async function stopProduct(product: ChildProcess): Promise<void> {
  if (!product.pid) return;
  const exited = new Promise<void>((resolve) => {
    if (product.exitCode !== null || product.signalCode !== null) resolve();
    else product.once('exit', () => resolve());
  });
  try {
    process.kill(-product.pid, 'SIGTERM');
  } catch {
    return; // already gone
  }
  const anyAnswers = async () =>
    (
      await Promise.all(
        PRODUCT_PORTS.map((port) =>
          fetch(`http://127.0.0.1:${port}/healthz`).then(
            () => true,
            () => false,
          ),
        ),
      )
    ).some(Boolean);
  for (let waited = 0; waited < 30_000 && (await anyAnswers()); waited += 500)
    await new Promise((resolve) => setTimeout(resolve, 500));
  const launcherGone = await Promise.race([
    exited.then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 5_000)),
  ]);
  if (!launcherGone || (await anyAnswers())) {
    try {
      process.kill(-product.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}
