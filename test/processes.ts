/**
 * Processes of the product started by a test so that they can be SIGKILLed and started again (the
 * scale-out and fault-injection tests), and a recorder of the user requests made meanwhile.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { addDays, todayIso } from '@safarsaathi/contracts';
import type { ApiClient } from '@safarsaathi/platform/src/testing';
import { waitFor } from '@safarsaathi/platform/src/testing';
import type { Launch } from '../infra/scripts/launch';

export const ROOT = path.resolve(__dirname, '..');

/** Whether nothing listens on `port` of 127.0.0.1 now. */
function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * Ports below Linux's ephemeral range (32768-60999), where the system picks the local port of every outgoing
 * connection: a port found free by binding port 0 comes from that range, and before the service bound it, one of the
 * dozens of connections the starting services open (Kafka, MongoDB, Redis) took it once in CI (EADDRINUSE).
 */
const PORT_RANGE = { from: 20_000, to: 32_000 };
const handedOut = new Set<number>();

/** A port no process listens on, below the ephemeral range, never handed out twice by this test process. */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = PORT_RANGE.from + Math.floor(Math.random() * (PORT_RANGE.to - PORT_RANGE.from));
    if (handedOut.has(port) || !(await canListen(port))) continue;
    handedOut.add(port);
    return port;
  }
  throw new Error(`no free port between ${PORT_RANGE.from} and ${PORT_RANGE.to}`);
}

/** A child process that is started, killed and started again with the same command and log file. */
export class KillableProcess {
  private child: ChildProcess | undefined;

  constructor(
    readonly name: string,
    private readonly launch: () => Launch & { env?: NodeJS.ProcessEnv },
    private readonly logFile: string,
  ) {}

  start(): void {
    fs.mkdirSync(path.dirname(this.logFile), { recursive: true });
    const log = fs.openSync(this.logFile, 'a');
    const { command, args, cwd, env } = this.launch();
    this.child = spawn(command, args, { cwd, env: env ?? process.env, stdio: ['ignore', log, log] });
    fs.closeSync(log);
  }

  get running(): boolean {
    return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** SIGKILL: no clean-up of any kind, as in a crash or an OOM kill. */
  kill(): Promise<void> {
    return this.signal('SIGKILL');
  }

  /** A clean stop at the end (SIGTERM), forced after 15 s. */
  async stop(): Promise<void> {
    const force = setTimeout(() => this.child?.kill('SIGKILL'), 15_000);
    await this.signal('SIGTERM');
    clearTimeout(force);
  }

  private signal(signal: NodeJS.Signals): Promise<void> {
    const child = this.child;
    if (!child || !this.running) return Promise.resolve();
    return new Promise((resolve) => {
      child.once('exit', () => resolve());
      child.kill(signal);
    });
  }
}

/** One instance of a service on a fixed port, run from its TypeScript entry like `npm start` does. */
export class ServiceInstance extends KillableProcess {
  constructor(
    readonly service: string,
    entry: string,
    readonly port: number,
    env: () => NodeJS.ProcessEnv,
    logFile: string,
  ) {
    super(
      service,
      () => ({ command: process.execPath, args: ['--import', 'tsx', entry], cwd: ROOT, env: env() }),
      logFile,
    );
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async ready(timeoutMs = 120_000): Promise<void> {
    await waitFor(
      async () => {
        const response = await fetch(`${this.url}/readyz`, { signal: AbortSignal.timeout(2_000) }).catch(
          () => undefined,
        );
        return response?.ok ? true : undefined;
      },
      timeoutMs,
      250,
    );
  }
}

export interface Call {
  call: string;
  /** The HTTP status, or why there was none ('hung' past the limit, or the fetch error). */
  status: number | string;
  ms: number;
  at: number;
  /** The error text of an answer that was neither a success nor a 503, to tell what refused it. */
  error?: string;
}

/** User requests made through signed-in clients, each recorded with its outcome and duration. */
export class Traffic {
  readonly calls: Call[] = [];

  constructor(private readonly limitMs = 10_000) {}

  get failures(): Call[] {
    return this.calls.filter((c) => typeof c.status !== 'number' || c.status < 200 || c.status > 299);
  }

  /** The answer when it was a success, else undefined (the outcome is recorded either way). */
  async call<T>(
    client: ApiClient,
    method: 'get' | 'post' | 'put' | 'delete',
    route: string,
    body?: unknown,
  ): Promise<{ status: number; body: T } | undefined> {
    const started = Date.now();
    const call = `${method.toUpperCase()} ${route}`;
    let timer: NodeJS.Timeout | undefined;
    try {
      const request =
        method === 'get' || method === 'delete'
          ? client[method]<T>(route)
          : client[method]<T>(route, body as Record<string, unknown>);
      const answer = await Promise.race([
        request,
        new Promise<never>(
          (_resolve, reject) => (timer = setTimeout(() => reject(new Error('hung')), this.limitMs)),
        ),
      ]);
      const record: Call = { call, status: answer.status, ms: Date.now() - started, at: started };
      if (answer.status >= 300 && answer.status !== 503)
        record.error = String((answer.body as { error?: unknown } | undefined)?.error ?? '');
      this.calls.push(record);
      return answer.status >= 200 && answer.status <= 299 ? answer : undefined;
    } catch (error) {
      this.calls.push({ call, status: (error as Error).message, ms: Date.now() - started, at: started });
      return undefined;
    } finally {
      clearTimeout(timer);
    }
  }
}

const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** A made-up airport code: a route of its own for each pair, so pairs never match across. */
export const freshAirport = () =>
  Array.from({ length: 3 }, () => letters[Math.floor(Math.random() * 26)]).join('');

/** A booked companion request (need or provide) on `route`, 25 days ahead. */
export function companionRequest(role: 'need' | 'provide', route: { from: string; to: string }) {
  return {
    serviceType: role,
    fromAirport: route.from,
    toAirport: route.to,
    airline: 'Air India',
    flightNumber: 'AI 101',
    travelDate: addDays(todayIso(), 25),
    confirmedTicket: true,
    passengerName: role === 'need' ? 'Kamala Devi' : 'Arjun Mehta',
    passengerAge: role === 'need' ? 74 : 31,
    passengerGender: role === 'need' ? 'female' : 'male',
    languagesKnown: 'Hindi, English',
    freeService: true,
    connectingFlights: [],
  };
}
