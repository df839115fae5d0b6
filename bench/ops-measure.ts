/**
 * Operations figures for bench/README.md: the idle memory of the product's Node processes, and the landing
 * page's JavaScript (bytes on the wire, files) and LCP in headless Chromium.
 *
 *   flock /tmp/safarsaathi-e2e.lock npx tsx bench/ops-measure.ts --runtime dist     # compiled (npm run build:prod first)
 *   flock /tmp/safarsaathi-e2e.lock npx tsx bench/ops-measure.ts --runtime tsx      # TypeScript through tsx
 *
 * It starts every deployable itself on the usual ports (so hold the e2e lock), in production mode
 * (APP_ENV=production, NODE_ENV=production, a random INTERNAL_HMAC_SECRET), waits until every one answers
 * /readyz, lets them idle, reads each process's resident memory (VmRSS), loads `/` in fresh browser
 * contexts, and stops everything. The web app must be built (`npm run build:web`). A measurement, not a test.
 * Options: --list (the landing page's script files, largest first), --idle-seconds N (30), --loads N (5), --json FILE (write the figures as JSON too), --fresh (topics,
 * databases and queues of their own, named like a test run's and removed afterwards: the product's own
 * footprint without the development stack's data, e.g. a bench seed in the search index), --root DIR (run
 * another checkout's deployables, e.g. an older commit's, with this script), --memory-only (no landing page
 * loads: the web app need not be built), --landing-only (the landing page alone: no idle wait, no memory figures), --node-flags 'FLAGS' (V8 flags of the compiled processes instead of the
 * production ones of scripts/server-bundles.ts; '' for none), --port-offset N (every port + N, metrics ports
 * following; with --memory-only it runs beside the product on the usual ports, without the e2e lock).
 * Environment variables given to it reach every process (e.g. MALLOC_ARENA_MAX=2).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { Kafka, logLevel } from 'kafkajs';
import { MongoClient } from 'mongodb';
import { DEPLOYABLES } from '../scripts/deployables';
import { localStackUrls } from '../infra/scripts/stack-urls';
import { PRODUCTION_NODE_FLAGS, compiledEntry } from '../scripts/server-bundles';
import { newRunId, runEnv } from '../test/run-names';

const args = process.argv.slice(2);
const option = (name: string, fallback: string): string => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 && args[at + 1] ? args[at + 1]! : fallback;
};
const runtime = option('runtime', 'dist');
// --landing-only: the landing page's figures without the idle-memory wait (and without its figures).
const landingOnly = args.includes('--landing-only');
const idleSeconds = landingOnly ? 0 : Number(option('idle-seconds', '30'));
const loads = Number(option('loads', '5'));
const jsonFile = args.includes('--json') ? option('json', '') : '';
const ROOT = path.resolve(option('root', path.resolve(__dirname, '..')));
const fresh = args.includes('--fresh');
const memoryOnly = args.includes('--memory-only');
if (landingOnly && memoryOnly) throw new Error('--landing-only and --memory-only exclude each other');
// Every port moved by this much (metrics ports follow: PORT + 1000), so that a --memory-only measurement can run
// beside the product on the usual ports, without the e2e lock.
const portOffset = Number(option('port-offset', '0'));
const portOf = (deployable: (typeof DEPLOYABLES)[number]) => deployable.port + portOffset;
// The production V8 flags, or those given (`--node-flags ''`: none, to measure without them).
const nodeFlags = args.includes('--node-flags')
  ? option('node-flags', '').split(' ').filter(Boolean)
  : [...PRODUCTION_NODE_FLAGS];
const BASE_URL = 'http://localhost:8080';

function commandOf(entry: string): string[] {
  if (runtime === 'tsx') return ['--import', 'tsx', entry];
  if (runtime === 'dist') return [...nodeFlags, compiledEntry(entry)];
  throw new Error(`--runtime must be tsx or dist, not ${runtime}`);
}

async function waitReady(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`${url} not ready after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

function rssKiB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0);
}

interface LandingLoad {
  files: Array<{ path: string; transferBytes: number; decodedBytes: number }>;
  lcpMs: number;
  jsFiles: number;
  jsTransferBytes: number;
  jsEncodedBytes: number;
  jsDecodedBytes: number;
  encodings: Record<string, number>;
}

async function measureLanding(): Promise<LandingLoad[]> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking'],
  });
  const results: LandingLoad[] = [];
  try {
    // One warm-up load (server-side caches, first compilation of the routes), then fresh contexts.
    for (let i = 0; i <= loads; i += 1) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      const encodings: Record<string, number> = {};
      page.on('response', (response) => {
        if (new URL(response.url()).pathname.endsWith('.js')) {
          const encoding = response.headers()['content-encoding'] ?? 'identity';
          encodings[encoding] = (encodings[encoding] ?? 0) + 1;
        }
      });
      await page.goto(`${BASE_URL}/`, { waitUntil: 'networkidle' });
      await page.waitForTimeout(500);
      const figures = await page.evaluate(async () => {
        const lcp = await new Promise<number>((resolve) => {
          let last = 0;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) last = entry.startTime;
          }).observe({ type: 'largest-contentful-paint', buffered: true });
          setTimeout(() => resolve(last), 200);
        });
        const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
          (entry) => new URL(entry.name).pathname.endsWith('.js'),
        );
        return {
          files: scripts.map((e) => ({
            path: new URL(e.name).pathname,
            transferBytes: e.transferSize,
            decodedBytes: e.decodedBodySize,
          })),
          lcpMs: lcp,
          jsFiles: scripts.length,
          jsTransferBytes: scripts.reduce((sum, e) => sum + e.transferSize, 0),
          jsEncodedBytes: scripts.reduce((sum, e) => sum + e.encodedBodySize, 0),
          jsDecodedBytes: scripts.reduce((sum, e) => sum + e.decodedBodySize, 0),
        };
      });
      await context.close();
      if (i > 0) results.push({ ...figures, encodings });
    }
  } finally {
    await browser.close();
  }
  return results;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

async function main(): Promise<void> {
  const gatewayUrls = Object.fromEntries(
    DEPLOYABLES.filter((d) => d.gatewayEnv).map((d) => [d.gatewayEnv, `http://127.0.0.1:${portOf(d)}`]),
  );
  const env = {
    ...process.env,
    ...localStackUrls(),
    ...gatewayUrls,
    APP_ENV: 'production',
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    INTERNAL_HMAC_SECRET: randomBytes(32).toString('hex'),
  };
  const run = fresh ? runEnv(newRunId()) : undefined;
  if (run) {
    Object.assign(env, { KAFKA_TOPIC_PREFIX: run.KAFKA_TOPIC_PREFIX, QUEUE_PREFIX: run.QUEUE_PREFIX });
    process.stdout.write(
      `[ops] fresh data: topics ${run.KAFKA_TOPIC_PREFIX}*, databases ${run.TEST_DB_PREFIX}*\n`,
    );
  }
  const children: Array<{ name: string; child: ChildProcess }> = [];
  const stopAll = async () => {
    for (const { child } of children) if (child.exitCode === null) child.kill('SIGTERM');
    await Promise.all(
      children.map(
        ({ child }) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null) return resolve();
            const timer = setTimeout(() => {
              child.kill('SIGKILL');
              resolve();
            }, 15_000);
            child.once('exit', () => {
              clearTimeout(timer);
              resolve();
            });
          }),
      ),
    );
  };
  const cleanUp = async () => {
    await stopAll();
    if (run)
      await removeRunData(run.TEST_DB_PREFIX!, run.KAFKA_TOPIC_PREFIX!, env.MONGO_URL!, env.KAFKA_BROKERS!);
  };
  process.once('SIGINT', () => void cleanUp().finally(() => process.exit(130)));
  try {
    const start = (deployable: (typeof DEPLOYABLES)[number]) => {
      const child = spawn(process.execPath, commandOf(deployable.entry), {
        cwd: ROOT,
        env: {
          ...env,
          PORT: String(portOf(deployable)),
          ...(run ? { MONGO_DB: `${run.TEST_DB_PREFIX}${deployable.name}` } : {}),
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      children.push({ name: deployable.name, child });
      return waitReady(`http://127.0.0.1:${portOf(deployable)}/readyz`, 300_000);
    };
    const started = Date.now();
    // Services first: they create the topics the gateway's consumer subscribes to.
    await Promise.all(DEPLOYABLES.filter((d) => d.name !== 'gateway').map(start));
    await Promise.all(DEPLOYABLES.filter((d) => d.name === 'gateway').map(start));
    process.stdout.write(
      `[ops] all ${DEPLOYABLES.length} deployables ready after ${((Date.now() - started) / 1000).toFixed(1)} s; idling ${idleSeconds} s\n`,
    );
    // Resident memory every 30 s while idle (start-up garbage is collected only after a while); the last counts.
    const checkpoints: Array<{ second: number; totalMiB: number }> = [];
    let memory: Array<{ name: string; rssMiB: number }> = [];
    for (let second = 0; second < idleSeconds;) {
      const step = Math.min(30, idleSeconds - second);
      await new Promise((resolve) => setTimeout(resolve, step * 1000));
      second += step;
      memory = children.map(({ name, child }) => ({ name, rssMiB: rssKiB(child.pid!) / 1024 }));
      checkpoints.push({ second, totalMiB: memory.reduce((sum, m) => sum + m.rssMiB, 0) });
    }
    const totalMiB = memory.reduce((sum, m) => sum + m.rssMiB, 0);
    if (!landingOnly) {
      process.stdout.write(
        `\n[ops] idle resident memory (${runtime}${runtime === 'dist' ? `, node flags: ${nodeFlags.join(' ') || 'none'}` : ''}) after ${idleSeconds} s:\n`,
      );
      for (const m of memory) process.stdout.write(`  ${m.name.padEnd(14)} ${m.rssMiB.toFixed(1)} MiB\n`);
      process.stdout.write(`  ${'total'.padEnd(14)} ${totalMiB.toFixed(1)} MiB\n`);
      process.stdout.write(
        `  totals while idle: ${checkpoints.map((c) => `${c.second} s: ${c.totalMiB.toFixed(0)} MiB`).join(', ')}\n`,
      );
    }

    if (memoryOnly) {
      process.stdout.write(`\n[ops] summary memory total ${totalMiB.toFixed(1)} MiB\n`);
      if (jsonFile)
        fs.writeFileSync(
          jsonFile,
          JSON.stringify({ date: new Date().toISOString(), runtime, memory, totalMiB, checkpoints }, null, 2),
        );
      return;
    }
    if (portOffset !== 0)
      throw new Error('the landing page is measured on :8080 only: --port-offset needs --memory-only');
    const landing = await measureLanding();
    process.stdout.write(`\n[ops] landing page, ${landing.length} cold loads:\n`);
    for (const load of landing) {
      process.stdout.write(
        `  LCP ${load.lcpMs.toFixed(0)} ms, JS ${load.jsFiles} files, ${(load.jsTransferBytes / 1024).toFixed(1)} KiB transferred ` +
          `(${(load.jsEncodedBytes / 1024).toFixed(1)} KiB bodies, ${(load.jsDecodedBytes / 1024).toFixed(1)} KiB decoded), encodings ${JSON.stringify(load.encodings)}\n`,
      );
    }
    if (args.includes('--list') && landing[0]) {
      for (const file of [...landing[0].files].sort((a, b) => b.transferBytes - a.transferBytes)) {
        process.stdout.write(
          `  ${(file.transferBytes / 1024).toFixed(1).padStart(7)} KiB  ${(file.decodedBytes / 1024).toFixed(1).padStart(7)} KiB  ${file.path}\n`,
        );
      }
    }
    const summary = {
      date: new Date().toISOString(),
      runtime,
      memory,
      totalMiB,
      checkpoints,
      landing: {
        lcpMedianMs: median(landing.map((l) => l.lcpMs)),
        jsFiles: median(landing.map((l) => l.jsFiles)),
        jsTransferKiB: median(landing.map((l) => l.jsTransferBytes)) / 1024,
        jsEncodedKiB: median(landing.map((l) => l.jsEncodedBytes)) / 1024,
        jsDecodedKiB: median(landing.map((l) => l.jsDecodedBytes)) / 1024,
      },
    };
    process.stdout.write(
      `\n[ops] summary ${JSON.stringify(summary.landing)}${landingOnly ? '' : ` memory total ${totalMiB.toFixed(1)} MiB`}\n`,
    );
    if (jsonFile) fs.writeFileSync(jsonFile, JSON.stringify({ ...summary, loads: landing }, null, 2));
  } finally {
    await cleanUp();
  }
}

async function removeRunData(
  dbPrefix: string,
  topicPrefix: string,
  mongoUrl: string,
  brokers: string,
): Promise<void> {
  const client = new MongoClient(mongoUrl);
  await client.connect();
  try {
    const { databases } = await client.db('admin').admin().listDatabases();
    for (const { name } of databases) if (name.startsWith(dbPrefix)) await client.db(name).dropDatabase();
  } finally {
    await client.close();
  }
  const admin = new Kafka({
    clientId: 'ops-measure',
    brokers: brokers.split(','),
    logLevel: logLevel.NOTHING,
  }).admin();
  await admin.connect();
  try {
    const topics = (await admin.listTopics()).filter((topic) => topic.startsWith(topicPrefix));
    if (topics.length > 0) await admin.deleteTopics({ topics });
  } finally {
    await admin.disconnect();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
