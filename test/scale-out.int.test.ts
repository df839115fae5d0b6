/**
 * Two instances of every service, each its own process, behind one gateway, under a steady stream of
 * signed-in traffic (post requests, list them, search, notifications, conversations). One instance of
 * each service in turn is SIGKILLed and started again. Afterwards:
 * - no user request failed (the gateway sends what a dead instance refused to the other one) or took
 *   more than 10 s;
 * - every request a user saw created is stored, searchable and matched with its counterpart, although
 *   each was posted while some instance was down or starting;
 * - every match was told once: one in-app notification and one e-mail per (match, user), never two.
 * This is the same proof for every service, with writes from two instances to one database at once.
 */
import path from 'node:path';
import {
  createMailClient,
  createSignedInUser,
  testDatabase,
  waitFor,
} from '@safarsaathi/platform/src/testing';
import { testEnv } from './stack';
import { companionRequest, freePort, freshAirport, ROOT, ServiceInstance, Traffic } from './processes';
import { startGateway, type RunningGateway } from '../gateway/src/app';
import { DEPLOYABLES } from '../scripts/deployables';

const LOGS = path.join(ROOT, '.stack', 'logs', 'scale-out');
const SERVICES = DEPLOYABLES.filter((d) => d.gatewayEnv);
/** A user request slower than this counts as hung. */
const REQUEST_LIMIT_MS = 10_000;

jest.setTimeout(420_000);

let instances: ServiceInstance[][] = [];
let gateway: RunningGateway;

beforeAll(async () => {
  instances = [];
  for (const service of SERVICES) {
    const pair: ServiceInstance[] = [];
    for (const index of [0, 1]) {
      const port = await freePort();
      const env = () =>
        testEnv({
          MONGO_DB: testDatabase(service.name),
          PORT: String(port),
          METRICS_PORT: '0',
          LOG_LEVEL: 'warn',
        });
      pair.push(
        new ServiceInstance(
          service.name,
          service.entry,
          port,
          env,
          path.join(LOGS, `${service.name}-${index}.log`),
        ),
      );
    }
    instances.push(pair);
  }
  for (const instance of instances.flat()) instance.start();
  await Promise.all(instances.flat().map((instance) => instance.ready()));
  const urls = Object.fromEntries(
    SERVICES.map((service, i) => [
      service.gatewayEnv!,
      instances[i]!.map((instance) => instance.url).join(','),
    ]),
  );
  gateway = await startGateway(testEnv({ ...urls, RATE_LIMIT_IP_PER_MINUTE: '100000' }));
});

afterAll(async () => {
  await gateway?.stop();
  await Promise.all(instances.flat().map((instance) => instance.stop()));
});

interface Posted {
  owner: number;
  caseid: string;
  counterpart: number;
  route: { from: string; to: string };
}

