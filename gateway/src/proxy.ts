/**
 * One proxy per upstream service, spread over its instances (UpstreamPool): a plain `http.request` on a
 * keep-alive agent. An answer of a known length up to 256 KB is sent on in one write; anything else (an event
 * stream, an answer without Content-Length, a long one) is piped back as it arrives, never held back.
 *
 * A request whose connection is refused (an instance just died) never reached it, so it is tried once more
 * on another instance whatever its method, provided its body can be sent again (none, or parsed here); a
 * GET whose connection was reset before any answer is tried again too (idempotent), also on the same
 * instance when the reset hit a kept-alive connection the instance had just closed. A service that does
 * not answer within the time-out, or cannot be reached, answers 503 with Retry-After in the one error shape.
 *
 * It replaced http-proxy-middleware, whose per-request option merging, URL parsing and event plumbing cost
 * the gateway more CPU than the search it fronts (bench/README.md "Gateway ratio").
 */
import http, { Agent, type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import { UNAVAILABLE_RETRY_AFTER_SECONDS, clientIp, type Logger } from '@safarsaathi/platform';
import type { UpstreamPool } from './upstreams';
import { JSON_TYPE as JSON_ANSWER } from './compression';

const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD']);
const REFUSED = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENOTFOUND']);
/** The instance went away with the request on a connection (e.g. a kept-alive one to a killed process). */
const RESET = new Set(['ECONNRESET', 'EPIPE']);
const TIMED_OUT = 'UPSTREAM_TIMEOUT';

/**
 * Headers that belong to one connection, not to the request (RFC 9110 7.6.1), and the forwarding headers
 * the gateway writes itself from what it trusts (a client's own are never passed on).
 */
const NOT_FORWARDED = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-proto',
  'x-forwarded-host',
]);
/** Answer headers of the upstream connection: the gateway's own connection to the client sets its own. */
const NOT_RETURNED = new Set(['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade']);
const JSON_TYPE = /(^|[/+])json\b/i;
/** Answers with a Content-Length up to this are collected and sent whole; longer ones, and streams, are piped. */
const WHOLE_ANSWER_LIMIT_BYTES = 256 * 1024;

type Routed = IncomingMessage & { body?: unknown };

/** The body to send again: the JSON express.json() parsed here (rate limits read the e-mail), re-written. */
function parsedBody(req: Routed): Buffer | undefined {
  if (!req.readableEnded || !req.body) return undefined;
  const type = req.headers['content-type'];
  return type && JSON_TYPE.test(type) ? Buffer.from(JSON.stringify(req.body)) : undefined;
}

