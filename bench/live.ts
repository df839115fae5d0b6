/**
 * `npm run bench:live`: live updates through the gateway (a measurement, not a test).
 *
 * Two runs, each with its own processes on this machine:
 *  1. one gateway: N concurrent streams (default 5,000), of which C conversations (default 200) are
 *     active, each sending one message a second for S seconds (default 60);
 *  2. two gateways and two chat instances: every sender posts through one instance, its recipient
 *     listens on the other; half-way through, one gateway is restarted and its clients reconnect (to the
 *     other instance, as a load balancer would send them) with their Last-Event-ID.
 * Reported: POST → event at the recipient (p50/p95/p99), events missing or repeated at the recipients,
 * the gateway's memory per idle stream, and CPU of each process.
 *
 * Drivers: `--driver chat` (default) sends real messages through `POST /api/chat/conversations/:id/messages`;
 * `--driver publish` publishes `chat.message` with the platform publisher instead (the gateway's side only).
 * Idle streams belong to users whose sessions the bench writes into Redis itself (as the seed writes the
 * databases): 5,000 sign-ins by e-mail code would measure the mail catcher, not the stream.
 *
 * Options: --streams N, --conversations N, --seconds S, --runs one|two|both, --driver chat|publish,
 * --no-restart. Hold /tmp/safarsaathi-e2e.lock (it uses the product's ports). `ulimit -n` is raised by the
 * npm script (a Node process cannot raise its own).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { LivePublisher, createLogger, createRedis, type Redis } from '@safarsaathi/platform';
import { EventStreamClient, type ReceivedEvent } from '../platform/src/testing';
import { up } from '../infra/scripts/infra';
import { localStackUrls } from '../infra/scripts/stack-urls';
import { percentile } from './match-latency';
import {
  BENCH_CHAT_DB,
  chatDriver,
  resetBenchChat,
  sessionsFor,
  type Conversation,
  type Driver,
} from './live-chat';

const ROOT = path.resolve(__dirname, '..');
const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1]! : fallback;
};
const STREAMS = Number(arg('streams', '5000'));
const CONVERSATIONS = Number(arg('conversations', '200'));
const SECONDS = Number(arg('seconds', '60'));
const RUNS = arg('runs', 'both');
const DRIVER = arg('driver', 'chat');
const RESTART = !process.argv.includes('--no-restart');
const LIVE_PREFIX = 'live-bench';

const PORTS = { auth: 4001, companion: 4002, chat: [4004, 4014], gateway: [8080, 8081] } as const;

interface Proc {
  name: string;
  child: ChildProcess;
}

function startProcess(name: string, entry: string, env: Record<string, string>): Proc {
  fs.mkdirSync(path.join(ROOT, '.stack'), { recursive: true });
  const log = fs.openSync(path.join(ROOT, '.stack', `bench-live-${name}.log`), 'w');
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: ROOT,
    env: { ...process.env, APP_ENV: 'development', LOG_LEVEL: 'warn', LIVE_PREFIX, ...env },
    stdio: ['ignore', log, log],
  });
  return { name, child };
}

async function stopProcess(proc: Proc): Promise<void> {
  if (proc.child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => proc.child.once('exit', () => resolve()));
  proc.child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  if (proc.child.exitCode === null) proc.child.kill('SIGKILL');
}

async function waitReady(url: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`${url} not ready`);
}

/** Resident memory (kB) and CPU time (ms) of a process, from /proc. */
function procStats(pid: number): { rssKb: number; cpuMs: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return { rssKb, cpuMs: (ticks * 1000) / 100 };
}

/** A stream that reconnects like EventSource (after the retry hint, with Last-Event-ID), to the next gateway. */
class ReconnectingStream {
  private client: EventStreamClient | undefined;
  /** Between losing the stream and having it back (the browser would be reconnecting). */
  connected = false;
  private stopped = false;
  reconnects = 0;
  private index: number;

