/** A closed-loop HTTP load generator: N connections, each sending its next request when the previous answers. */
import http from 'node:http';

export interface LoadRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  /** The session cookie (`ss_session=...`); none for a call made straight to a service. */
  cookie?: string;
  /** Further headers, e.g. a signed identity for a call made straight to a service. */
  headers?: Record<string, string>;
  body?: unknown;
}

export interface TimedResponse {
  /** The HTTP status, or 0 when the request failed on the network. */
  status: number;
  ms: number;
  /** The response text, when asked for. */
  text?: string;
}

/** Sends one request on `agent` and times it from the first byte sent to the last byte of the answer. */
export function sendRequest(
  agent: http.Agent,
  request: LoadRequest,
  readBody = false,
): Promise<TimedResponse> {
  return new Promise((resolve) => {
    const started = process.hrtime.bigint();
    const elapsed = () => Number(process.hrtime.bigint() - started) / 1e6;
    const payload = request.body === undefined ? undefined : JSON.stringify(request.body);
    const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
    if (request.cookie) headers.cookie = request.cookie;
    if (payload !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(Buffer.byteLength(payload));
    }
    const req = http.request(request.url, { method: request.method, agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      if (readBody) res.on('data', (chunk: Buffer) => chunks.push(chunk));
      else res.resume();
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          ms: elapsed(),
          ...(readBody ? { text: Buffer.concat(chunks).toString('utf8') } : {}),
        }),
      );
      res.on('error', () => resolve({ status: 0, ms: elapsed() }));
    });
    req.on('error', () => resolve({ status: 0, ms: elapsed() }));
    req.end(payload);
  });
}

export interface LoadResult {
  /** Milliseconds of the successful (2xx) requests, sorted. */
  latencies: number[];
  errors: number;
  /** Status codes of the failures, to tell a 429 from a 500 ('network' when there was no answer). */
  errorStatuses: Record<string, number>;
  elapsed: number;
}

/** `next(connection, iteration)` names each connection's next request. */
export async function load(
  connections: number,
  seconds: number,
  next: (connection: number, iteration: number) => LoadRequest,
): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  const errorStatuses: Record<string, number> = {};
  let errors = 0;
  const deadline = Date.now() + seconds * 1000;
  const startedAt = Date.now();
  await Promise.all(
    Array.from({ length: connections }, async (_, connection) => {
      for (let iteration = 0; Date.now() < deadline; iteration += 1) {
        const { status, ms } = await sendRequest(agent, next(connection, iteration));
        if (status >= 200 && status < 300) latencies.push(ms);
        else {
          errors += 1;
          const key = status === 0 ? 'network' : String(status);
          errorStatuses[key] = (errorStatuses[key] ?? 0) + 1;
        }
      }
    }),
  );
  agent.destroy();
  return {
    latencies: latencies.sort((a, b) => a - b),
    errors,
    errorStatuses,
    elapsed: (Date.now() - startedAt) / 1000,
  };
}

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}
