/**
 * `npm run bench:journey`: the whole-journey load run of issue 13. Hold /tmp/safarsaathi-e2e.lock while it
 * runs (it starts the product on the shared ports):
 *
 *   flock /tmp/safarsaathi-e2e.lock npm run bench:journey -- --users 200 --minutes 10
 *
 * It starts the product (`npm start --no-build`, development mode, the development stack's data: the search
 * benchmark's seed is what users search), with the per-IP and per-address sign-in limits raised for the run
 * (every simulated user comes from 127.0.0.1; printed at the start). It signs N users in through the gateway
 * (the code from the mail catcher, as platform/src/testing does), pairs them up, and lets each pair post
 * matching requests on a flight of its own and open a conversation. Then for M minutes every user loops,
 * with think times between the steps, through: search; post a request (and cancel it one time in three);
 * open Messages (the conversation list); open the conversation with the matched partner (marking it read
 * when it has unread messages) and send a message; read the notifications and mark them all read.
 *
 * It reports, for the loop, p50/p95/p99 and the count of each endpoint (route template), the errors by
 * status, and each process's CPU and resident memory sampled every 10 s (services, gateway, Kafka, FerretDB,
 * Redis, the mail catcher, and this load generator). Target (issue 13): 0 errors, every p95 <= 100 ms; the
 * ratios are printed. A measurement, not a test: it never fails on the figures.
 * Options: --users N (200), --minutes M (10, fractions allowed), --think-min-ms (2000), --think-max-ms (5000),
 * --sign-in-concurrency N (8).
 */
import http from 'node:http';
import { randomInt } from 'node:crypto';
import { loadavg } from 'node:os';
import { addDays, todayIso } from '@safarsaathi/contracts';
import { createSignedInUser, type ApiClient } from '../platform/src/testing';
import { up } from '../infra/scripts/infra';
import { LOCAL_PORTS, localStackUrls } from '../infra/scripts/stack-urls';
import { DEPLOYABLES } from '../scripts/deployables';
import { percentile, sendRequest, type LoadRequest } from './load';
import {
  GATEWAY,
  RAISED_SIGN_IN_LIMITS,
  numberArg,
  startProduct,
  stopProduct,
  waitForProduct,
} from './product';
import { processReport, processesOnPorts, sampleProcesses } from './processes';
import { AIRLINES, DESTINATIONS, NAMES, ORIGINS, pick } from './seed';

const USERS = numberArg('users', 200);
const MINUTES = numberArg('minutes', 10);
const THINK_MIN_MS = numberArg('think-min-ms', 2000);
const THINK_MAX_MS = numberArg('think-max-ms', 5000);
const SIGN_IN_CONCURRENCY = numberArg('sign-in-concurrency', 8);
const SAMPLE_MS = 10_000;
const TARGET_P95_MS = 100;

const WORDS = [
  'namaste',
  'flight',
  'gate',
  'boarding',
  'Delhi',
  'layover',
  'wheelchair',
  'thank you',
  'see you',
  'my mother',
  'Hindi',
  'seat',
  'terminal 3',
  'coffee',
  'visa',
];
const sentence = () =>
  Array.from({ length: 3 + randomInt(12) }, () => WORDS[randomInt(WORDS.length)]).join(' ');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const loadAverage = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** Latencies of the 2xx answers and the failures by status, per endpoint (route template). */
class Stats {
  readonly byEndpoint = new Map<string, { latencies: number[]; errors: Record<string, number> }>();

  record(endpoint: string, status: number, ms: number): void {
    const entry = this.byEndpoint.get(endpoint) ?? { latencies: [], errors: {} };
    this.byEndpoint.set(endpoint, entry);
    if (status >= 200 && status < 300) entry.latencies.push(ms);
    else {
      const key = status === 0 ? 'network' : String(status);
      entry.errors[key] = (entry.errors[key] ?? 0) + 1;
    }
  }

  errorsByStatus(): Record<string, number> {
    const all: Record<string, number> = {};
    for (const { errors } of this.byEndpoint.values())
      for (const [status, n] of Object.entries(errors)) all[status] = (all[status] ?? 0) + n;
    return all;
  }

  rows(withTarget: boolean): string[] {
    const rows = [
      `| endpoint | count | errors | p50 | p95 | p99 |${withTarget ? ` p95 / ${TARGET_P95_MS} ms |` : ''}`,
      `|---|---|---|---|---|---|${withTarget ? '---|' : ''}`,
    ];
    for (const [endpoint, { latencies, errors }] of [...this.byEndpoint].sort(([a], [b]) =>
      a.localeCompare(b),
    )) {
      const sorted = [...latencies].sort((a, b) => a - b);
      const failed = Object.values(errors).reduce((sum, n) => sum + n, 0);
      const p95 = percentile(sorted, 95);
      const ratio = withTarget
        ? ` ${(p95 / TARGET_P95_MS).toFixed(2)} ${p95 <= TARGET_P95_MS ? '(met)' : '(miss)'} |`
        : '';
      rows.push(
        `| ${endpoint} | ${sorted.length + failed} | ${failed ? `${failed} ${JSON.stringify(errors)}` : 0} | ${percentile(sorted, 50).toFixed(1)} ms | ${p95.toFixed(1)} ms | ${percentile(sorted, 99).toFixed(1)} ms |${ratio}`,
      );
    }
    return rows;
  }
}