/** Whether the request carries a body that is still to be read from the client (streamed through). */
function unreadBody(req: Routed): boolean {
  if (req.readableEnded) return false;
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/** Whether a failed attempt may be sent again: nothing reached the first instance, or it was an idempotent read. */
function retryable(code: string, req: Routed, resendable: boolean): boolean {
  if (REFUSED.has(code)) return resendable;
  return RESET.has(code) && IDEMPOTENT_METHODS.has(req.method ?? '');
}

/** Adds Accept-Encoding to the answer's Vary (once). */
function varyOnEncoding(res: Response): void {
  const current = res.getHeader('vary');
  if (current === undefined) res.setHeader('Vary', 'Accept-Encoding');
  else if (!/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(String(current))) res.setHeader('Vary', `${String(current)}, Accept-Encoding`);
}

interface Target {
  origin: string;
  hostname: string;
  port: number;
}

export function serviceProxy(
  service: string,
  pool: UpstreamPool,
  logger: Logger,
  onUpstreamError: () => void = () => undefined,
  /** A service answers 503 itself at its request deadline; this is only for one that does not answer at all. */
  timeoutMs = 9_500,
): RequestHandler {
  // Reused connections: without an agent every proxied call opens a new TCP connection.
  // noDelay: a body written in pieces must not wait for the peer's delayed ACK (Nagle) on each hop.
  const agent = new Agent({ keepAlive: true, maxSockets: 256, maxFreeSockets: 64, noDelay: true });
  const targets = new Map<string, Target>();
  const targetOf = (url: string): Target => {
    let target = targets.get(url);
    if (!target) {
      const parsed = new URL(url);
      target = { origin: parsed.origin, hostname: parsed.hostname, port: Number(parsed.port || 80) };
      targets.set(url, target);
    }
    return target;
  };
  const unavailableBody = JSON.stringify({ error: `The ${service} service is temporarily unavailable. Please try again.` });

  const forward = (req: Request, res: Response, avoid: string | undefined, retried: boolean): void => {
    const target = targetOf(pool.pick(avoid));
    const body = parsedBody(req);
    const streamed = body === undefined && unreadBody(req);
    const headers: OutgoingHttpHeaders = {};
    for (const name in req.headers) if (!NOT_FORWARDED.has(name)) headers[name] = req.headers[name];
    headers['x-forwarded-for'] = clientIp(req);
    headers['x-forwarded-proto'] = req.protocol;
    if (req.headers.host) headers['x-forwarded-host'] = req.headers.host;
    if (body) headers['content-length'] = body.length;
    else if (streamed && req.headers['transfer-encoding'] !== undefined) headers['transfer-encoding'] = req.headers['transfer-encoding'];

    const upstream = http.request({ agent, hostname: target.hostname, port: target.port, method: req.method, path: req.originalUrl, headers });
    let answered = false;
    let abandoned = false;
    // The client went away: the upstream request is of no use any more.
    const onClientGone = () => {
      if (res.writableFinished) return;
      abandoned = true;
      upstream.destroy();
    };
    res.once('close', onClientGone);
    // No bytes from the instance for this long (as http-proxy's proxyTimeout: the connection stays idle).
    upstream.setTimeout(timeoutMs, () => upstream.destroy(Object.assign(new Error(`no answer from ${service} within ${timeoutMs} ms`), { code: TIMED_OUT })));

    upstream.on('response', (answer) => {
      answered = true;
      for (const name in answer.headers) if (!NOT_RETURNED.has(name)) res.setHeader(name, answer.headers[name]!);
      // JSON may be compressed for another client (gateway/src/compression.ts): caches must tell them apart.
      if (JSON_ANSWER.test(String(answer.headers['content-type']).toLowerCase())) varyOnEncoding(res);
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage);
      answer.on('error', () => res.destroy());
      answer.on('aborted', () => res.destroy());
      const length = Number(answer.headers['content-length']);
      if (length <= WHOLE_ANSWER_LIMIT_BYTES && !String(answer.headers['content-type']).startsWith('text/event-stream')) {
        // An answer of a known, small length (the usual JSON) is sent in one write, headers included,
        // instead of one write per chunk that arrives: each write is a system call.
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => res.end(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)));
      } else {
        answer.pipe(res);
      }
    });

    upstream.on('error', (error: NodeJS.ErrnoException) => {
      res.removeListener('close', onClientGone);
      if (abandoned) return;
      if (answered || res.headersSent) {
        // The answer broke off half-way: the client must not take a cut body for a whole one.
        res.destroy();
        return;
      }
      const code = error.code ?? '';
      if (REFUSED.has(code)) pool.markDown(target.origin);
      const resendable = !streamed;
      // A kept-alive connection the instance closed just as it was reused: the same instance is fine.
      const staleConnection = upstream.reusedSocket && code === 'ECONNRESET';
      if (!retried && (pool.size > 1 || staleConnection) && retryable(code, req, resendable)) {
        logger.info({ service, failed: target.origin, code, method: req.method }, 'upstream instance failed the request; retrying it on another instance');
        forward(req, res, pool.size > 1 ? target.origin : undefined, true);
        return;
      }
      logger.warn({ err: error, service }, 'upstream unavailable');
      onUpstreamError();
      res.writeHead(503, { 'content-type': 'application/json', 'retry-after': String(UNAVAILABLE_RETRY_AFTER_SECONDS) });
      res.end(unavailableBody);
    });

    if (body) upstream.end(body);
    else if (streamed) req.pipe(upstream);
    else upstream.end();
  };

  return (req, res) => forward(req, res, undefined, false);
}
