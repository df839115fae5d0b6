/**
 * Fault injection: the whole product on an infrastructure of its own (Kafka, FerretDB and Redis started by
 * this test on free ports, so that killing them disturbs no other test), one process per service, the
 * gateway in-process, under a steady stream of signed-in requests: post, cancel, list, search, chat and
 * notifications. Kafka, Redis and FerretDB are SIGKILLed in turn, left dead for a while, and started
 * again on the same data. Afterwards:
 * - every request answered either with success or with a clean 503, never anything else, and none took
 *   more than 10 s (no hang while a dependency is gone);
 * - every request the client saw succeed is stored: posted requests are listed, cancelled ones are
 *   cancelled, sent messages are in the conversation exactly once;
 * - every pair that both posted is matched together, and each match was told exactly once: one in-app
 *   notification and one e-mail per (match, user).
 * A service is SIGKILLed too (the scale-out test does that for every service under two instances).
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  createMailClient,
  createSignedInUser,
  testDatabase,
  waitFor,
} from '@safarsaathi/platform/src/testing';
import { testEnv } from './stack';
import {
  type Call,
  companionRequest,
  freePort,
  freshAirport,
  KillableProcess,
  ROOT,
  ServiceInstance,
  Traffic,
} from './processes';
import { startGateway, type RunningGateway } from '../gateway/src/app';
import { ferretDbLaunch, kafkaLaunch, redisLaunch } from '../infra/scripts/launch';
import { probeKafka, probeMongo, probeRedis } from '../infra/scripts/probes';
import { DEPLOYABLES } from '../scripts/deployables';

const SERVICES = DEPLOYABLES.filter((d) => d.gatewayEnv);
/** A user request slower than this counts as hung. */
const REQUEST_LIMIT_MS = 10_000;
/** How long each component stays dead while the traffic goes on: longer than a request may take. */
const OUTAGE_MS = 12_000;
const RUN = `faults-${Date.now().toString(36)}`;
const DATA = path.join(ROOT, '.stack', 'faults', RUN);
const LOGS = path.join(ROOT, '.stack', 'logs', 'faults');

jest.setTimeout(600_000);

/** The chatting pair writes faster than a person may (the chat limit is tested elsewhere). */
const LIMITS = { CHAT_MESSAGES_PER_MINUTE: '100000' };

interface Infra {
  kafka: KillableProcess;
  redis: KillableProcess;
  ferretdb: KillableProcess;
  urls: { KAFKA_BROKERS: string; MONGO_URL: string; REDIS_URL: string };
  probe: Record<'kafka' | 'redis' | 'ferretdb', () => Promise<boolean>>;
}

let infra: Infra;
let services: ServiceInstance[] = [];
let gateway: RunningGateway;

async function startInfra(): Promise<Infra> {
  const [kafkaPort, controllerPort, mongoPort, redisPort] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  const urls = {
    KAFKA_BROKERS: `127.0.0.1:${kafkaPort}`,
    MONGO_URL: `mongodb://127.0.0.1:${mongoPort}`,
    REDIS_URL: `redis://127.0.0.1:${redisPort}`,
  };
  const started: Infra = {
    kafka: new KillableProcess(
      'kafka',
      () => kafkaLaunch(kafkaPort, controllerPort, path.join(DATA, 'kafka')),
      path.join(LOGS, `${RUN}-kafka.log`),
    ),
    redis: new KillableProcess(
      'redis',
      () => redisLaunch(redisPort, path.join(DATA, 'redis')),
      path.join(LOGS, `${RUN}-redis.log`),
    ),
    ferretdb: new KillableProcess(
      'ferretdb',
      () => ferretDbLaunch(mongoPort, path.join(DATA, 'ferretdb')),
      path.join(LOGS, `${RUN}-ferretdb.log`),
    ),
    urls,
    probe: {
      kafka: () => probeKafka(urls.KAFKA_BROKERS),
      redis: () => probeRedis(urls.REDIS_URL),
      ferretdb: () => probeMongo(urls.MONGO_URL),
    },
  };
  for (const component of ['kafka', 'redis', 'ferretdb'] as const) started[component].start();
  await Promise.all(
    (['kafka', 'redis', 'ferretdb'] as const).map((c) =>
      waitFor(async () => ((await started.probe[c]()) ? true : undefined), 120_000, 500),
    ),
  );
  return started;
}