/** One simulated user: its own keep-alive connection (as a browser tab) and session cookie. */
class User {
  readonly agent = new http.Agent({ keepAlive: true, maxSockets: 2 });
  readonly cookie: string;
  conversationId?: string;

  constructor(
    readonly client: ApiClient,
    public stats: Stats,
  ) {
    this.cookie = `ss_session=${client.cookie('ss_session')}`;
  }

  /** Sends a request through the gateway, recorded under its route template; the parsed body on 2xx. */
  async call<T>(
    endpoint: string,
    method: LoadRequest['method'],
    path: string,
    body?: unknown,
  ): Promise<T | undefined> {
    const response = await sendRequest(
      this.agent,
      { method, url: `${GATEWAY}${path}`, cookie: this.cookie, body },
      true,
    );
    this.stats.record(endpoint, response.status, response.ms);
    if (response.status < 200 || response.status >= 300) return undefined;
    try {
      return JSON.parse(response.text ?? '') as T;
    } catch {
      return undefined;
    }
  }
}

const COMMON = {
  passengerAge: 68,
  passengerGender: 'female',
  languagesKnown: 'Hindi, English',
  freeService: true,
  connectingFlights: [],
};

/** A request on one of the seed's busy routes within its 180 days: it meets the seeded travellers. */
function everydayRequest(): Record<string, unknown> {
  const role = randomInt(2) === 0 ? 'need' : 'provide';
  const date = addDays(todayIso(), 1 + randomInt(180));
  const airline = pick(AIRLINES);
  const tentative = role === 'need' && randomInt(10) < 3;
  return {
    ...COMMON,
    serviceType: role,
    fromAirport: pick(ORIGINS),
    toAirport: pick(DESTINATIONS),
    confirmedTicket: !tentative,
    ...(tentative
      ? { tentativeFromDate: date, tentativeToDate: addDays(date, 3 + randomInt(10)) }
      : {
          airline,
          flightNumber: `${airline.slice(0, 2).toUpperCase()}${100 + randomInt(900)}`,
          travelDate: date,
        }),
    passengerName: `${pick(NAMES)} Journey`,
  };
}

/**
 * Pairs users (0,1), (2,3)...: each pair posts a seeker's and a companion's request on a flight of its own
 * (a route of the seed, a date past the seed's 180 days, a flight number of its own), waits for the match and
 * opens the conversation. Setup, recorded apart from the loop.
 */
async function matchPairs(users: User[]): Promise<number> {
  const pairs = Math.floor(users.length / 2);
  let matched = 0;
  const run = async (k: number) => {
    const seeker = users[2 * k]!;
    const companion = users[2 * k + 1]!;
    const date = addDays(todayIso(), 200 + Math.floor(k / (ORIGINS.length * DESTINATIONS.length)));
    const flight = {
      ...COMMON,
      fromAirport: ORIGINS[k % ORIGINS.length],
      toAirport: DESTINATIONS[Math.floor(k / ORIGINS.length) % DESTINATIONS.length],
      airline: 'Air India',
      flightNumber: `AI${1000 + k}`,
      travelDate: date,
      confirmedTicket: true,
    };
    const provide = await companion.call<{ caseid: string }>(
      'POST /api/companions/requests',
      'POST',
      '/api/companions/requests',
      { ...flight, serviceType: 'provide', passengerName: 'Pair Companion' },
    );
    const need = await seeker.call<{ caseid: string }>(
      'POST /api/companions/requests',
      'POST',
      '/api/companions/requests',
      { ...flight, serviceType: 'need', passengerName: 'Pair Seeker' },
    );
    if (!provide || !need) return;
    for (let waited = 0; waited < 60_000; waited += 1000) {
      await sleep(1000);
      const own = await seeker.call<
        Array<{ caseid: string; companion_match: boolean; companion_match_caseid: string | null }>
      >('GET /api/companions/requests', 'GET', '/api/companions/requests');
      const request = own?.find((r) => r.caseid === need.caseid);
      if (request?.companion_match && request.companion_match_caseid === provide.caseid) {
        const started = await seeker.call<{ conversation_id: string }>(
          'POST /api/chat/start-chat',
          'POST',
          '/api/chat/start-chat',
          {
            service_type: 'companion',
            user_caseid: need.caseid,
            matched_caseid: provide.caseid,
          },
        );
        if (!started) return;
        seeker.conversationId = started.conversation_id;
        companion.conversationId = started.conversation_id;
        matched += 1;
        return;
      }
    }
  };
  for (let k = 0; k < pairs; k += SIGN_IN_CONCURRENCY) {
    await Promise.all(Array.from({ length: Math.min(SIGN_IN_CONCURRENCY, pairs - k) }, (_, i) => run(k + i)));
  }
  return matched;
}

