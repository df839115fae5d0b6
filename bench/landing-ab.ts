/**
 * The landing page of two checkouts side by side, under the same machine load: both products run at once
 * (fresh topics and databases each, removed afterwards), and cold loads of `/` alternate between them.
 * On a machine shared with other work, LCP moves by hundreds of milliseconds from minute to minute; only
 * loads taken in turns compare fairly.
 *
 *   flock /tmp/safarsaathi-e2e.lock npx tsx bench/landing-ab.ts --a-root /tmp/before --a-runtime tsx --loads 10
 *
 * A: --a-root (another checkout, e.g. an older commit; default this one) with --a-runtime (tsx|dist), on
 * ports 4101-4106 and 8180. B: this checkout with --b-runtime (dist) on the usual ports. Both web apps must
 * be built. Prints every load and the medians.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { Kafka, logLevel } from 'kafkajs';
import { MongoClient } from 'mongodb';
import { DEPLOYABLES } from '../scripts/deployables';
import { localStackUrls } from '../infra/scripts/stack-urls';
import { compiledEntry } from '../scripts/server-bundles';
import { newRunId, runEnv } from '../test/run-names';

const args = process.argv.slice(2);
const option = (name: string, fallback: string): string => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 && args[at + 1] ? args[at + 1]! : fallback;
};
const HERE = path.resolve(__dirname, '..');
const loads = Number(option('loads', '10'));

interface Stack {
  label: string;
  root: string;
  runtime: string;
  portOffset: number;
  run: Record<string, string>;
  children: ChildProcess[];
  gatewayPort: number;
}

function stackOf(label: string, root: string, runtime: string, portOffset: number): Stack {
  return {
    label,
    root,
    runtime,
    portOffset,
    run: runEnv(newRunId()),
    children: [],
    gatewayPort: 8080 + (portOffset ? 100 : 0),
  };
}

async function waitReady(url: string, timeoutMs = 300_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (
    !(await fetch(url).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (Date.now() > deadline) throw new Error(`${url} not ready`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

async function start(stack: Stack): Promise<void> {
  const port = (d: (typeof DEPLOYABLES)[number]) =>
    d.name === 'gateway' ? stack.gatewayPort : d.port + stack.portOffset;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...localStackUrls(),
    ...Object.fromEntries(
      DEPLOYABLES.filter((d) => d.gatewayEnv).map((d) => [d.gatewayEnv, `http://127.0.0.1:${port(d)}`]),
    ),
    APP_ENV: 'production',
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    INTERNAL_HMAC_SECRET: randomBytes(32).toString('hex'),
    KAFKA_TOPIC_PREFIX: stack.run.KAFKA_TOPIC_PREFIX,
    QUEUE_PREFIX: stack.run.QUEUE_PREFIX,
  };
  const launch = (d: (typeof DEPLOYABLES)[number]) => {
    const entry =
      stack.runtime === 'tsx'
        ? ['--import', 'tsx', d.entry]
        : ['--enable-source-maps', compiledEntry(d.entry)];
    const child = spawn(process.execPath, entry, {
      cwd: stack.root,
      env: {
        ...env,
        PORT: String(port(d)),
        METRICS_PORT: String(port(d) + 1000),
        MONGO_DB: `${stack.run.TEST_DB_PREFIX}${d.name}`,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    stack.children.push(child);
    return waitReady(`http://127.0.0.1:${port(d)}/readyz`);
  };
  await Promise.all(DEPLOYABLES.filter((d) => d.name !== 'gateway').map(launch));
  await Promise.all(DEPLOYABLES.filter((d) => d.name === 'gateway').map(launch));
}

async function stop(stack: Stack): Promise<void> {
  for (const child of stack.children) if (child.exitCode === null) child.kill('SIGTERM');
  await Promise.all(
    stack.children.map(
      (child) =>
        new Promise((resolve) =>
          child.exitCode !== null ? resolve(undefined) : child.once('exit', resolve),
        ),
    ),
  );
  const client = new MongoClient(localStackUrls().MONGO_URL);
  await client.connect();
  const { databases } = await client.db('admin').admin().listDatabases();
  for (const { name } of databases)
    if (name.startsWith(stack.run.TEST_DB_PREFIX!)) await client.db(name).dropDatabase();
  await client.close();
  const admin = new Kafka({
    clientId: 'landing-ab',
    brokers: localStackUrls().KAFKA_BROKERS.split(','),
    logLevel: logLevel.NOTHING,
  }).admin();
  await admin.connect();
  const topics = (await admin.listTopics()).filter((t) => t.startsWith(stack.run.KAFKA_TOPIC_PREFIX!));
  if (topics.length > 0) await admin.deleteTopics({ topics });
  await admin.disconnect();
}

async function load(browser: Browser, port: number): Promise<{ lcpMs: number; jsKiB: number }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(`http://localhost:${port}/`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(300);
  const result = await page.evaluate(async () => {
    const lcpMs = await new Promise<number>((resolve) => {
      let last = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) last = entry.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
      setTimeout(() => resolve(last), 200);
    });
    const js = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((e) =>
      new URL(e.name).pathname.endsWith('.js'),
    );
    return { lcpMs, jsKiB: js.reduce((sum, e) => sum + e.transferSize, 0) / 1024 };
  });
  await context.close();
  return result;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function main(): Promise<void> {
  const a = stackOf('A', path.resolve(option('a-root', HERE)), option('a-runtime', 'tsx'), 100);
  const b = stackOf('B', HERE, option('b-runtime', 'dist'), 0);
  try {
    await Promise.all([start(a), start(b)]);
    process.stdout.write(
      `[ab] A: ${a.root} (${a.runtime}) on :${a.gatewayPort}; B: ${b.root} (${b.runtime}) on :${b.gatewayPort}\n`,
    );
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking'],
    });
    const results: Record<'A' | 'B', Array<{ lcpMs: number; jsKiB: number }>> = { A: [], B: [] };
    try {
      await load(browser, a.gatewayPort); // warm-up of both servers
      await load(browser, b.gatewayPort);
      for (let i = 0; i < loads; i += 1) {
        // Alternate which goes first, so neither always follows the other.
        for (const stack of i % 2 === 0 ? [a, b] : [b, a]) {
          const r = await load(browser, stack.gatewayPort);
          results[stack.label as 'A' | 'B'].push(r);
          process.stdout.write(
            `  ${stack.label} LCP ${r.lcpMs.toFixed(0)} ms, JS ${r.jsKiB.toFixed(1)} KiB\n`,
          );
        }
      }
    } finally {
      await browser.close();
    }
    for (const label of ['A', 'B'] as const) {
      const lcps = results[label].map((r) => r.lcpMs);
      process.stdout.write(
        `[ab] ${label}: LCP median ${median(lcps).toFixed(0)} ms (min ${Math.min(...lcps).toFixed(0)}, max ${Math.max(...lcps).toFixed(0)}), JS ${median(results[label].map((r) => r.jsKiB)).toFixed(1)} KiB\n`,
      );
    }
  } finally {
    await Promise.all([stop(a), stop(b)]);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
