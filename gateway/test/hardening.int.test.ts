/**
 * The gateway's answers to hostile or broken requests: cross-site state changes, forged X-Forwarded-For,
 * unknown methods, undecodable paths, missing web files, correlation ids, and security headers.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { ApiClient, createSignedInUser } from '@safarsaathi/platform/src/testing';
import { startGateway } from '../src/app';
import { startTestStack, testEnv, type TestStack } from '../../test/stack';
import { ServiceInstance, freePort } from '../../test/processes';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(() => stack.stop());

/** fetch refuses some methods (TRACE), so unknown methods go through node:http. */
function rawMethod(method: string, path: string): Promise<{ status: number; allow: string | undefined }> {
  return new Promise((resolve, reject) => {
    const request = http.request(new URL(path, stack.gatewayUrl), { method }, (response) => {
      response.resume();
      resolve({ status: response.statusCode ?? 0, allow: response.headers.allow });
    });
    request.on('error', reject);
    request.end();
  });
}

const raw = (path: string, init: RequestInit = {}) =>
  fetch(new URL(path, stack.gatewayUrl), { redirect: 'manual', ...init });

describe('cross-site requests', () => {
  test('a state change with a foreign Origin is refused, account deletion included', async () => {
    const { client } = await createSignedInUser(stack.gatewayUrl);
    const deletion = await client.request('DELETE', '/users/delete-account', {
      headers: { origin: 'https://evil.example' },
    });
    expect(deletion.status).toBe(403);
    expect(deletion.body).toEqual({ error: 'Cross-site requests are not allowed.' });
    // Still signed in: nothing was deleted.
    expect((await client.get('/api/auth/user-info')).status).toBe(200);

    const fetchMetadata = await client.request('PUT', '/users/help-preference', {
      json: { helpPreference: 'need_help' },
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(fetchMetadata.status).toBe(403);
  });

  test('the own origin, same-origin fetch metadata and clients without either are accepted', async () => {
    const { client } = await createSignedInUser(stack.gatewayUrl);
    const own = await client.request('PUT', '/users/help-preference', {
      json: { helpPreference: 'need_help' },
      headers: { origin: new URL(stack.gatewayUrl).origin, 'sec-fetch-site': 'same-origin' },
    });
    expect(own.status).toBe(200);
    expect((await client.put('/users/help-preference', { helpPreference: 'want_to_help' })).status).toBe(200);
  });

  test('logout and body-less POSTs refuse form-encoded and text bodies (what a cross-site form can send)', async () => {
    const { client } = await createSignedInUser(stack.gatewayUrl);
    for (const type of [
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'text/plain',
    ]) {
      const result = await client.request('POST', '/api/auth/logout', {
        rawBody: 'a=1',
        headers: { 'content-type': type },
      });
      expect(result.status).toBe(415);
      expect(result.body).toEqual({ error: 'Requests with a body must be sent as application/json.' });
    }
    expect((await client.get('/api/auth/user-info')).status).toBe(200);
    expect((await client.post('/api/auth/logout')).status).toBe(200);
  });
});

test('X-Forwarded-For from a client that is not a configured proxy does not get round the per-IP limit', async () => {
  // A second gateway with a low per-IP limit, in front of the same services; no TRUST_PROXY configured.
  const strict = await startGateway(
    testEnv({
      AUTH_URL: stack.auth.url,
      INTERNAL_HMAC_SECRET: stack.gateway.config.INTERNAL_HMAC_SECRET,
      RATE_LIMIT_IP_PER_MINUTE: '5',
    }),
  );
  const statuses: number[] = [];
  try {
    for (let i = 0; i < 12; i += 1) {
      const result = await fetch(`${strict.url}/api/auth/verify-otp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${i + 1}` },
        body: JSON.stringify({ emailAddress: `nobody${i}@example.test`, otp: '123456' }),
      });
      statuses.push(result.status);
    }
  } finally {
    await strict.stop();
  }
  expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(4);
});

