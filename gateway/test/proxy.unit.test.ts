/**
 * The gateway's proxy hop (gateway/src/proxy.ts) over HTTP, in front of small upstream servers of the test's
 * own: what is passed on each way, the identity, retries on refused and reset connections, the time-out,
 * streamed answers and clients that go away. No infrastructure.
 */
import http, { type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import express from 'express';
import cookieParser from 'cookie-parser';
import { IDENTITY_HEADER, IDENTITY_SIGNATURE_HEADER } from '@safarsaathi/contracts';
import { createLogger, signIdentity, verifyIdentity } from '@safarsaathi/platform';
import { serviceProxy } from '../src/proxy';
import { identitySigner, requireAccess, stripClientIdentity } from '../src/session';
import { UpstreamPool } from '../src/upstreams';
import { jsonCompression } from '../src/compression';

const SECRET = 'proxy-test-secret-of-at-least-32-characters';
const logger = createLogger('gateway-proxy-test', 'silent');

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

interface Upstream {
  url: string;
  seen: Seen[];
  /** Requests whose connection closed before the upstream answered. */
  closedEarly: number;
  server: Server;
}

type Behaviour = (req: http.IncomingMessage, res: http.ServerResponse, body: string) => void;

const servers: Server[] = [];

async function listening(server: Server): Promise<string> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** An upstream that records every request (once its body is read) and answers as `behaviour` says. */
async function upstream(
  behaviour: Behaviour = (_req, res) =>
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'),
): Promise<Upstream> {
  const state = { seen: [] as Seen[], closedEarly: 0 };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      state.seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      res.on('close', () => {
        if (!res.writableFinished) state.closedEarly += 1;
      });
      behaviour(req, res, body);
    });
  });
  const url = await listening(server);
  return {
    url,
    server,
    get seen() {
      return state.seen;
    },
    get closedEarly() {
      return state.closedEarly;
    },
  };
}