/** One user's loop until the deadline; no new step starts after it. */
async function journey(user: User, deadline: number): Promise<void> {
  const think = async () => {
    await sleep(THINK_MIN_MS + randomInt(Math.max(1, THINK_MAX_MS - THINK_MIN_MS)));
    return Date.now() < deadline;
  };
  // Users arrive over the first think time, not all in the same millisecond.
  await sleep(randomInt(THINK_MAX_MS));
  while (Date.now() < deadline) {
    const from = pick(ORIGINS);
    const dated =
      randomInt(2) === 0
        ? `&from_date=${addDays(todayIso(), 1 + randomInt(60))}&to_date=${addDays(todayIso(), 61 + randomInt(120))}`
        : '';
    await user.call(
      'GET /api/search/unified',
      'GET',
      `/api/search/unified?service=companion&from=${from}&to=${pick(DESTINATIONS)}${dated}`,
    );
    if (!(await think())) return;

    const created = await user.call<{ caseid: string }>(
      'POST /api/companions/requests',
      'POST',
      '/api/companions/requests',
      everydayRequest(),
    );
    if (created && randomInt(3) === 0) {
      if (!(await think())) return;
      await user.call(
        'PUT /api/companions/requests/:id/cancel',
        'PUT',
        `/api/companions/requests/${created.caseid}/cancel`,
      );
    }
    if (!(await think())) return;

    const conversations = await user.call<Array<{ conversation_id: string; unread_count: number }>>(
      'GET /api/chat/conversations',
      'GET',
      '/api/chat/conversations',
    );
    if (user.conversationId) {
      if (!(await think())) return;
      const id = user.conversationId;
      await user.call(
        'GET /api/chat/conversations/:id/messages',
        'GET',
        `/api/chat/conversations/${id}/messages`,
      );
      if (conversations?.find((c) => c.conversation_id === id)?.unread_count) {
        await user.call(
          'PUT /api/chat/conversations/:id/mark-read',
          'PUT',
          `/api/chat/conversations/${id}/mark-read`,
        );
      }
      if (!(await think())) return;
      await user.call(
        'POST /api/chat/conversations/:id/messages',
        'POST',
        `/api/chat/conversations/${id}/messages`,
        { message_text: sentence() },
      );
    }
    if (!(await think())) return;

    const notifications = await user.call<Array<{ is_read: boolean }>>(
      'GET /api/notifications',
      'GET',
      '/api/notifications?limit=10',
    );
    if (notifications?.some((n) => !n.is_read)) {
      if (!(await think())) return;
      await user.call('PUT /api/notifications/mark-all-read', 'PUT', '/api/notifications/mark-all-read');
    }
    if (!(await think())) return;
  }
}