beforeAll(async () => {
  fs.rmSync(DATA, { recursive: true, force: true });
  infra = await startInfra();
  services = [];
  for (const service of SERVICES) {
    const port = await freePort();
    const env = () =>
      testEnv({
        ...infra.urls,
        MONGO_DB: testDatabase(service.name),
        PORT: String(port),
        METRICS_PORT: '0',
        LOG_LEVEL: 'warn',
        ...LIMITS,
      });
    services.push(
      new ServiceInstance(
        service.name,
        service.entry,
        port,
        env,
        path.join(LOGS, `${RUN}-${service.name}.log`),
      ),
    );
  }
  for (const service of services) service.start();
  await Promise.all(services.map((service) => service.ready()));
  const urls = Object.fromEntries(SERVICES.map((service, i) => [service.gatewayEnv!, services[i]!.url]));
  gateway = await startGateway(testEnv({ ...infra.urls, ...urls, RATE_LIMIT_IP_PER_MINUTE: '100000' }));
});

afterAll(async () => {
  await gateway?.stop();
  await Promise.all(services.map((service) => service.stop()));
  if (infra) for (const component of ['kafka', 'redis', 'ferretdb'] as const) await infra[component].stop();
  fs.rmSync(DATA, { recursive: true, force: true });
});

type User = Awaited<ReturnType<typeof createSignedInUser>>;

interface Posted {
  owner: number;
  caseid: string;
  route: { from: string; to: string };
}

/** The calls that are neither a success nor a clean 503 in time. */
const unclean = (calls: Call[]) =>
  calls.filter(
    (c) =>
      c.ms > REQUEST_LIMIT_MS ||
      !(typeof c.status === 'number' && ((c.status >= 200 && c.status <= 299) || c.status === 503)),
  );