test('an unknown method on a known path is 405 with Allow; TRACE included', async () => {
  for (const method of ['TRACE', 'PATCH', 'PUT']) {
    const result = await rawMethod(method, '/api/auth/verify-otp');
    expect(result.status).toBe(405);
    expect(result.allow).toBe('POST');
  }
  // The live stream, served by the gateway itself, too.
  for (const method of ['TRACE', 'POST']) {
    const result = await rawMethod(method, '/api/events');
    expect([result.status, result.allow]).toEqual([405, 'GET']);
  }
  const withParameter = await rawMethod('POST', '/api/travels/abc');
  expect(withParameter.status).toBe(405);
  expect(withParameter.allow).toBe('GET, PUT, DELETE');
});

test('path parameters that do not decode are a 400, never a 500', async () => {
  const { client } = await createSignedInUser(stack.gatewayUrl);
  for (const [method, path] of [
    ['PUT', '/api/notifications/%E0%A4%A/read'],
    ['DELETE', '/api/travels/%E0%A4%A'],
    ['PUT', '/api/companions/requests/%ZZ/cancel'],
  ] as const) {
    const result = await client.request(method, path);
    expect(result.status).toBe(400);
    expect(result.body).toEqual({ error: 'The request path is not valid.', code: 'http.invalidPath' });
  }
});

