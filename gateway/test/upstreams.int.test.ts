/**
 * Several instances of a service behind one gateway: requests are spread over them, and when one
 * instance dies what it refused is retried on another (GETs, and writes whose JSON body the gateway
 * holds), so no user sees an error; it gets no more requests until its readiness check passes again.
 */
import type { RunningService } from '@safarsaathi/platform';
import { freshEmail, testDatabase } from '@safarsaathi/platform/src/testing';
import { startAuthService } from '../../services/auth/src/app';
import { testEnv } from '../../test/stack';
import { startGateway, type RunningGateway } from '../src/app';

let first: RunningService;
let second: RunningService;
let gateway: RunningGateway;

beforeAll(async () => {
  const database = testDatabase('auth-instances');
  [first, second] = await Promise.all([
    startAuthService(testEnv({ MONGO_DB: database })),
    startAuthService(testEnv({ MONGO_DB: database })),
  ]);
  gateway = await startGateway(
    testEnv({ AUTH_URL: `${first.url},${second.url}`, RATE_LIMIT_IP_PER_MINUTE: '10000' }),
  );
});

afterAll(async () => {
  await gateway.stop();
  await Promise.all([first.stop(), second.stop()]);
});

/** Requests an instance has answered on a route, from its own metrics. */
async function answered(service: RunningService, route: string): Promise<number> {
  const text = await (await fetch(service.metricsUrl)).text();
  return text
    .split('\n')
    .filter(
      (line) => line.startsWith('http_request_duration_seconds_count{') && line.includes(`route="${route}"`),
    )
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
}

test('requests are spread over the instances; when one dies, every GET and write still succeeds', async () => {
  const route = '/api/auth/environment-info';
  const before = await Promise.all([answered(first, route), answered(second, route)]);
  for (let i = 0; i < 20; i += 1) expect((await fetch(`${gateway.url}${route}`)).status).toBe(200);
  const after = await Promise.all([answered(first, route), answered(second, route)]);
  const served: [number, number] = [after[0] - before[0], after[1] - before[1]];
  expect(served[0] + served[1]).toBe(20);
  // Both took a fair share (round robin: 10 each).
  expect(Math.min(...served)).toBeGreaterThanOrEqual(8);

  // One instance goes away (its connections refused) before any readiness check noticed. Two writes in a
  // row: round robin hands one of them to the dead instance, which refuses it; it reaches the other.
  await second.stop();
  for (let i = 0; i < 2; i += 1) {
    const sent = await fetch(`${gateway.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ emailAddress: freshEmail('instances') }),
    });
    expect(sent.status).toBe(200);
  }
  const statuses: number[] = [];
  for (let i = 0; i < 20; i += 1) statuses.push((await fetch(`${gateway.url}${route}`)).status);
  expect(statuses.filter((status) => status !== 200)).toEqual([]);
});