test('two instances of every service: one of each killed in turn under load loses, duplicates and fails nothing', async () => {
  const traffic = new Traffic(REQUEST_LIMIT_MS);
  const users: Array<Awaited<ReturnType<typeof createSignedInUser>>> = [];
  for (let i = 0; i < 8; i += 1)
    users.push(await createSignedInUser(gateway.url, { fullname: `Scale Traveller ${i}` }));
  const searcher = await createSignedInUser(gateway.url, { fullname: 'Scale Searcher' });
  const posted: Posted[] = [];

  // Background reads of every kind, from every user, until the kills are over.
  let running = true;
  const readers = users.map(async (user, i) => {
    const reads = [
      '/api/companions/requests',
      `/api/search/unified?from=${freshAirport()}`,
      '/api/notifications?limit=10',
      '/api/chat/conversations',
      '/users/profile',
    ];
    for (let turn = i; running; turn += 1) {
      await traffic.call(user.client, 'get', reads[turn % reads.length]!);
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
  });

  /** Users 2k and 2k+1 are a pair: each round they post a need and a provide on a route of their own. */
  const postRound = async () => {
    await Promise.all(
      [0, 1, 2, 3].map(async (pair) => {
        const route = { from: freshAirport(), to: freshAirport() };
        for (const [owner, role] of [
          [2 * pair, 'need'],
          [2 * pair + 1, 'provide'],
        ] as const) {
          const answer = await traffic.call<{ caseid: string }>(
            users[owner]!.client,
            'post',
            '/api/companions/requests',
            companionRequest(role, route),
          );
          if (answer)
            posted.push({
              owner,
              caseid: String(answer.body.caseid),
              counterpart: role === 'need' ? owner + 1 : owner - 1,
              route,
            });
        }
      }),
    );
  };

  try {
    for (const [s, pair] of instances.entries()) {
      const victim = pair[s % 2]!;
      await victim.kill();
      // Requests go on while it is dead: the first one it would have had is refused and sent to the other.
      await postRound();
      victim.start();
      await postRound();
      await victim.ready();
    }
  } finally {
    running = false;
    await Promise.all(readers);
  }

  expect(traffic.failures).toEqual([]);
  expect(traffic.calls.length).toBeGreaterThan(100);
  // Six services, two rounds each (one while an instance is dead, one while it starts), four pairs, two
  // requests a pair.
  expect(posted).toHaveLength(6 * 2 * 4 * 2);

  // Every request created is stored and matched with the one its pair posted on the same route.
  const caseOf = (owner: number, route: Posted['route']) =>
    posted.find((p) => p.owner === owner && p.route === route)!.caseid;
  /** Posted requests whose owner does not see them matched with their counterpart (and what they see). */
  const unmatched = async () => {
    const missing: Array<{
      owner: number;
      caseid: string;
      expected: string;
      seen: string | null | undefined;
    }> = [];
    for (const [owner, user] of users.entries()) {
      const list =
        await user.client.get<Array<{ caseid: string; companion_match_caseid?: string | null }>>(
          '/api/companions/requests',
        );
      for (const p of posted.filter((candidate) => candidate.owner === owner)) {
        const seen = list.body.find((r) => r.caseid === p.caseid);
        const expected = caseOf(p.counterpart, p.route);
        if (seen?.companion_match_caseid !== expected)
          missing.push({
            owner,
            caseid: p.caseid,
            expected,
            seen: seen ? seen.companion_match_caseid : 'not listed',
          });
      }
    }
    return missing;
  };
  await waitFor(async () => ((await unmatched()).length === 0 ? true : undefined), 150_000, 2_000).catch(
    () => undefined,
  );
  expect(await unmatched()).toEqual([]);

  // Searchable: another traveller finds both requests of every route.
  const routes = [...new Set(posted.map((p) => p.route))];
  for (const route of routes) {
    const expected = posted
      .filter((p) => p.route === route)
      .map((p) => p.caseid)
      .sort();
    await waitFor(
      async () => {
        const found = await searcher.client.get<{ results: Array<{ caseid: string }> }>(
          `/api/search/unified?from=${route.from}`,
        );
        const caseids = (found.body.results ?? [])
          .map((r) => r.caseid)
          .filter((caseid) => expected.includes(caseid))
          .sort();
        return JSON.stringify(caseids) === JSON.stringify(expected) ? true : undefined;
      },
      60_000,
      500,
    );
  }

  // Told once: one notification and one e-mail per match and user, and no more after a quiet while.
  const mail = createMailClient();
  const tellings = async (owner: number) => {
    const user = users[owner]!;
    const notifications = await user.client.get<Array<{ notification_type: string }>>(
      '/api/notifications?limit=50',
    );
    // A match's e-mail names the request in its subject ('… for your request NC-…').
    const mine = posted.filter((p) => p.owner === owner);
    const mails = (await mail.searchTo(user.email)).filter((m) =>
      mine.some((p) => m.Subject.endsWith(p.caseid)),
    );
    return {
      notifications: notifications.body.filter((n) => n.notification_type === 'match_found').length,
      subjects: mails.map((m) => m.Subject),
    };
  };
  for (const owner of users.keys()) {
    const matches = posted.filter((p) => p.owner === owner).length;
    await waitFor(
      async () => {
        const told = await tellings(owner);
        return told.notifications >= matches && told.subjects.length >= matches ? true : undefined;
      },
      120_000,
      1_000,
    );
  }
  await new Promise((resolve) => setTimeout(resolve, 5_000));
  for (const owner of users.keys()) {
    const mine = posted.filter((p) => p.owner === owner);
    const told = await tellings(owner);
    expect(told.notifications).toBe(mine.length);
    // Each e-mail names the request it is about: every one of the owner's requests exactly once.
    expect(mine.map((p) => told.subjects.filter((subject) => subject.endsWith(p.caseid)).length)).toEqual(
      mine.map(() => 1),
    );
  }
});