test('Kafka, Redis, FerretDB and a service killed in turn under load: clean 503s at worst, nothing lost or told twice', async () => {
  const traffic = new Traffic(REQUEST_LIMIT_MS);
  // Pairs (2k, 2k+1) post a need and a provide on a route of their own; user 6 posts and cancels; users
  // 7 and 8 chat; all of them read.
  const users: User[] = [];
  for (let i = 0; i < 9; i += 1)
    users.push(await createSignedInUser(gateway.url, { fullname: `Fault Traveller ${i}` }));

  // The chatting pair is matched before any fault, to have a conversation.
  const chatRoute = { from: freshAirport(), to: freshAirport() };
  const need = await users[7]!.client.post<{ caseid: string }>(
    '/api/companions/requests',
    companionRequest('need', chatRoute),
  );
  const provide = await users[8]!.client.post<{ caseid: string }>(
    '/api/companions/requests',
    companionRequest('provide', chatRoute),
  );
  let conversationId = '';
  await waitFor(
    async () => {
      const started = await users[7]!.client.post<{ conversation_id?: string }>('/api/chat/start-chat', {
        service_type: 'companion',
        user_caseid: need.body.caseid,
        matched_caseid: provide.body.caseid,
      });
      conversationId = started.body.conversation_id ?? '';
      return conversationId ? true : undefined;
    },
    60_000,
    500,
  );

  const posted: Posted[] = [];
  const cancelled: string[] = [];
  /** Each message whose sending the client saw succeed, with the sequence number it was given. */
  const sent: Array<{ text: string; seq: number; at: number; ms: number }> = [];
  let running = true;
  const loop = async (pauseMs: number, work: (turn: number) => Promise<void>) => {
    for (let turn = 0; running; turn += 1) {
      await work(turn);
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  };
  const post = async (owner: number, role: 'need' | 'provide', route: Posted['route']) => {
    const answer = await traffic.call<{ caseid: string }>(
      users[owner]!.client,
      'post',
      '/api/companions/requests',
      companionRequest(role, route),
    );
    if (answer) posted.push({ owner, caseid: String(answer.body.caseid), route });
  };
  const reads = [
    '/api/companions/requests',
    `/api/search/unified?from=${chatRoute.from}`,
    '/api/notifications?limit=10',
    '/api/chat/conversations',
    '/users/profile',
  ];
  const workers = [
    ...[0, 1, 2].map((pair) =>
      // Slow enough that each user's notifications fit in one page (50).
      loop(2_500, async () => {
        const route = { from: freshAirport(), to: freshAirport() };
        await post(2 * pair, 'need', route);
        await post(2 * pair + 1, 'provide', route);
      }),
    ),
    loop(1_000, async () => {
      const answer = await traffic.call<{ caseid: string }>(
        users[6]!.client,
        'post',
        '/api/companions/requests',
        companionRequest('need', { from: freshAirport(), to: freshAirport() }),
      );
      if (!answer) return;
      posted.push({ owner: 6, caseid: String(answer.body.caseid), route: { from: '', to: '' } });
      if (
        await traffic.call(users[6]!.client, 'put', `/api/companions/requests/${answer.body.caseid}/cancel`)
      )
        cancelled.push(String(answer.body.caseid));
    }),
    loop(300, async (turn) => {
      const text = `fault message ${turn} ${Math.random().toString(36).slice(2, 8)}`;
      const author = users[7 + (turn % 2)]!;
      const at = Date.now();
      const answer = await traffic.call<{ message: { seq: number } }>(
        author.client,
        'post',
        `/api/chat/conversations/${conversationId}/messages`,
        { message_text: text },
      );
      if (answer) sent.push({ text, seq: answer.body.message.seq, at, ms: Date.now() - at });
    }),
    ...users.map((user, i) =>
      loop(
        200,
        async (turn) => void (await traffic.call(user.client, 'get', reads[(turn + i) % reads.length]!)),
      ),
    ),
  ];

  const outages: Array<{ what: string; from: number; to: number }> = [];
  const servicesReady = () => Promise.all(services.map((service) => service.ready(180_000)));
  try {
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    for (const component of ['kafka', 'redis', 'ferretdb'] as const) {
      const from = Date.now();
      await infra[component].kill();
      await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS));
      infra[component].start();
      await waitFor(async () => ((await infra.probe[component]()) ? true : undefined), 120_000, 500);
      await servicesReady();
      outages.push({ what: component, from, to: Date.now() });
      await new Promise((resolve) => setTimeout(resolve, 4_000));
    }
    // A service too (companion: it owns the requests), on the infrastructure that just came back.
    const companion = services[SERVICES.findIndex((s) => s.name === 'companion')]!;
    const from = Date.now();
    await companion.kill();
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    companion.start();
    await companion.ready();
    outages.push({ what: 'companion', from, to: Date.now() });
    await new Promise((resolve) => setTimeout(resolve, 4_000));
  } finally {
    running = false;
    await Promise.all(workers);
  }

  for (const outage of outages) {
    const during = traffic.calls.filter((c) => c.at + c.ms >= outage.from && c.at <= outage.to);
    const ok = during.filter((c) => typeof c.status === 'number' && c.status < 300).length;
    const slowest = Math.max(0, ...during.map((c) => c.ms));
    process.stdout.write(
      `[faults] ${outage.what}: ${during.length} calls while down or recovering (${Math.round((outage.to - outage.from) / 1000)} s), ${ok} succeeded, ${during.length - ok} answered 503, slowest ${slowest} ms\n`,
    );
  }

  // Answers: success or a clean 503, in time. Traffic went on during every outage and succeeded outside.
  expect(unclean(traffic.calls)).toEqual([]);
  for (const outage of outages) {
    const during = traffic.calls.filter((c) => c.at >= outage.from && c.at <= outage.to);
    expect({ outage: outage.what, calls: during.length > 5 }).toEqual({ outage: outage.what, calls: true });
  }
  // Outside the outages (a call overlapping one, or starting within 3 s of its end, may have met it)
  // everything succeeds.
  const calm = traffic.calls.filter((c) => outages.every((o) => c.at + c.ms < o.from || c.at > o.to + 3_000));
  const calmFailures = calm.filter((c) => c.status !== 200 && c.status !== 201);
  expect({ calmFailures, outages }).toEqual({ calmFailures: [], outages });

  // Stored: every request a client saw created is listed by its owner; every cancelled one is cancelled.
  const listOf = async (owner: number) =>
    (
      await users[owner]!.client.get<
        Array<{ caseid: string; status: string; companion_match_caseid?: string | null }>
      >('/api/companions/requests')
    ).body;
  for (const owner of [0, 1, 2, 3, 4, 5, 6]) {
    const list = await listOf(owner);
    const mine = posted.filter((p) => p.owner === owner).map((p) => p.caseid);
    expect(mine.filter((caseid) => !list.some((r) => r.caseid === caseid))).toEqual([]);
    if (owner === 6)
      expect(
        cancelled.filter((caseid) => list.find((r) => r.caseid === caseid)?.status !== 'cancelled'),
      ).toEqual([]);
  }
  expect(cancelled.length).toBeGreaterThan(3);

  // Matched: every route on which both sides were posted ends with the two matched together.
  const pairs = [...new Set(posted.filter((p) => p.owner < 6).map((p) => p.route))]
    .map((route) => posted.filter((p) => p.route === route))
    .filter((both) => both.length === 2);
  expect(pairs.length).toBeGreaterThan(10);
  const unmatched = async () => {
    const lists = await Promise.all([0, 1, 2, 3, 4, 5].map(listOf));
    return pairs.filter(
      ([a, b]) => lists[a!.owner]!.find((r) => r.caseid === a!.caseid)?.companion_match_caseid !== b!.caseid,
    );
  };
  await waitFor(async () => ((await unmatched()).length === 0 ? true : undefined), 180_000, 2_000).catch(
    () => undefined,
  );
  expect(await unmatched()).toEqual([]);

  // Sent messages are in the conversation, each exactly once.
  // Every page, newest first (200 a page).
  const stored: Array<{ message_text: string; seq: number }> = [];
  for (let before: number | undefined; ;) {
    const page = await users[7]!.client.get<{
      messages: Array<{ message_text: string; seq: number }>;
      has_more: boolean;
    }>(`/api/chat/conversations/${conversationId}/messages${before ? `?before=${before}` : ''}`);
    stored.push(...page.body.messages);
    if (!page.body.has_more || page.body.messages.length === 0) break;
    before = page.body.messages[0]!.seq;
  }
  expect(sent.length).toBeGreaterThan(10);
  // A failure names the message, where it was stored (if anywhere) and what holds its sequence number now.
  const misstored = sent
    .map((message) => ({
      ...message,
      storedAt: stored.filter((m) => m.message_text === message.text).map((m) => m.seq),
      atItsSeq: stored.filter((m) => m.seq === message.seq).map((m) => m.message_text),
    }))
    .filter((message) => message.storedAt.length !== 1);
  expect({ misstored, outages }).toEqual({ misstored: [], outages });

  // Told once: one notification and one e-mail per match and user, and no more after a quiet while.
  const mail = createMailClient();
  const matchedCases = (owner: number) => pairs.flat().filter((p) => p.owner === owner);
  const tellings = async (owner: number) => {
    const notifications = await users[owner]!.client.get<Array<{ notification_type: string; link: string }>>(
      '/api/notifications?limit=50',
    );
    // A match's e-mail names the request in its subject ('… for your request NC-…'); its notice links to
    // the request's card.
    const mails = (await mail.searchTo(users[owner]!.email)).filter((m) =>
      matchedCases(owner).some((p) => m.Subject.endsWith(p.caseid)),
    );
    const matches = notifications.body.filter((n) => n.notification_type === 'match_found');
    return {
      notifications: matches.length,
      links: matches.map((n) => n.link),
      subjects: mails.map((m) => m.Subject),
    };
  };
  for (const owner of [0, 1, 2, 3, 4, 5]) {
    const owed = matchedCases(owner).length;
    await waitFor(
      async () => {
        const told = await tellings(owner);
        return told.notifications >= owed && told.subjects.length >= owed ? true : undefined;
      },
      180_000,
      1_000,
    ).catch(() => undefined);
  }
  await new Promise((resolve) => setTimeout(resolve, 5_000));
  for (const owner of [0, 1, 2, 3, 4, 5]) {
    const mine = matchedCases(owner);
    const told = await tellings(owner);
    // Requests posted whose answer the client never saw (a 503 after the write) may be matched and told
    // too; each request the client saw is told exactly once.
    expect(told.notifications).toBeLessThan(50);
    const once = mine.map(() => ({ notifications: 1, emails: 1 }));
    const seen = mine.map((p) => ({
      notifications: told.links.filter((link) => link.endsWith(`request=${encodeURIComponent(p.caseid)}`))
        .length,
      emails: told.subjects.filter((subject) => subject.endsWith(p.caseid)).length,
    }));
    expect({ owner, seen }).toEqual({ owner, seen: once });
  }
});