async function main(): Promise<void> {
  await up();
  const env = localStackUrls();
  Object.assign(process.env, env);
  console.log(`load average before the run: ${loadAverage()}`);
  console.log(
    `limits raised for the run (every simulated user comes from 127.0.0.1): ${Object.entries(
      RAISED_SIGN_IN_LIMITS,
    )
      .map(([k, v]) => `${k}=${v}`)
      .join(', ')}`,
  );
  // A few simulated users post requests all run long: the per-user cap (10 active) would refuse them.
  const product = startProduct({ ACTIVE_REQUESTS_PER_USER: '1000000', UPCOMING_PLANS_PER_USER: '1000000' });
  const stopOnSignal = () => void stopProduct(product).finally(() => process.exit(130));
  process.once('SIGINT', stopOnSignal);
  process.once('SIGTERM', stopOnSignal);
  try {
    const ready = await waitForProduct();
    const info = (await (await fetch(`${GATEWAY}/api/auth/environment-info`)).json()) as {
      enable_real_otp?: boolean;
    };
    console.log(
      `product ready after ${(ready / 1000).toFixed(1)} s; signing in ${USERS} users, ${SIGN_IN_CONCURRENCY} at a time ` +
        `(${info.enable_real_otp ? 'real codes: read from the mail catcher' : 'development codes: real OTP is off, the code comes in the answer'})...`,
    );

    const setup = new Stats();
    const signInStarted = Date.now();
    const users: User[] = [];
    for (let i = 0; i < USERS; i += SIGN_IN_CONCURRENCY) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(SIGN_IN_CONCURRENCY, USERS - i) }, async (_, j) => {
          const started = process.hrtime.bigint();
          try {
            const signedIn = await createSignedInUser(GATEWAY, {
              fullname: `${pick(NAMES)} Journey ${i + j}`,
            });
            setup.record(
              'sign-in (code requested, read, verified; registration)',
              200,
              Number(process.hrtime.bigint() - started) / 1e6,
            );
            return new User(signedIn.client, setup);
          } catch (error) {
            setup.record('sign-in (code requested, read, verified; registration)', 0, 0);
            console.error(`sign-in failed: ${String(error)}`);
            return undefined;
          }
        }),
      );
      users.push(...batch.filter((u): u is User => u !== undefined));
    }
    console.log(
      `${users.length} of ${USERS} signed in after ${((Date.now() - signInStarted) / 1000).toFixed(1)} s; matching pairs...`,
    );
    const pairs = await matchPairs(users);
    console.log(`${pairs} of ${Math.floor(users.length / 2)} pairs matched and talking`);

    const watched = processesOnPorts([
      ...DEPLOYABLES.map((d) => ({
        name: d.name === 'gateway' ? 'gateway' : `${d.name} service`,
        port: d.port,
      })),
      { name: 'Kafka', port: LOCAL_PORTS.kafka },
      { name: 'FerretDB', port: LOCAL_PORTS.mongo },
      { name: 'Redis', port: LOCAL_PORTS.redis },
      { name: 'mail catcher', port: LOCAL_PORTS.smtp },
    ]);
    if (watched.missing.length) console.log(`not found (not sampled): ${watched.missing.join(', ')}`);
    const sampling = sampleProcesses(
      [...watched.found, { name: 'load generator (this process)', pid: process.pid }],
      SAMPLE_MS,
    );

    const loop = new Stats();
    for (const user of users) user.stats = loop;
    const loadBefore = loadAverage();
    console.log(
      `load average before the loop: ${loadBefore}; ${users.length} users loop for ${MINUTES} min (think ${THINK_MIN_MS}-${THINK_MAX_MS} ms)...`,
    );
    const started = Date.now();
    const deadline = started + MINUTES * 60_000;
    const progress = setInterval(() => {
      const count = [...loop.byEndpoint.values()].reduce((sum, e) => sum + e.latencies.length, 0);
      console.log(
        `  ${((Date.now() - started) / 1000).toFixed(0)} s: ${count} answers, errors ${JSON.stringify(loop.errorsByStatus())}, load ${loadAverage()}`,
      );
    }, 60_000);
    await Promise.all(users.map((user) => journey(user, deadline)));
    clearInterval(progress);
    sampling.stop();
    const elapsed = (Date.now() - started) / 1000;
    const loadAfter = loadAverage();
    for (const user of users) user.agent.destroy();

    const total = [...loop.byEndpoint.values()].reduce(
      (sum, e) => sum + e.latencies.length + Object.values(e.errors).reduce((s, n) => s + n, 0),
      0,
    );
    const errors = loop.errorsByStatus();
    const errorCount = Object.values(errors).reduce((sum, n) => sum + n, 0);
    const worst = [...loop.byEndpoint]
      .map(([endpoint, e]) => ({
        endpoint,
        p95: percentile(
          [...e.latencies].sort((a, b) => a - b),
          95,
        ),
      }))
      .sort((a, b) => b.p95 - a.p95)[0];
    console.log(
      `\nsetup (${users.length} users signed in, ${pairs} pairs matched), not part of the figures below:`,
    );
    for (const row of setup.rows(false)) console.log(row);
    console.log(
      `\njourney: ${users.length} users for ${elapsed.toFixed(0)} s, think ${THINK_MIN_MS}-${THINK_MAX_MS} ms, ${total} requests (${(total / elapsed).toFixed(1)} req/s); load average ${loadBefore} before, ${loadAfter} after`,
    );
    for (const row of loop.rows(true)) console.log(row);
    console.log(
      `\nerrors by status: ${errorCount ? JSON.stringify(errors) : 'none'} (target 0: ${errorCount === 0 ? 'met' : `missed by ${errorCount}, ${((errorCount / total) * 100).toFixed(2)} % of the requests`})`,
    );
    if (worst)
      console.log(
        `highest p95: ${worst.endpoint} ${worst.p95.toFixed(1)} ms (target <= ${TARGET_P95_MS} ms: ratio ${(worst.p95 / TARGET_P95_MS).toFixed(2)} ${worst.p95 <= TARGET_P95_MS ? 'met' : 'missed'})`,
      );
    console.log('');
    for (const row of processReport(sampling, SAMPLE_MS)) console.log(row);
  } finally {
    await stopProduct(product);
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
