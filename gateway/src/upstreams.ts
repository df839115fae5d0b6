/**
 * The instances of one upstream service: requests are spread over them in turn, an instance that fails
 * its readiness check (`/readyz`, every few seconds) or refuses a connection gets none until it passes
 * again. With every instance out, all are tried (a refused connection answers 503 as before).
 */
import type { Logger } from '@safarsaathi/platform';

export interface UpstreamPoolOptions {
  checkIntervalMs?: number;
  checkTimeoutMs?: number;
}

export class UpstreamPool {
  private readonly ready: boolean[];
  private turn = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    readonly service: string,
    readonly urls: readonly string[],
    private readonly logger: Logger,
    private readonly options: UpstreamPoolOptions = {},
  ) {
    this.ready = urls.map(() => true);
  }

  get size(): number {
    return this.urls.length;
  }

  /** The next ready instance in turn, other than `avoid` (an origin) when there is another. */
  pick(avoid?: string): string {
    const candidates = this.urls.filter((url, i) => this.ready[i] && originOf(url) !== avoid);
    const pool = candidates.length > 0 ? candidates : this.urls.filter((url) => originOf(url) !== avoid);
    const from = pool.length > 0 ? pool : this.urls;
    this.turn = (this.turn + 1) % Number.MAX_SAFE_INTEGER;
    return from[this.turn % from.length]!;
  }

  /** A refused connection: no requests until its next readiness check passes. */
  markDown(origin: string): void {
    const i = this.urls.findIndex((url) => originOf(url) === origin);
    const url = this.urls[i];
    if (i >= 0 && this.ready[i]) {
      this.ready[i] = false;
      this.logger.warn({ service: this.service, url }, 'upstream instance taken out until it is ready again');
    }
  }

  /** Readiness checks only matter with more than one instance (one instance gets every request anyway). */
  start(): void {
    if (this.urls.length < 2 || this.timer) return;
    const check = async () => {
      await Promise.all(this.urls.map((url, i) => this.check(url, i)));
    };
    this.timer = setInterval(() => void check(), this.options.checkIntervalMs ?? 2_000);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  private async check(url: string, i: number): Promise<void> {
    const ok = await fetch(`${url}/readyz`, {
      signal: AbortSignal.timeout(this.options.checkTimeoutMs ?? 1_500),
    }).then(
      (response) => response.ok,
      () => false,
    );
    if (ok !== this.ready[i])
      this.logger.info({ service: this.service, url, ready: ok }, 'upstream instance readiness changed');
    this.ready[i] = ok;
  }
}

const originOf = (url: string) => new URL(url).origin;
