/** A kept-alive client connection outlives Node's 5 s default, a graceful stop still does not wait for it, and a port in use fails the start. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { closeServer, KEEP_ALIVE_TIMEOUT_MS, listen } from '../src/service';

function get(
  port: number,
  agent: http.Agent,
  path = '/',
): Promise<{ headers: http.IncomingHttpHeaders; reused: boolean }> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path, agent }, (response) => {
      response.resume();
      response.on('end', () => resolve({ headers: response.headers, reused: request.reusedSocket }));
    });
    request.on('error', reject);
  });
}

function slowApp(): express.Express {
  const app = express();
  app.get('/', (_req, res) => res.send('ok'));
  app.get('/slow', (_req, res) => setTimeout(() => res.send('ok'), 300));
  return app;
}

test('an idle kept-alive connection is still open after 5.5 s and is reused', async () => {
  const server = await listen(slowApp(), 0, '127.0.0.1');
  const { port } = server.address() as AddressInfo;
  // The agent honours no server hint here: it keeps the socket until the server closes it.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const first = await get(port, agent);
    expect(first.headers['keep-alive']).toBe(`timeout=${KEEP_ALIVE_TIMEOUT_MS / 1000}`);
    await new Promise((resolve) => setTimeout(resolve, 5_500));
    const second = await get(port, agent);
    expect(second.reused).toBe(true);
  } finally {
    agent.destroy();
    await closeServer(server);
  }
}, 15_000);

test('a graceful stop finishes the request in flight and does not wait for the connection to idle out', async () => {
  const server = await listen(slowApp(), 0, '127.0.0.1');
  const { port } = server.address() as AddressInfo;
  const agent = new http.Agent({ keepAlive: true });
  try {
    const inFlight = get(port, agent, '/slow');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = Date.now();
    const closed = closeServer(server);
    await expect(inFlight).resolves.toMatchObject({ reused: false });
    await closed;
    expect(Date.now() - started).toBeLessThan(5_000);
  } finally {
    agent.destroy();
  }
}, 15_000);

test('listening on a port already in use fails with the reason, not with a server that listens nowhere', async () => {
  const first = await listen(slowApp(), 0, '127.0.0.1');
  const { port } = first.address() as AddressInfo;
  try {
    await expect(listen(slowApp(), port, '127.0.0.1')).rejects.toMatchObject({ code: 'EADDRINUSE' });
  } finally {
    await closeServer(first);
  }
});
