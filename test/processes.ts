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

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
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
      this.calls.push({ call, status: answer.status, ms: Date.now() - started, at: started });
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
