/**
 * The client IP through the Kubernetes chain, with the TRUST_PROXY values the manifests give each pod:
 * client -> ingress -> gateway (req.ip, trusting the ingress hop) -> gateway's proxy (replaces
 * X-Forwarded-For with that address) -> service (platform's app and clientIp, trusting the gateway hop).
 *
 * Each hop connects from an address of its own on the loopback range (the client from 127.0.0.7, the
 * ingress from 127.0.0.2), so what every hop sees is real socket addresses. The ingress is a small proxy
 * that writes X-Forwarded-For as ingress-nginx does: replaced by the address it saw (its default), or that
 * address appended to what the client sent (compute-full-forwarded-for). A service behind the gateway must
 * see the client's address, whatever X-Forwarded-For the client forged.
 */
import fs from 'node:fs';
import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import express from 'express';
import { Kafka, logLevel } from 'kafkajs';
import { parseAllDocuments } from 'yaml';
import { clientIp, createLogger, createServiceApp, ensureTopics } from '@safarsaathi/platform';
import { loadAuthConfig } from '../../services/auth/src/config';
import { containerEnv, type Doc } from '../../scripts/k8s-checks';
import { startGateway, type RunningGateway } from '../src/app';
import { testEnv } from '../../test/stack';

const CLIENT_ADDRESS = '127.0.0.7';
const INGRESS_ADDRESS = '127.0.0.2';
const BASE = path.resolve(__dirname, '..', '..', 'deploy', 'kubernetes', 'base');

/** The TRUST_PROXY a deployable's pod gets from the manifests (its env, or the ConfigMap), if any. */
function manifestTrustProxy(name: string): Record<string, string> {
  const docs = [path.join(BASE, 'config.yaml'), path.join(BASE, 'deployables', `${name}.yaml`)].flatMap(
    (file) => parseAllDocuments(fs.readFileSync(file, 'utf8')).map((d) => d.toJSON() as Doc),
  );
  const value = containerEnv(
    docs,
    docs.find((d) => d.kind === 'Deployment')!,
  ).TRUST_PROXY;
  // Unset in the manifests: the process's own default, as in the pod.
  return value === undefined ? {} : { TRUST_PROXY: value };
}

function listening(server: Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    ),
  );
}

const servers: Server[] = [];
let gateway: RunningGateway;
let plainGateway: RunningGateway;

/** A service as every service is built (platform's app, its real config loader), answering what it sees. */
async function startService(): Promise<string> {
  const config = loadAuthConfig(testEnv(manifestTrustProxy('auth')));
  const routes = express.Router();
  routes.get('/api/auth/environment-info', (req, res) => {
    res.json({ clientIp: clientIp(req), forwardedFor: req.headers['x-forwarded-for'] ?? null });
  });
  const app = createServiceApp({
    logger: createLogger('auth', 'silent'),
    hmacSecret: config.INTERNAL_HMAC_SECRET,
    readiness: {},
    routes,
    trustProxy: config.TRUST_PROXY,
    requestDeadlineMs: config.REQUEST_DEADLINE_MS,
  });
  const server = http.createServer(app);
  servers.push(server);
  return listening(server);
}

/** The ingress: forwards to `target` from INGRESS_ADDRESS, writing X-Forwarded-For as ingress-nginx does. */
async function startIngress(target: string, mode: 'replace' | 'append'): Promise<string> {
  const upstream = new URL(target);
  const server = http.createServer((req, res) => {
    const seen = req.socket.remoteAddress!;
    const sent = req.headers['x-forwarded-for'];
    const forwardedFor = mode === 'append' && sent ? `${String(sent)}, ${seen}` : seen;
    const proxied = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        localAddress: INGRESS_ADDRESS,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, 'x-forwarded-for': forwardedFor, 'x-real-ip': seen },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    proxied.on('error', () => res.destroy());
    req.pipe(proxied);
  });
  servers.push(server);
  return listening(server);
}

/** GET from CLIENT_ADDRESS, with the headers a client chooses. */
function get(
  base: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: { clientIp: string; forwardedFor: string | null } }> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      new URL('/api/auth/environment-info', base),
      { localAddress: CLIENT_ADDRESS, headers },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: JSON.parse(text) as { clientIp: string; forwardedFor: string | null },
          }),
        );
      },
    );
    request.on('error', reject);
  });
}

let ingress: { replace: string; append: string };
let plainIngress: string;

beforeAll(async () => {
  // The gateway follows blocked users on Kafka; the real services would have made this run's topics.
  const env = testEnv();
  const admin = new Kafka({
    clientId: 'trust-chain-test',
    brokers: env.KAFKA_BROKERS!.split(','),
    logLevel: logLevel.NOTHING,
  }).admin();
  await admin.connect();
  await ensureTopics(admin, env.KAFKA_TOPIC_PREFIX).finally(() => admin.disconnect());
  const serviceUrl = await startService();
  [gateway, plainGateway] = await Promise.all([
    startGateway(
      testEnv({
        AUTH_URL: serviceUrl,
        HOST: '127.0.0.1',
        RATE_LIMIT_IP_PER_MINUTE: '1000',
        ...manifestTrustProxy('gateway'),
      }),
    ),
    // The gateway as it ran before issue 20 in Kubernetes: no TRUST_PROXY.
    startGateway(
      testEnv({
        AUTH_URL: serviceUrl,
        HOST: '127.0.0.1',
        RATE_LIMIT_IP_PER_MINUTE: '1000',
        TRUST_PROXY: 'false',
      }),
    ),
  ]);
  ingress = {
    replace: await startIngress(gateway.url, 'replace'),
    append: await startIngress(gateway.url, 'append'),
  };
  plainIngress = await startIngress(plainGateway.url, 'replace');
});

afterAll(async () => {
  await Promise.all([gateway?.stop(), plainGateway?.stop()]);
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});

test('the manifests give the gateway and the services TRUST_PROXY', () => {
  expect(manifestTrustProxy('gateway')).toEqual({ TRUST_PROXY: expect.any(String) });
  expect(manifestTrustProxy('auth')).toEqual({ TRUST_PROXY: expect.any(String) });
});

test.each(['replace', 'append'] as const)(
  'behind an ingress that %ss X-Forwarded-For, the service sees the client address, and only it',
  async (mode) => {
    const result = await get(ingress[mode]);
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ clientIp: CLIENT_ADDRESS, forwardedFor: CLIENT_ADDRESS });
  },
);

test.each(['replace', 'append'] as const)(
  'a client-forged X-Forwarded-For changes nothing (ingress that %ss)',
  async (mode) => {
    for (const forged of [
      '198.51.100.9',
      '198.51.100.9, 10.0.0.1',
      `${CLIENT_ADDRESS}, 203.0.113.5`,
      'unknown, ::1',
    ]) {
      const result = await get(ingress[mode], { 'x-forwarded-for': forged, 'x-real-ip': '198.51.100.9' });
      expect([forged, result.body]).toEqual([
        forged,
        { clientIp: CLIENT_ADDRESS, forwardedFor: CLIENT_ADDRESS },
      ]);
    }
  },
);

test('without TRUST_PROXY on the gateway every client would be the ingress (what the manifests must avoid)', async () => {
  const result = await get(plainIngress, { 'x-forwarded-for': '198.51.100.9' });
  expect(result.body).toEqual({ clientIp: INGRESS_ADDRESS, forwardedFor: INGRESS_ADDRESS });
});
