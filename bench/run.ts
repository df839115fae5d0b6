/**
 * `npm run bench`: seeds 100,000 requests, starts the product, and measures through the gateway
 *  - GET /api/search/unified?service=companion&from=DEL at 32 concurrent connections (p50/p95/p99, req/s);
 *  - the time from POST /api/companions/requests to the match being visible in GET /api/companions/requests,
 *    and to request.matched arriving on both travellers' live streams (bench/match-latency.ts).
 * Prints the figures with their targets. A measurement, not a test: nothing fails on a slow machine.
 * Options: --count N (default 100000), --seconds S (default 20), --matches N (default 20),
 * --match-timeout MS (default 20000), --no-seed (reuse an earlier seed), --only-matches (no search load),
 * --gateway-ratio (only the search call, straight to the search service and through the gateway, taken in
 * turns in one run: the share of the direct throughput the gateway keeps; --rounds N turns of each, default 2),
 * --search-query Q (appended to the search's query, e.g. languages=Gujarati), --search-only (no match measurement),
 * --cpu-prof DIR (the gateway records a V8 CPU profile, written into DIR when it stops and summarised at the
 * end by bench/cpu-profile.ts; bench/cpu-profile-hook.cjs. The profiler's own cost skews the figures).
 * Hold /tmp/safarsaathi-e2e.lock while it runs (it starts the product on the shared ports).
 */
