/**
 * `npm run bench`: seeds 100,000 requests, starts the product, and measures through the gateway
 *  - GET /api/search/unified?service=companion&from=DEL at 32 concurrent connections (p50/p95/p99, req/s);
 *  - the time from POST /api/companions/requests to the match being visible in GET /api/companions/requests,
 *    and to request.matched arriving on both travellers' live streams (bench/match-latency.ts).
 * Prints the figures with their targets. A measurement, not a test: nothing fails on a slow machine.
 * Options: --count N (default 100000), --seconds S (default 20), --matches N (default 20),
 * --match-timeout MS (default 20000), --no-seed (reuse an earlier seed), --only-matches (no search load).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { createSignedInUser } from '../platform/src/testing';
import { up } from '../infra/scripts/infra';
import { localStackUrls } from '../infra/scripts/stack-urls';
import { seed } from './seed';
import { matchReport, measureMatches, percentile } from './match-latency';
import { runChatBench } from './chat';

const ROOT = path.resolve(__dirname, '..');
const GATEWAY = 'http://127.0.0.1:8080';
const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const COUNT = arg('count', 100_000);
const SECONDS = arg('seconds', 20);
const CONNECTIONS = 32;


async function waitUntil(check: () => Promise<boolean>, timeoutMs: number, label: string): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await check().catch(() => false)) return Date.now() - started;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${label} not ready after ${timeoutMs / 1000}s`);
}

function startProduct(): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts', '--no-build'], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', RATE_LIMIT_IP_PER_MINUTE: '100000' },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
}

/** Closed-loop load: CONNECTIONS loops, each sending the next request when the previous answers. */
async function load(url: string, cookie: string, seconds: number): Promise<{ latencies: number[]; errors: number; elapsed: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const latencies: number[] = [];
  let errors = 0;
  const deadline = Date.now() + seconds * 1000;
  const once = () =>
    new Promise<void>((resolve) => {
      const started = process.hrtime.bigint();
      const req = http.get(url, { agent, headers: { cookie } }, (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode === 200) latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
          else errors += 1;
          resolve();
        });
      });
      req.on('error', () => {
        errors += 1;
        resolve();
      });
    });
  const startedAt = Date.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < deadline) await once();
    }),
  );
  agent.destroy();
  return { latencies: latencies.sort((a, b) => a - b), errors, elapsed: (Date.now() - startedAt) / 1000 };
}

async function main(): Promise<void> {
  await up();
  const env = localStackUrls();
  Object.assign(process.env, env);
  if (!process.argv.includes('--no-seed')) {
    console.log(`seeding ${COUNT} requests (services must be stopped)...`);
    const { ms } = await seed(COUNT, env);
    console.log(`seeded in ${(ms / 1000).toFixed(1)} s`);
  }
  const product = startProduct();
  try {
    const startMs = await waitUntil(async () => (await fetch('http://127.0.0.1:4003/readyz')).ok, 600_000, 'search index');
    console.log(`search index rebuilt from the topics and ready after ${(startMs / 1000).toFixed(1)} s`);
    await waitUntil(async () => (await fetch(`${GATEWAY}/api/auth/environment-info`)).ok, 120_000, 'gateway');
    await waitUntil(async () => (await fetch('http://127.0.0.1:4002/readyz')).ok, 120_000, 'companion');

    if (!process.argv.includes('--only-matches')) {
      const searcher = await createSignedInUser(GATEWAY);
      const cookie = `ss_session=${searcher.client.cookie('ss_session')}`;
      const url = `${GATEWAY}/api/search/unified?service=companion&from=DEL`;
      const sample = (await searcher.client.get<{ results: unknown[] }>('/api/search/unified?service=companion&from=DEL')).body.results.length;
      console.log(`a search returns ${sample} results (bounded); warming up...`);
      await load(url, cookie, 3);
      const run = await load(url, cookie, SECONDS);
      const rps = run.latencies.length / run.elapsed;

      const fmt = (n: number) => n.toFixed(1);
      console.log('\n| measure | value | target |');
      console.log('|---|---|---|');
      console.log(`| search p50 | ${fmt(percentile(run.latencies, 50))} ms | |`);
      console.log(`| search p95 | ${fmt(percentile(run.latencies, 95))} ms | <= 50 ms (ratio ${(percentile(run.latencies, 95) / 50).toFixed(2)}) |`);
      console.log(`| search p99 | ${fmt(percentile(run.latencies, 99))} ms | |`);
      console.log(`| search throughput | ${fmt(rps)} req/s (${run.latencies.length} ok, ${run.errors} errors, ${CONNECTIONS} connections, ${SECONDS} s) | >= 500 req/s (ratio ${(rps / 500).toFixed(2)}) |`);
    }

    const seeker = await createSignedInUser(GATEWAY);
    const companion = await createSignedInUser(GATEWAY);
    const timeoutMs = arg('match-timeout', 20_000);
    const run = (poll: boolean) =>
      measureMatches(GATEWAY, seeker.client, companion.client, {
        iterations: arg('matches', 20),
        timeoutMs,
        brokers: env.KAFKA_BROKERS,
        poll,
        log: (line) => console.log(line),
      });
    console.log('\nmatches, live streams only (POST of the seeker → request.matched on both travellers\' streams):');
    const streamPass = await run(false);
    console.log('\nmatches, polled as before (POST → match in GET /api/companions/requests, every 10 ms):');
    const pollPass = await run(true);
    console.log('');
    for (const row of matchReport(streamPass, pollPass, timeoutMs)) console.log(row);
  } finally {
    if (product.pid) process.kill(-product.pid, 'SIGTERM');
  }
}

// `npm run bench -- --chat` runs the chat benchmark (bench/chat.ts) instead.
const bench = process.argv.includes('--chat') ? runChatBench : main;
bench().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
