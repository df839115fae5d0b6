/** A dependency that is gone gives a clean 503 in bounded time, never a 500 or a hang. */
import type { AddressInfo } from 'node:net';
import express from 'express';
import { MongoNetworkError } from 'mongodb';
import { createServiceApp } from '../src/http/app';
import { isDependencyUnavailable, UNAVAILABLE_MESSAGE } from '../src/http/unavailable';
import { createLogger } from '../src/logger';

const logger = createLogger('test', 'silent');

async function serve(routes: express.Router, requestDeadlineMs = 300) {
  const app = createServiceApp({
    logger,
    hmacSecret: 'x'.repeat(32),
    readiness: {},
    routes,
    trustProxy: 'loopback',
    requestDeadlineMs,
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, close: () => new Promise((resolve) => server.close(resolve)) };
}

test('errors of an unreachable MongoDB, Redis or Kafka are recognised, others are not', () => {
  expect(isDependencyUnavailable(new MongoNetworkError('connection 1 to 127.0.0.1:27017 closed'))).toBe(true);
  expect(
    isDependencyUnavailable(
      Object.assign(new Error('Server selection timed out after 10000 ms'), {
        name: 'MongooseServerSelectionError',
      }),
    ),
  ).toBe(true);
  expect(isDependencyUnavailable(new Error('Connection is closed.'))).toBe(true);
  expect(isDependencyUnavailable(new Error('Command timed out'))).toBe(true);
  expect(
    isDependencyUnavailable(Object.assign(new Error('broker gone'), { name: 'KafkaJSConnectionError' })),
  ).toBe(true);
  expect(isDependencyUnavailable(new Error('outer', { cause: new MongoNetworkError('closed') }))).toBe(true);
  // Node's own error when the driver writes on a socket the database has just closed (seen in the fault run).
  const ended = Object.assign(new Error('This socket has been ended by the other party'), { code: 'EPIPE' });
  expect(isDependencyUnavailable(ended)).toBe(true);
  expect(isDependencyUnavailable(Object.assign(new Error('no such file'), { code: 'ENOENT' }))).toBe(false);
  expect(isDependencyUnavailable(new Error('Cannot read properties of undefined'))).toBe(false);
  expect(isDependencyUnavailable(new TypeError('x is not a function'))).toBe(false);
  expect(isDependencyUnavailable(undefined)).toBe(false);
});

test('a handler failing because the database is gone answers 503 with Retry-After; a bug still answers 500', async () => {
  const routes = express.Router();
  routes.get('/gone', () => {
    throw new MongoNetworkError('connection 1 to 127.0.0.1:27017 closed');
  });
  routes.get('/bug', () => {
    throw new Error('a bug');
  });
  const { url, close } = await serve(routes);
  try {
    const gone = await fetch(`${url}/gone`);
    expect(gone.status).toBe(503);
    expect(gone.headers.get('retry-after')).toBe('5');
    expect(await gone.json()).toEqual({ error: UNAVAILABLE_MESSAGE });
    const bug = await fetch(`${url}/bug`);
    expect(bug.status).toBe(500);
  } finally {
    await close();
  }
});

test('a request that hangs is answered 503 at the deadline, and its late answer is dropped without harm', async () => {
  const routes = express.Router();
  let lateAnswer: Promise<void> | undefined;
  routes.get('/hang', (_req, res, next) => {
    lateAnswer = new Promise((resolve) =>
      setTimeout(() => {
        try {
          res.json({ late: true });
        } catch (error) {
          next(error);
        }
        resolve();
      }, 600),
    );
  });
  routes.get('/quick', (_req, res) => void res.json({ ok: true }));
  const { url, close } = await serve(routes, 300);
  try {
    const started = Date.now();
    const hang = await fetch(`${url}/hang`);
    expect(hang.status).toBe(503);
    expect(Date.now() - started).toBeLessThan(550);
    expect(await hang.json()).toEqual({ error: UNAVAILABLE_MESSAGE });
    await lateAnswer;
    // The process is fine and answers the next request normally.
    const quick = await fetch(`${url}/quick`);
    expect(await quick.json()).toEqual({ ok: true });
  } finally {
    await close();
  }
});