  constructor(
    private readonly gateways: string[],
    private readonly cookie: string,
    private readonly agent: http.Agent,
    private readonly onEvent: (event: ReceivedEvent) => void,
    gatewayIndex: number,
  ) {
    this.index = gatewayIndex;
  }

  get lastEventId(): string | undefined {
    return this.client?.lastEventId;
  }

  async open(lastEventId?: string): Promise<void> {
    for (;;) {
      if (this.stopped) return;
      const client = new EventStreamClient(this.gateways[this.index]!, {
        cookie: this.cookie,
        agent: this.agent,
        lastEventId,
      });
      client.onEvent = this.onEvent;
      try {
        await client.open();
        if (client.status === 200) {
          this.client = client;
          this.connected = true;
          void client.waitForClose(24 * 3600_000).then(
            () => this.lost(),
            () => undefined,
          );
          return;
        }
      } catch {
        // refused: the instance is down
      }
      // As a load balancer would: the next attempt goes to the next instance.
      this.index = (this.index + 1) % this.gateways.length;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }

  private lost(): void {
    this.connected = false;
    if (this.stopped) return;
    this.reconnects += 1;
    const lastEventId = this.client?.lastEventId;
    this.index = (this.index + 1) % this.gateways.length;
    // EventSource waits the retry hint (3 s) before reconnecting.
    setTimeout(() => void this.open(lastEventId), 3_000);
  }

  close(): void {
    this.stopped = true;
    this.client?.close();
  }
}

interface RunResult {
  name: string;
  latencies: number[];
  /** Messages sent while their recipient's stream was down (reconnecting after the restart). */
  latenciesWhileReconnecting: number[];
  sent: number;
  sendFailures: number;
  missing: number;
  repeated: number;
  memoryPerStreamKb: number[];
  cpu: Array<{ name: string; percent: number }>;
  benchCpuPercent: number;
  reconnects: number;
  restartedAt?: number;
}

/** The publish driver: the platform publisher stands in for the chat service. */
async function publishDriver(redis: Redis, conversations: number): Promise<Driver> {
  const publisher = new LivePublisher(redis, { prefix: LIVE_PREFIX, logger: createLogger('bench', 'warn') });
  const people = await sessionsFor(redis, conversations * 2);
  const list: Conversation[] = Array.from({ length: conversations }, (_, i) => ({
    id: `bench-${i}-${randomBytes(4).toString('hex')}`,
    sides: [people[2 * i]!, people[2 * i + 1]!],
    seq: 0,
  }));
  return {
    conversations: list,
    send: async (conversation, from) => {
      conversation.seq += 1;
      const seq = conversation.seq;
      await publisher.publish(conversation.sides[1 - from]!.userId, 'chat.message', {
        conversation_id: conversation.id,
        seq,
      });
      return { seq };
    },
    close: async () => undefined,
  };
}

async function run(
  name: string,
  instances: 1 | 2,
  redis: Redis,
  env: Record<string, string>,
): Promise<RunResult> {
  console.log(`\n=== ${name} ===`);
  const procs: Proc[] = [];
  const chatUrls: string[] = [];
  const gatewayUrls: string[] = [];
  if (DRIVER === 'chat') await resetBenchChat();
  try {
    if (DRIVER === 'chat') {
      procs.push(startProcess('auth', 'services/auth/src/main.ts', { ...env, PORT: String(PORTS.auth) }));
      procs.push(
        startProcess('companion', 'services/companion/src/main.ts', {
          ...env,
          PORT: String(PORTS.companion),
        }),
      );
      for (let i = 0; i < instances; i += 1) {
        procs.push(
          startProcess(`chat-${i + 1}`, 'services/chat/src/main.ts', {
            ...env,
            PORT: String(PORTS.chat[i]),
            MONGO_DB: BENCH_CHAT_DB,
            // One message a second per conversation, the sides taking turns: past the 30-a-minute safety limit.
            CHAT_MESSAGES_PER_MINUTE: '1000000',
          }),
        );
        chatUrls.push(`http://127.0.0.1:${PORTS.chat[i]}`);
      }
    }
    const gatewayProcs: Proc[] = [];
    const startGatewayProc = (i: number) =>
      startProcess(`gateway-${i + 1}`, 'gateway/src/main.ts', {
        ...env,
        PORT: String(PORTS.gateway[i]),
        AUTH_URL: `http://127.0.0.1:${PORTS.auth}`,
        COMPANION_URL: `http://127.0.0.1:${PORTS.companion}`,
        ...(chatUrls[i] ? { CHAT_URL: chatUrls[i] } : {}),
        RATE_LIMIT_IP_PER_MINUTE: '1000000',
        RATE_LIMIT_EMAIL_PER_MINUTE: '1000000',
        // Every bench stream comes from 127.0.0.1.
        LIVE_MAX_STREAMS_PER_NETWORK: '1000000',
      });
    for (let i = 0; i < instances; i += 1) {
      gatewayProcs.push(startGatewayProc(i));
      gatewayUrls.push(`http://127.0.0.1:${PORTS.gateway[i]}`);
    }
    procs.push(...gatewayProcs);
    for (const url of [...chatUrls.map((u) => `${u}/readyz`), ...gatewayUrls.map((u) => `${u}/healthz`)])
      await waitReady(url);
    if (DRIVER === 'chat') await waitReady(`http://127.0.0.1:${PORTS.auth}/readyz`);

    const driver =
      DRIVER === 'chat'
        ? await chatDriver(gatewayUrls, redis, CONVERSATIONS, (line) => console.log(line))
        : await publishDriver(redis, CONVERSATIONS);
    const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });

    // Arrivals: (conversation, seq) → how many times it arrived at the recipient.
    // Both sides' streams get every chat.message (the sender's other tabs too): only the recipient's counts.
    const pending = new Map<
      string,
      { started: number; recipientUp: boolean; recipient: number; reconnects: number }
    >();
    /** `<conversation>:<seq>:<side>` → how many times it arrived there, and when first. */
    const arrived = new Map<string, number>();
    const firstArrival = new Map<string, number>();
    const latencies: number[] = [];
    const latenciesWhileReconnecting: number[] = [];
    const streamOf = new Map<string, ReconnectingStream>();
    // A message counts as sent to a connected recipient only if the recipient's stream stayed the same
    // until the event arrived (else it came by replay after a reconnect).
    const record = (
      conversationId: string,
      sentAt: { started: number; recipientUp: boolean; recipient: number; reconnects: number },
      at: number,
    ) => {
      const stayed = streamOf.get(`${conversationId}:${sentAt.recipient}`)?.reconnects === sentAt.reconnects;
      (sentAt.recipientUp && stayed ? latencies : latenciesWhileReconnecting).push(at - sentAt.started);
    };
    const onSideEvent = (side: number) => (event: ReceivedEvent) => {
      if (event.type !== 'chat.message') return;
      const { conversation_id, seq } = event.body as { conversation_id: string; seq: number };
      const key = `${conversation_id}:${seq}:${side}`;
      arrived.set(key, (arrived.get(key) ?? 0) + 1);
      if (arrived.get(key) === 1) firstArrival.set(key, event.receivedAt);
      const sentAt = pending.get(`${conversation_id}:${seq}`);
      if (sentAt?.recipient === side && arrived.get(key) === 1)
        record(conversation_id, sentAt, event.receivedAt);
    };