/** An address where nothing listens: connections are refused. */
async function refusingAddress(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

/**
 * A gateway of the test: the same chain of middleware the gateway puts in front of a proxied route
 * (compression, cookies, identity stripped, a session, access, JSON parsed, the proxy), with a session for
 * the cookie `ss_session=asha`.
 */
async function gatewayFor(
  urls: string[],
  options: { timeoutMs?: number; access?: 'public' | 'session' } = {},
) {
  const pool = new UpstreamPool('search', urls, logger);
  const failures = { count: 0 };
  const app = express();
  app.use(jsonCompression());
  app.use(cookieParser());
  app.use(stripClientIdentity());
  app.use((req, _res, next) => {
    if (req.cookies?.ss_session === 'asha') {
      req.session = {
        sessionId: 's-1',
        userId: 'user-asha',
        email: 'asha@example.test',
        role: 'user',
        createdAt: new Date().toISOString(),
      };
    }
    next();
  });
  const proxy = serviceProxy('search', pool, logger, () => (failures.count += 1), options.timeoutMs ?? 5_000);
  app.all('/api/{*rest}', requireAccess(options.access ?? 'public', SECRET), express.json(), proxy);
  app.use(((err, _req, res, _next) => {
    res.status((err as { status?: number }).status ?? 500).json({ error: (err as Error).message });
  }) as express.ErrorRequestHandler);
  const url = await listening(http.createServer(app));
  return { url, pool, failures };
}

afterAll(async () => {
  await Promise.all(
    servers.map(
      (server) =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    ),
  );
});

describe('what is passed on', () => {
  test("method, path and query, headers and the answer pass through; the forwarding headers are the gateway's own", async () => {
    const service = await upstream((_req, res) => {
      res.setHeader('set-cookie', ['a=1; HttpOnly', 'b=2; HttpOnly']);
      res
        .writeHead(201, {
          'content-type': 'application/json',
          'x-from-service': 'yes',
          'keep-alive': 'timeout=77, max=3',
        })
        .end('{"made":1}');
    });
    const gateway = await gatewayFor([service.url]);
    const answer = await fetch(`${gateway.url}/api/search/unified?service=companion&from=DEL`, {
      headers: {
        accept: 'application/json',
        'x-custom': 'kept',
        'x-forwarded-for': '203.0.113.9',
        'x-forwarded-host': 'evil.example',
        forwarded: 'for=203.0.113.9',
      },
    });
    expect(answer.status).toBe(201);
    expect(await answer.json()).toEqual({ made: 1 });
    expect(answer.headers.get('x-from-service')).toBe('yes');
    expect(answer.headers.getSetCookie()).toEqual(['a=1; HttpOnly', 'b=2; HttpOnly']);
    // The upstream connection's own keep-alive settings are not the client's.
    expect(answer.headers.get('keep-alive')).not.toBe('timeout=77, max=3');

    const [seen] = service.seen;
    expect(seen!.method).toBe('GET');
    expect(seen!.url).toBe('/api/search/unified?service=companion&from=DEL');
    expect(seen!.headers['x-custom']).toBe('kept');
    expect(seen!.headers.accept).toBe('application/json');
    expect(seen!.headers.host).toBe(new URL(gateway.url).host);
    // Written from what the gateway trusts (no TRUST_PROXY here): the client's claims are dropped.
    expect(seen!.headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(seen!.headers['x-forwarded-host']).toBe(new URL(gateway.url).host);
    expect(seen!.headers['x-forwarded-proto']).toBe('http');
    expect(seen!.headers.forwarded).toBeUndefined();
  });

  test('a JSON body parsed by the gateway is sent on whole, also when the client sent it in chunks', async () => {
    const service = await upstream();
    const gateway = await gatewayFor([service.url]);
    const payload = { emailAddress: 'asha@example.test', note: 'नमस्ते'.repeat(50) };
    const chunked = await new Promise<number>((resolve, reject) => {
      const req = http.request(
        `${gateway.url}/api/auth/register`,
        { method: 'POST', headers: { 'content-type': 'application/json' } },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      const text = JSON.stringify(payload);
      req.write(text.slice(0, 10));
      req.end(text.slice(10));
    });
    expect(chunked).toBe(200);
    const [seen] = service.seen;
    expect(JSON.parse(seen!.body)).toEqual(payload);
    expect(seen!.headers['transfer-encoding']).toBeUndefined();
    expect(Number(seen!.headers['content-length'])).toBe(Buffer.byteLength(seen!.body));
  });

  test('JSON answers above 1 KB are compressed for clients that accept it, and passed as they are otherwise', async () => {
    const big = JSON.stringify({
      results: Array.from({ length: 100 }, (_, i) => ({ id: i, route: 'DEL-JFK' })),
    });
    const service = await upstream((_req, res) =>
      res
        .writeHead(200, {
          'content-type': 'application/json; charset=utf-8',
          'content-length': Buffer.byteLength(big),
        })
        .end(big),
    );
    const gateway = await gatewayFor([service.url]);
    const compressed = await new Promise<{ encoding?: string; body: Buffer }>((resolve, reject) => {
      http
        .get(`${gateway.url}/api/search/unified`, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }),
          );
        })
        .on('error', reject);
    });
    expect(compressed.encoding).toBe('gzip');
    expect(zlib.gunzipSync(compressed.body).toString('utf8')).toBe(big);
    const plain = await fetch(`${gateway.url}/api/search/unified`, {
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toBe('Accept-Encoding');
    expect(await plain.text()).toBe(big);
    // No Accept-Encoding at all (fetch always sends one): as it is, and still marked as varying by encoding.
    const bare = await new Promise<{ headers: IncomingHttpHeaders; body: string }>((resolve, reject) => {
      http
        .get(`${gateway.url}/api/search/unified`, (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve({ headers: res.headers, body }));
        })
        .on('error', reject);
    });
    expect(bare.headers['content-encoding']).toBeUndefined();
    expect(bare.headers.vary).toBe('Accept-Encoding');
    expect(bare.headers['content-length']).toBe(String(Buffer.byteLength(big)));
    expect(bare.body).toBe(big);
  });

  test('CSV answers (the airport list) are compressed too, and marked as varying by encoding', async () => {
    const csv = Array.from({ length: 300 }, (_, i) => `A${i},Airport ${i},City ${i},IN`).join('\n');
    const service = await upstream((_req, res) =>
      res.writeHead(200, { 'content-type': 'text/csv; charset=utf-8' }).end(csv),
    );
    const gateway = await gatewayFor([service.url]);
    const compressed = await new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>(
      (resolve, reject) => {
        http
          .get(`${gateway.url}/api/data/airports.csv`, { headers: { 'accept-encoding': 'br' } }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
          })
          .on('error', reject);
      },
    );
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.vary).toBe('Accept-Encoding');
    expect(compressed.body.length).toBeLessThan(Buffer.byteLength(csv) / 3);
    expect(zlib.brotliDecompressSync(compressed.body).toString('utf8')).toBe(csv);
  });

  test('a streamed answer reaches the client as it is written, not when it ends', async () => {
    let finish: () => void = () => undefined;
    const service = await upstream((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('data: first\n\n');
      finish = () => res.end('data: last\n\n');
    });
    const gateway = await gatewayFor([service.url]);
    const answer = await fetch(`${gateway.url}/api/stream`, { headers: { 'accept-encoding': 'gzip' } });
    const reader = answer.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe('data: first\n\n');
    expect(answer.headers.get('content-encoding')).toBeNull();
    finish();
    const rest = await reader.read();
    expect(new TextDecoder().decode(rest.value)).toBe('data: last\n\n');
  });

  test('a client that goes away ends the upstream request', async () => {
    const service = await upstream(() => undefined); // never answers
    const gateway = await gatewayFor([service.url]);
    const controller = new AbortController();
    const pending = fetch(`${gateway.url}/api/slow`, { signal: controller.signal }).catch(
      (error: unknown) => error,
    );
    await waitFor(() => service.seen.length === 1);
    controller.abort();
    await pending;
    await waitFor(() => service.closedEarly === 1);
    expect(gateway.failures.count).toBe(0);
  });
});