test('a missing file under /remotes/<name>/ is a 404', async () => {
  const result = await raw('/remotes/site/no-such-file.js');
  expect(result.status).toBe(404);
  const unknownRemote = await raw('/remotes/nothing-here/remoteEntry.js');
  expect(unknownRemote.status).toBe(404);

  // A gateway in front of built remotes (with precompressed variants), and one remote without a build. It
  // runs as a process of its own: inside jest, an fs error fails http-errors' `instanceof Error` (another
  // realm), which made serve-static's 404 look meant for the client there while a real gateway answered 500.
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'remotes-'));
  const site = path.join(root, 'site', 'dist');
  fs.mkdirSync(path.join(site, 'static', 'js'), { recursive: true });
  fs.mkdirSync(path.join(root, 'unbuilt'));
  const entry = 'var site = {};'.repeat(100);
  fs.writeFileSync(path.join(site, 'remoteEntry.js'), entry);
  fs.writeFileSync(path.join(site, 'remoteEntry.js.gz'), zlib.gzipSync(entry));
  fs.writeFileSync(path.join(site, 'remoteEntry.js.br'), zlib.brotliCompressSync(entry));
  fs.writeFileSync(path.join(site, 'mf-manifest.json'), '{}');
  fs.writeFileSync(path.join(site, 'static', 'js', 'index.9cc739c679.js'), 'export {};');
  const port = await freePort();
  const gateway = new ServiceInstance(
    'gateway',
    'gateway/src/main.ts',
    port,
    () => testEnv({ PORT: String(port), AUTH_URL: stack.auth.url, WEB_REMOTES_DIR: root }),
    path.join(root, 'gateway.log'),
  );
  gateway.start();
  const at = (url: string, init: RequestInit = {}) =>
    fetch(new URL(url, gateway.url), { redirect: 'manual', ...init });
  try {
    await gateway.ready();
    for (const encoding of ['br, gzip', 'gzip', 'identity']) {
      const served = await at('/remotes/site/remoteEntry.js', { headers: { 'accept-encoding': encoding } });
      expect([encoding, served.status]).toEqual([encoding, 200]);
      expect(await served.text()).toBe(entry);
    }
    const missing = [
      '/remotes/site/no-such-file.js',
      '/remotes/site/no-such-file.js.br',
      '/remotes/site/no-such-file.js.gz',
      '/remotes/site/static/js/index.0123456789.js',
      '/remotes/site/static/js/a.b.c.d.js',
      '/remotes/site/static/js/index.9cc739c679.js/more',
      '/remotes/site/static',
      '/remotes/site/static/',
      '/remotes/site',
      '/remotes/site/',
      '/remotes/site/..%2fsite%2fdist%2fremoteEntry.js',
      '/remotes/unbuilt/remoteEntry.js',
      '/remotes/Not_A_Name/remoteEntry.js',
      '/remotes/',
    ];
    for (const url of missing) {
      for (const method of ['GET', 'HEAD']) {
        for (const encoding of ['br, gzip', 'identity']) {
          const answer = await at(url, { method, headers: { 'accept-encoding': encoding } });
          expect([method, url, encoding, answer.status]).toEqual([method, url, encoding, 404]);
          if (method === 'GET')
            expect(await answer.json()).toEqual({ error: 'Not found', code: 'http.notFound' });
        }
      }
    }
    const posted = await at('/remotes/site/remoteEntry.js', { method: 'POST' });
    expect([posted.status, posted.headers.get('allow')]).toEqual([405, 'GET, HEAD']);
    const undecodable = await at('/remotes/site/%E0%A4%A.js');
    expect(undecodable.status).toBe(400);
    expect(await undecodable.json()).toEqual({
      error: 'The request path is not valid.',
      code: 'http.invalidPath',
    });
  } finally {
    await gateway.stop();
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test('a client correlation id is echoed only when it looks like one', async () => {
  const good = await raw('/api/auth/environment-info', {
    headers: { 'x-correlation-id': 'web-1234_abcd.5' },
  });
  expect(good.headers.get('x-correlation-id')).toBe('web-1234_abcd.5');
  for (const bad of ['<script>alert(1)</script>', 'a'.repeat(300), 'with spaces in it']) {
    const result = await raw('/api/auth/environment-info', { headers: { 'x-correlation-id': bad } });
    const echoed = result.headers.get('x-correlation-id');
    expect(echoed).not.toBe(bad);
    // A fresh trace id instead (W3C: 32 lowercase hex digits).
    expect(echoed).toMatch(/^[0-9a-f]{32}$/);
  }
});

test('no HSTS outside production; the other security headers are set', async () => {
  const result = await raw('/api/auth/environment-info');
  expect(result.headers.get('strict-transport-security')).toBeNull();
  expect(result.headers.get('x-content-type-options')).toBe('nosniff');
  expect(result.headers.get('content-security-policy')).toContain("default-src 'self'");
  expect(result.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  const csp = result.headers.get('content-security-policy')!;
  expect(csp).toContain("frame-ancestors 'self'");
  expect(csp).toContain("object-src 'none'");
  expect(result.headers.get('referrer-policy')).toBe('no-referrer');
});

test('in production the gateway sends HSTS for a year, subdomains included', async () => {
  const production = await startGateway(
    testEnv({
      APP_ENV: 'production',
      HOST: '127.0.0.1',
      AUTH_URL: stack.auth.url,
      INTERNAL_HMAC_SECRET: stack.gateway.config.INTERNAL_HMAC_SECRET,
    }),
  );
  try {
    const result = await fetch(`${production.url}/api/auth/environment-info`);
    const hsts = result.headers.get('strict-transport-security') ?? '';
    expect(Number(/max-age=(\d+)/.exec(hsts)?.[1])).toBeGreaterThanOrEqual(31_536_000);
    expect(hsts).toContain('includeSubDomains');
  } finally {
    await production.stop();
  }
});

test('routes of a service that is not running answer 503, as documented', async () => {
  const client = new ApiClient(stack.gatewayUrl);
  const openApi = await client.get<{
    paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
  }>('/api/openapi.json');
  // A second gateway whose auth service address answers nothing (port 9 is never served here).
  const orphan = await startGateway(
    testEnv({
      AUTH_URL: 'http://127.0.0.1:9',
      INTERNAL_HMAC_SECRET: stack.gateway.config.INTERNAL_HMAC_SECRET,
    }),
  );
  try {
    const result = await fetch(`${orphan.url}/api/auth/environment-info`);
    expect(result.status).toBe(503);
    expect(await result.json()).toEqual({ error: expect.any(String) });
  } finally {
    await orphan.stop();
  }
  expect(Object.keys(openApi.body.paths['/api/auth/environment-info']!.get!.responses)).toContain('503');
});