    // Baseline memory with the processes warm, then the idle streams.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const before = gatewayProcs.map((p) => procStats(p.child.pid!).rssKb);
    const idleCount = Math.max(0, STREAMS - CONVERSATIONS * 2);
    console.log(
      `opening ${idleCount} idle streams and ${CONVERSATIONS * 2} streams of the conversations' participants...`,
    );
    const idleUsers = await sessionsFor(redis, idleCount);
    const streams: ReconnectingStream[] = [];
    const openAll = async (
      items: Array<{ cookie: string; gateway: number; onEvent: (e: ReceivedEvent) => void; key?: string }>,
    ) => {
      for (let i = 0; i < items.length; i += 250) {
        await Promise.all(
          items.slice(i, i + 250).map(async (item) => {
            const stream = new ReconnectingStream(
              gatewayUrls,
              item.cookie,
              agent,
              item.onEvent,
              item.gateway,
            );
            streams.push(stream);
            if (item.key) streamOf.set(item.key, stream);
            await stream.open();
          }),
        );
      }
    };
    const openedAt = Date.now();
    await openAll(
      idleUsers.map((user, i) => ({ cookie: user.cookie, gateway: i % instances, onEvent: () => undefined })),
    );
    // Each conversation's recipient side listens on the other instance than the one its sender posts through.
    await openAll(
      driver.conversations.flatMap((conversation) =>
        conversation.sides.map((side, s) => ({
          cookie: side.cookie,
          gateway: (s + 1) % instances,
          onEvent: onSideEvent(s),
          key: `${conversation.id}:${s}`,
        })),
      ),
    );
    console.log(
      `${streams.length} streams open in ${((Date.now() - openedAt) / 1000).toFixed(1)} s; letting them settle...`,
    );
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    const after = gatewayProcs.map((p) => procStats(p.child.pid!).rssKb);
    const perStream = after.map((kb, i) => (kb - before[i]!) / (streams.length / instances));
    console.log(
      `gateway RSS ${before.map((kb) => `${(kb / 1024).toFixed(0)} MB`).join(', ')} → ${after.map((kb) => `${(kb / 1024).toFixed(0)} MB`).join(', ')}`,
    );

    // Load: every conversation sends once a second, the two sides taking turns, starts spread over the second.
    const cpuBefore = procs.map((p) => ({
      name: p.name,
      pid: p.child.pid!,
      cpuMs: procStats(p.child.pid!).cpuMs,
    }));
    const benchCpuBefore = process.cpuUsage();
    const loadStarted = Date.now();
    let sent = 0;
    let sendFailures = 0;
    let restartedAt: number | undefined;
    let restartTimer: NodeJS.Timeout | undefined;
    if (instances === 2 && RESTART) {
      restartTimer = setTimeout(
        () => {
          restartedAt = Date.now() - loadStarted;
          console.log(`  restarting gateway-2 at ${(restartedAt / 1000).toFixed(0)} s...`);
          const old = gatewayProcs[1]!;
          void stopProcess(old).then(() => {
            const fresh = startGatewayProc(1);
            gatewayProcs[1] = fresh;
            procs[procs.indexOf(old)] = fresh;
            cpuBefore.push({ name: 'gateway-2 (restarted)', pid: fresh.child.pid!, cpuMs: 0 });
          });
        },
        (SECONDS * 1000) / 2,
      );
    }
    await Promise.all(
      driver.conversations.map(async (conversation, c) => {
        await new Promise((resolve) => setTimeout(resolve, (c * 1000) / driver.conversations.length));
        for (let tick = 0; Date.now() - loadStarted < SECONDS * 1000; tick += 1) {
          const due = loadStarted + (c * 1000) / driver.conversations.length + tick * 1000;
          await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - Date.now())));
          const from = tick % 2;
          const started = Date.now();
          const recipientStream = streamOf.get(`${conversation.id}:${1 - from}`);
          const recipientUp = recipientStream?.connected ?? false;
          const reconnects = recipientStream?.reconnects ?? 0;
          try {
            // Through the other instance than the recipient's stream (side s listens on instance (s + 1) % 2).
            const { seq } = await driver.send(conversation, from, (from + 1) % instances);
            const sentAt = { started, recipientUp, recipient: 1 - from, reconnects };
            pending.set(`${conversation.id}:${seq}`, sentAt);
            // The event may have come before the POST's answer.
            const first = firstArrival.get(`${conversation.id}:${seq}:${1 - from}`);
            if (first !== undefined) record(conversation.id, sentAt, first);
            sent += 1;
          } catch {
            sendFailures += 1;
          }
        }
      }),
    );
    clearTimeout(restartTimer);
    const loadMs = Date.now() - loadStarted;
    // Late arrivals (replays after the restart) get a moment.
    await new Promise((resolve) => setTimeout(resolve, 8_000));
    const cpu = cpuBefore
      .filter((p) => fs.existsSync(`/proc/${p.pid}/stat`))
      .map((p) => ({ name: p.name, percent: ((procStats(p.pid).cpuMs - p.cpuMs) / loadMs) * 100 }));
    const benchCpu = process.cpuUsage(benchCpuBefore);
    let missing = 0;
    let repeated = 0;
    for (const [key, { recipient }] of pending) {
      const times = arrived.get(`${key}:${recipient}`) ?? 0;
      if (times === 0) missing += 1;
      if (times > 1) repeated += 1;
    }
    const reconnects = streams.reduce((sum, s) => sum + s.reconnects, 0);
    for (const stream of streams) stream.close();
    await driver.close();
    agent.destroy();
    return {
      name,
      latencies: latencies.sort((a, b) => a - b),
      latenciesWhileReconnecting: latenciesWhileReconnecting.sort((a, b) => a - b),
      sent,
      sendFailures,
      missing,
      repeated,
      memoryPerStreamKb: perStream,
      cpu,
      benchCpuPercent: ((benchCpu.user + benchCpu.system) / 1000 / loadMs) * 100,
      reconnects,
      restartedAt,
    };
  } finally {
    for (const proc of procs.reverse()) await stopProcess(proc);
  }
}

