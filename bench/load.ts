/** A closed-loop HTTP load generator: N connections, each sending its next request when the previous answers. */
import http from 'node:http';

export interface LoadRequest {
  method: 'GET' | 'POST' | 'PUT';
  url: string;
  cookie: string;
  body?: unknown;
}

export interface LoadResult {
  /** Milliseconds of the successful (2xx) requests, sorted. */
  latencies: number[];
  errors: number;
  /** Status codes of the failures (first few), to tell a 429 from a 500. */
  errorStatuses: Record<string, number>;
  elapsed: number;
}

/** `next(connection, iteration)` names each connection's next request. */
export async function load(connections: number, seconds: number, next: (connection: number, iteration: number) => LoadRequest): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  const errorStatuses: Record<string, number> = {};
  let errors = 0;
  const fail = (status: string) => {
    errors += 1;
    errorStatuses[status] = (errorStatuses[status] ?? 0) + 1;
  };
  const once = (request: LoadRequest) =>
    new Promise<void>((resolve) => {
      const started = process.hrtime.bigint();
      const payload = request.body === undefined ? undefined : JSON.stringify(request.body);
      const headers: Record<string, string> = { cookie: request.cookie, accept: 'application/json' };
      if (payload !== undefined) {
        headers['content-type'] = 'application/json';
        headers['content-length'] = String(Buffer.byteLength(payload));
      }
      const req = http.request(request.url, { method: request.method, agent, headers }, (res) => {
        res.resume();
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          if (status >= 200 && status < 300) latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
          else fail(String(status));
          resolve();
        });
      });
      req.on('error', () => {
        fail('network');
        resolve();
      });
      req.end(payload);
    });
  const deadline = Date.now() + seconds * 1000;
  const startedAt = Date.now();
  await Promise.all(
    Array.from({ length: connections }, async (_, connection) => {
      for (let iteration = 0; Date.now() < deadline; iteration += 1) await once(next(connection, iteration));
    }),
  );
  agent.destroy();
  return { latencies: latencies.sort((a, b) => a - b), errors, errorStatuses, elapsed: (Date.now() - startedAt) / 1000 };
}

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}