describe('the identity', () => {
  test("an identity a client sends is removed; a session's identity is signed by the gateway", async () => {
    const service = await upstream();
    const gateway = await gatewayFor([service.url]);
    const forged = signIdentity(
      { userId: 'someone-else', email: 'x@example.test', role: 'admin', sessionId: 'x' },
      SECRET,
    );
    // Signed-out, with a (validly signed) identity of its own: nothing reaches the service.
    await fetch(`${gateway.url}/api/companions/requests`, { headers: forged });
    expect(service.seen[0]!.headers[IDENTITY_HEADER]).toBeUndefined();
    expect(service.seen[0]!.headers[IDENTITY_SIGNATURE_HEADER]).toBeUndefined();
    // Signed-in: the session's identity replaces the forged one.
    await fetch(`${gateway.url}/api/companions/requests`, {
      headers: { ...forged, cookie: 'ss_session=asha' },
    });
    const headers = service.seen[1]!.headers;
    const identity = verifyIdentity(
      headers[IDENTITY_HEADER] as string,
      headers[IDENTITY_SIGNATURE_HEADER] as string,
      SECRET,
    );
    expect(identity).toMatchObject({
      userId: 'user-asha',
      email: 'asha@example.test',
      role: 'user',
      sessionId: 's-1',
    });
  });

  test('an answer to a signed-in browser is never stored, whatever the service says; a signed-out one keeps its Cache-Control', async () => {
    const service = await upstream((_req, res) =>
      res
        .writeHead(200, { 'content-type': 'application/json', 'cache-control': 'public, max-age=600' })
        .end('{"ok":true}'),
    );
    const gateway = await gatewayFor([service.url]);
    const signedIn = await fetch(`${gateway.url}/api/search/public`, {
      headers: { cookie: 'ss_session=asha' },
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get('cache-control')).toBe('no-store');
    const signedOut = await fetch(`${gateway.url}/api/search/public`);
    expect(signedOut.headers.get('cache-control')).toBe('public, max-age=600');
  });

  test('a protected route without a session is refused before the service is called', async () => {
    const service = await upstream();
    const gateway = await gatewayFor([service.url], { access: 'session' });
    expect((await fetch(`${gateway.url}/api/companions/requests`)).status).toBe(401);
    expect(service.seen).toHaveLength(0);
  });
});

test("a session's signature is reused for 10 s at most, and never for another identity", () => {
  let now = 1_000_000;
  const sign = identitySigner(SECRET, () => now);
  const session = {
    sessionId: 's-1',
    userId: 'user-asha',
    email: 'asha@example.test',
    role: 'user' as const,
    createdAt: '',
  };
  const first = sign(session);
  now += 9_000;
  expect(sign(session)).toBe(first);
  expect(sign({ ...session, role: 'admin' })).not.toBe(first);
  now += 10_001;
  const later = sign({ ...session, role: 'admin' });
  expect(verifyIdentity(later[IDENTITY_HEADER], later[IDENTITY_SIGNATURE_HEADER], SECRET, now)).toMatchObject(
    { role: 'admin', iat: now },
  );
  expect(sign({ ...session, sessionId: 's-2' })).not.toBe(later);
});

describe('instances that fail', () => {
  // The pool hands out its instances in turn starting with the second: the failing one is listed second.
  test('a refused GET and a refused JSON POST are each sent once more, to the other instance', async () => {
    const live = await upstream();
    const gateway = await gatewayFor([live.url, await refusingAddress()]);
    const get = await fetch(`${gateway.url}/api/search/unified`);
    expect(get.status).toBe(200);
    const post = await fetch(`${gateway.url}/api/companions/requests`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ from: 'DEL' }),
    });
    expect(post.status).toBe(200);
    expect(live.seen.map((seen) => [seen.method, seen.body])).toEqual([
      ['GET', ''],
      ['POST', '{"from":"DEL"}'],
    ]);
    expect(gateway.failures.count).toBe(0);
  });

  test('every instance refusing: one retry, then 503 with Retry-After in the one error shape', async () => {
    const gateway = await gatewayFor([await refusingAddress(), await refusingAddress()]);
    const answer = await fetch(`${gateway.url}/api/search/unified`);
    expect(answer.status).toBe(503);
    expect(answer.headers.get('retry-after')).toBe('5');
    expect(await answer.json()).toEqual({
      error: 'The search service is temporarily unavailable. Please try again.',
    });
    expect(gateway.failures.count).toBe(1);
  });

  test('a connection reset before the answer: a GET is sent once more, a POST is not (it may have been done)', async () => {
    const live = await upstream();
    const resetting = await upstream((req) => req.socket.destroy());
    const gatewayForGet = await gatewayFor([live.url, resetting.url]);
    expect((await fetch(`${gatewayForGet.url}/api/search/unified`)).status).toBe(200);
    expect([resetting.seen.length, live.seen.length]).toEqual([1, 1]);

    const gatewayForPost = await gatewayFor([live.url, resetting.url]);
    const post = await fetch(`${gatewayForPost.url}/api/companions/requests`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"from":"DEL"}',
    });
    expect(post.status).toBe(503);
    expect(post.headers.get('retry-after')).toBe('5');
    expect([resetting.seen.length, live.seen.length]).toEqual([2, 1]);
    expect(gatewayForPost.failures.count).toBe(1);
  });

  test('an instance that does not answer within the time-out: 503 with Retry-After, not sent again', async () => {
    const live = await upstream();
    const silent = await upstream(() => undefined);
    const gateway = await gatewayFor([live.url, silent.url], { timeoutMs: 300 });
    const started = Date.now();
    const answer = await fetch(`${gateway.url}/api/search/unified`);
    const waited = Date.now() - started;
    expect(answer.status).toBe(503);
    expect(answer.headers.get('retry-after')).toBe('5');
    expect(await answer.json()).toEqual({
      error: 'The search service is temporarily unavailable. Please try again.',
    });
    expect(waited).toBeGreaterThanOrEqual(290);
    expect(waited).toBeLessThan(3_000);
    expect(live.seen).toHaveLength(0);
    expect(silent.closedEarly).toBe(1);
  });
});

async function waitFor(check: () => boolean, timeoutMs = 5_000): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