function report(result: RunResult): void {
  const { latencies } = result;
  const p = (q: number) => `${percentile(latencies, q).toFixed(0)} ms`;
  console.log(`\n| ${result.name} | value | target |`);
  console.log('|---|---|---|');
  console.log(`| messages sent (failed sends) | ${result.sent} (${result.sendFailures}) | >= 10,000 |`);
  console.log(
    `| POST → event at the recipient p50 (${latencies.length} messages, recipient connected) | ${p(50)} | |`,
  );
  console.log(`| p95 | ${p(95)} | <= 150 ms |`);
  console.log(`| p99 | ${p(99)} | <= 300 ms |`);
  console.log(`| max | ${p(100)} | |`);
  const late = result.latenciesWhileReconnecting;
  if (late.length) {
    console.log(
      `| messages sent while the recipient was reconnecting or delivered by replay (${late.length}): POST → event p50 / max | ${percentile(late, 50).toFixed(0)} ms / ${percentile(late, 100).toFixed(0)} ms | (3 s retry hint) |`,
    );
  }
  console.log(`| events missing at the recipients | ${result.missing} | 0 |`);
  console.log(`| events received twice (replayed after a reconnect) | ${result.repeated} | |`);
  console.log(
    `| gateway memory per idle stream (RSS growth / streams) | ${result.memoryPerStreamKb.map((kb) => `${kb.toFixed(1)} KB`).join(', ')} | <= 50 KB |`,
  );
  console.log(
    `| CPU during the load (of one core) | ${result.cpu.map((c) => `${c.name} ${c.percent.toFixed(0)} %`).join(', ')}; the bench's clients ${result.benchCpuPercent.toFixed(0)} % | |`,
  );
  if (result.restartedAt !== undefined)
    console.log(
      `| gateway-2 restarted at | ${(result.restartedAt / 1000).toFixed(0)} s; ${result.reconnects} streams reconnected with Last-Event-ID | |`,
    );
}

async function main(): Promise<void> {
  await up();
  const env = { ...localStackUrls() } as unknown as Record<string, string>;
  Object.assign(process.env, env);
  const redis = createRedis(env.REDIS_URL!);
  const results: RunResult[] = [];
  try {
    if (RUNS === 'one' || RUNS === 'both') results.push(await run('one gateway', 1, redis, env));
    if (RUNS === 'two' || RUNS === 'both')
      results.push(
        await run('two gateways, two chat instances, sender and recipient on different ones', 2, redis, env),
      );
  } finally {
    await redis.quit();
  }
  for (const result of results) report(result);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