import { mkdirSync, readdirSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { createSignedInUser, type ApiClient } from '../platform/src/testing';
import { signIdentity } from '../platform/src/identity';
import { createRedis } from '../platform/src/redis';
import { sessionIdOf } from '../platform/src/sessions';
import { cacheDirectory, machineSecret } from '../platform/src/config';
import { up } from '../infra/scripts/infra';
import { localStackUrls } from '../infra/scripts/stack-urls';
import { seed } from './seed';
import { matchReport, measureMatches } from './match-latency';
import { load, percentile, type LoadRequest, type LoadResult } from './load';
import { runChatBench } from './chat';
import { GATEWAY, numberArg, startProduct, stopProduct, stringArg, waitUntil } from './product';
import { cpuSeconds, pidListeningOn, processesOnPorts } from './processes';
import { summariseProfile } from './cpu-profile';

const COUNT = numberArg('count', 100_000);
const SECONDS = numberArg('seconds', 20);
const CONNECTIONS = 32;
const SEARCH_PATH = '/api/search/unified?service=companion&from=DEL';
// --search-query adds parameters to the measured search, e.g. `languages=Gujarati,Tamil` (issue 24); several
// variants separated by `|` are measured in turn in the same run (an empty one is the plain search).
const SEARCH_PATHS = (stringArg('search-query') ?? '')
  .split('|')
  .map((extra) => (extra ? `${SEARCH_PATH}&${extra}` : SEARCH_PATH));
const SEARCH_DIRECT = 'http://127.0.0.1:4003';

const fmt = (n: number) => n.toFixed(1);
const rateOf = (run: LoadResult) => run.latencies.length / run.elapsed;
const loadAverage = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** The signed identity the gateway would send for this user's session (the development secret of this machine). */
async function directIdentity(
  client: ApiClient,
  email: string,
  redisUrl: string,
): Promise<() => Record<string, string>> {
  const sessionId = sessionIdOf(client.cookie('ss_session')!);
  const redis = createRedis(redisUrl);
  const session = JSON.parse((await redis.get(`session:${sessionId}`)) ?? '{}') as { userId?: string };
  redis.disconnect();
  if (!session.userId) throw new Error('the searcher has no session in Redis');
  const secret = process.env.INTERNAL_HMAC_SECRET || machineSecret(cacheDirectory(process.env));
  // A signed identity is valid for 60 s (platform/src/identity.ts): signed afresh every 10 s, as cheap as the gateway's.
  let signed = { at: 0, headers: {} as Record<string, string> };
  return () => {
    if (Date.now() - signed.at > 10_000) {
      signed = {
        at: Date.now(),
        headers: signIdentity({ userId: session.userId!, email, role: 'user', sessionId }, secret),
      };
    }
    return signed.headers;
  };
}

/** The same search call straight to the search service and through the gateway, in turns, at 32 connections. */
async function gatewayRatio(searcher: { client: ApiClient; email: string }, redisUrl: string): Promise<void> {
  const rounds = numberArg('rounds', 2);
  const cookie = `ss_session=${searcher.client.cookie('ss_session')}`;
  const identity = await directIdentity(searcher.client, searcher.email, redisUrl);
  const proxied = (): LoadRequest => ({ method: 'GET', url: `${GATEWAY}${SEARCH_PATH}`, cookie });
  const direct = (): LoadRequest => ({
    method: 'GET',
    url: `${SEARCH_DIRECT}${SEARCH_PATH}`,
    headers: identity(),
  });
  const check = await fetch(`${SEARCH_DIRECT}${SEARCH_PATH}`, { headers: identity() });
  const proxiedBody = await searcher.client.get<{ results: unknown[] }>(SEARCH_PATH);
  const directBody = (await check.json()) as { results: unknown[] };
  if (!check.ok || proxiedBody.status !== 200)
    throw new Error(`search answered ${check.status} direct, ${proxiedBody.status} through the gateway`);
  console.log(
    `a search returns ${directBody.results.length} results direct, ${proxiedBody.body.results.length} through the gateway; warming up both...`,
  );
  await load(CONNECTIONS, 3, direct);
  await load(CONNECTIONS, 3, proxied);
  console.log(`load average before: ${loadAverage()}`);
  // The gateway's CPU profile (--cpu-prof) starts here: start-up and warm-up are left out.
  if (stringArg('cpu-prof')) {
    const gatewayPid = pidListeningOn(8080);
    if (gatewayPid) process.kill(gatewayPid, 'SIGUSR2');
  }
  // Where the CPU goes: each process's CPU time during each kind of turn, per answered request.
  const watched = [
    ...processesOnPorts([
      { name: 'gateway', port: 8080 },
      { name: 'search', port: 4003 },
      { name: 'Redis', port: 6379 },
    ]).found,
    { name: 'load generator', pid: process.pid },
  ];
  const cpu: Record<'direct' | 'gateway', number[]> = {
    direct: watched.map(() => 0),
    gateway: watched.map(() => 0),
  };
  const timed = async (kind: 'direct' | 'gateway', next: () => LoadRequest) => {
    const before = watched.map((w) => cpuSeconds(w.pid) ?? 0);
    const result = await load(CONNECTIONS, SECONDS / rounds, next);
    watched.forEach((w, i) => (cpu[kind][i]! += (cpuSeconds(w.pid) ?? 0) - before[i]!));
    return result;
  };
  const runs: Record<'direct' | 'gateway', LoadResult[]> = { direct: [], gateway: [] };
  for (let round = 0; round < rounds; round += 1) {
    runs.direct.push(await timed('direct', direct));
    runs.gateway.push(await timed('gateway', proxied));
  }
  console.log(`load average after: ${loadAverage()}`);
  const merged = (list: LoadResult[]): LoadResult => ({
    latencies: list.flatMap((r) => r.latencies).sort((a, b) => a - b),
    errors: list.reduce((sum, r) => sum + r.errors, 0),
    errorStatuses: list.reduce<Record<string, number>>((sum, r) => {
      for (const [status, count] of Object.entries(r.errorStatuses)) sum[status] = (sum[status] ?? 0) + count;
      return sum;
    }, {}),
    elapsed: list.reduce((sum, r) => sum + r.elapsed, 0),
  });
  const directRun = merged(runs.direct);
  const gatewayRun = merged(runs.gateway);
  const kept = rateOf(gatewayRun) / rateOf(directRun);
  const p95 = percentile(gatewayRun.latencies, 95);
  console.log(
    `\n| GET ${SEARCH_PATH}, ${CONNECTIONS} connections, ${rounds} turns of ${SECONDS / rounds} s each | p50 | p95 | p99 | throughput | errors |`,
  );
  console.log('|---|---|---|---|---|---|');
  for (const [name, run] of [
    ['straight to the search service (:4003)', directRun],
    ['through the gateway (:8080)', gatewayRun],
  ] as const) {
    console.log(
      `| ${name} | ${fmt(percentile(run.latencies, 50))} ms | ${fmt(percentile(run.latencies, 95))} ms | ${fmt(percentile(run.latencies, 99))} ms | ${fmt(rateOf(run))} req/s | ${run.errors} ${run.errors ? JSON.stringify(run.errorStatuses) : ''} |`,
    );
  }
  for (let round = 0; round < rounds; round += 1) {
    console.log(
      `  turn ${round + 1}: direct ${fmt(rateOf(runs.direct[round]!))} req/s, gateway ${fmt(rateOf(runs.gateway[round]!))} req/s`,
    );
  }
  console.log(`\nCPU per answered request (ms of CPU time; ${cpus().length} cores shared with other work):`);
  for (const kind of ['direct', 'gateway'] as const) {
    const answered = merged(runs[kind]).latencies.length;
    const seconds = merged(runs[kind]).elapsed;
    console.log(
      `  ${kind}: ${watched.map((w, i) => `${w.name} ${((cpu[kind][i]! * 1000) / answered).toFixed(2)} ms (${((cpu[kind][i]! / seconds) * 100).toFixed(0)} % of a core)`).join(', ')}`,
    );
  }
  console.log(
    `\ngateway keeps ${(kept * 100).toFixed(1)} % of the direct throughput: target >= 70 %, ratio ${(kept / 0.7).toFixed(2)} ${kept >= 0.7 ? '(met)' : '(miss)'}`,
  );
  console.log(
    `search p95 through the gateway ${fmt(p95)} ms: target <= 50 ms, ratio ${(p95 / 50).toFixed(2)} ${p95 <= 50 ? '(met)' : '(miss)'}`,
  );
}

async function main(): Promise<void> {
  await up();
  const env = localStackUrls();
  Object.assign(process.env, env);
  const ratioOnly = process.argv.includes('--gateway-ratio');
  if (!process.argv.includes('--no-seed')) {
    console.log(`seeding ${COUNT} requests (services must be stopped)...`);
    const { ms } = await seed(COUNT, env);
    console.log(`seeded in ${(ms / 1000).toFixed(1)} s`);
  }
  const profileDir = stringArg('cpu-prof');
  if (profileDir) mkdirSync(profileDir, { recursive: true });
  const product = startProduct(
    profileDir
      ? {
          NODE_OPTIONS:
            `${process.env.NODE_OPTIONS ?? ''} --require ${path.join(__dirname, 'cpu-profile-hook.cjs')}`.trim(),
          BENCH_CPU_PROFILE_DIR: path.resolve(profileDir),
        }
      : {},
  );
  let gatewayPid: number | undefined;
  try {
    const startMs = await waitUntil(
      async () => (await fetch('http://127.0.0.1:4003/readyz')).ok,
      600_000,
      'search index',
    );
    console.log(`search index rebuilt from the topics and ready after ${(startMs / 1000).toFixed(1)} s`);
    await waitUntil(async () => (await fetch(`${GATEWAY}/api/auth/environment-info`)).ok, 120_000, 'gateway');
    await waitUntil(async () => (await fetch('http://127.0.0.1:4002/readyz')).ok, 120_000, 'companion');

    gatewayPid = pidListeningOn(8080);
    if (ratioOnly) {
      await gatewayRatio(await createSignedInUser(GATEWAY), env.REDIS_URL);
      return;
    }
    if (!process.argv.includes('--only-matches')) {
      const searcher = await createSignedInUser(GATEWAY);
      const cookie = `ss_session=${searcher.client.cookie('ss_session')}`;
      for (const searchPath of SEARCH_PATHS) {
        const search = (): LoadRequest => ({ method: 'GET', url: `${GATEWAY}${searchPath}`, cookie });
        const sample = (await searcher.client.get<{ results: unknown[] }>(searchPath)).body.results.length;
        console.log(`\n${searchPath} returns ${sample} results (bounded); warming up...`);
        await load(CONNECTIONS, 3, search);
        const run = await load(CONNECTIONS, SECONDS, search);
        const rps = rateOf(run);

        console.log('\n| measure | value | target |');
        console.log('|---|---|---|');
        console.log(`| search p50 | ${fmt(percentile(run.latencies, 50))} ms | |`);
        console.log(
          `| search p95 | ${fmt(percentile(run.latencies, 95))} ms | <= 50 ms (ratio ${(percentile(run.latencies, 95) / 50).toFixed(2)}) |`,
        );
        console.log(`| search p99 | ${fmt(percentile(run.latencies, 99))} ms | |`);
        console.log(
          `| search throughput | ${fmt(rps)} req/s (${run.latencies.length} ok, ${run.errors} errors, ${CONNECTIONS} connections, ${SECONDS} s) | >= 500 req/s (ratio ${(rps / 500).toFixed(2)}) |`,
        );
      }
    }
    if (process.argv.includes('--search-only')) return;

    const seeker = await createSignedInUser(GATEWAY);
    const companion = await createSignedInUser(GATEWAY);
    const timeoutMs = numberArg('match-timeout', 20_000);
    const run = (poll: boolean) =>
      measureMatches(GATEWAY, seeker.client, companion.client, {
        iterations: numberArg('matches', 20),
        timeoutMs,
        brokers: env.KAFKA_BROKERS,
        poll,
        log: (line) => console.log(line),
      });
    console.log(
      "\nmatches, live streams only (POST of the seeker → request.matched on both travellers' streams):",
    );
    const streamPass = await run(false);
    console.log('\nmatches, polled as before (POST → match in GET /api/companions/requests, every 10 ms):');
    const pollPass = await run(true);
    console.log('');
    for (const row of matchReport(streamPass, pollPass, timeoutMs)) console.log(row);
  } finally {
    await stopProduct(product);
    if (profileDir && gatewayPid) {
      const file = readdirSync(profileDir).find(
        (name) => name.includes(`.${gatewayPid}.`) && name.endsWith('.cpuprofile'),
      );
      if (file) for (const line of summariseProfile(path.join(profileDir, file))) console.log(line);
      else console.log(`no CPU profile of the gateway (pid ${gatewayPid}) in ${profileDir}`);
    }
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
