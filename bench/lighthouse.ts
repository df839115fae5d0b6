/**
 * `npm run bench:lighthouse`: Lighthouse (default mobile settings: simulated throttling of a mid-range phone on
 * slow 4G, mobile form factor and screen) on `/` and on `/dashboard` signed in, in Debian's Chromium. Prints the
 * four category scores and the metrics (FCP, LCP, TBT, CLS, Speed Index) of every run and their medians.
 * A measurement, not a test. It starts the product on the shared ports, so run it under the e2e lock:
 *
 *   flock /tmp/safarsaathi-e2e.lock npm run bench:lighthouse
 *
 * The product is measured as it is deployed: `npm run build:prod` (production web build without the
 * development sign-in aid, compiled servers), then `start:prod` (production mode). Options: --runs N (3 per
 * page), --no-build (measure the last build), --url URL (measure a product already running there instead of
 * starting one; no lock needed), --json FILE (the figures as JSON too), --reports DIR (every run's whole Lighthouse
 * report, for its waterfall and long tasks). CHROME_PATH picks the browser
 * (/usr/bin/chromium by default).
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import { loadavg } from 'node:os';
import { createSignedInUser } from '../platform/src/testing';
import { GATEWAY, ROOT, numberArg, startProduct, stopProduct, stringArg, waitForProduct } from './product';

const RUNS = numberArg('runs', 3);
const TARGET_URL = stringArg('url');
const JSON_FILE = stringArg('json');
const REPORTS_DIR = stringArg('reports');
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const METRICS = {
  FCP: 'first-contentful-paint',
  LCP: 'largest-contentful-paint',
  TBT: 'total-blocking-time',
  CLS: 'cumulative-layout-shift',
  SI: 'speed-index',
} as const;

export interface Run {
  scores: Record<(typeof CATEGORIES)[number], number>;
  metrics: Record<keyof typeof METRICS, number>;
  lcpElement?: string;
  /** The weighted audits that failed, per category below 100 (performance left out: its metrics say it). */
  shortfalls: string[];
  scriptKiB: number;
}

type LighthouseResult = {
  lhr: {
    categories: Record<string, { score: number | null; auditRefs?: Array<{ id: string; weight: number }> }>;
    audits: Record<string, { numericValue?: number; details?: unknown; score?: number | null }>;
    runtimeError?: { message: string };
    finalDisplayedUrl: string;
  };
};

/**
 * Puts the session cookie into the browser's cookie jar over the DevTools protocol. Lighthouse's `extraHeaders`
 * (a Cookie header) reaches the navigation but not the page's own `fetch` calls in Chromium, so the shell's
 * session check answered 401 and the page went to /login. Lighthouse keeps cookies (it clears storage,
 * caches and service workers only), so a jar cookie is what a signed-in phone has.
 */
async function setCookie(port: number, url: string, cookie: string): Promise<void> {
  const { webSocketDebuggerUrl } = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as {
    webSocketDebuggerUrl: string;
  };
  const socket = new WebSocket(webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  try {
    const [name, value] = cookie.split('=', 2) as [string, string];
    const answer = await new Promise<{ error?: { message: string } }>((resolve) => {
      socket.onmessage = (event) => resolve(JSON.parse(String(event.data)));
      socket.send(
        JSON.stringify({
          id: 1,
          method: 'Storage.setCookies',
          params: {
            cookies: [
              {
                name,
                value,
                url: new URL(url).origin,
                path: '/',
                httpOnly: true,
                secure: true,
                sameSite: 'Lax',
              },
            ],
          },
        }),
      );
    });
    if (answer.error) throw new Error(`Storage.setCookies: ${answer.error.message}`);
  } finally {
    socket.close();
  }
}

/** The first DOM node a Lighthouse audit names (the LCP element in the LCP breakdown). */
function nodeSnippet(details: unknown): string | undefined {
  if (!details || typeof details !== 'object') return undefined;
  const node = details as { type?: string; snippet?: string };
  if (node.type === 'node' && node.snippet) return node.snippet;
  for (const value of Object.values(details)) {
    const found = nodeSnippet(value);
    if (found) return found;
  }
  return undefined;
}

async function audit(url: string, cookie?: string): Promise<Run> {
  // Both are ES modules only; this file runs as CommonJS under tsx.
  const { default: lighthouse } = (await import('lighthouse')) as unknown as {
    default: (url: string, flags: object) => Promise<LighthouseResult | undefined>;
  };
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  });
  try {
    if (cookie) await setCookie(chrome.port, url, cookie);
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
    if (REPORTS_DIR) {
      fs.mkdirSync(REPORTS_DIR, { recursive: true });
      const page = new URL(url).pathname.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'landing';
      fs.writeFileSync(`${REPORTS_DIR}/${page}-${Date.now()}.json`, JSON.stringify(lhr));
    }
    if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname)
      throw new Error(`${url} ended on ${lhr.finalDisplayedUrl} (not signed in?)`);
    const scripts = (
      lhr.audits['network-requests']?.details as
        { items?: Array<{ resourceType?: string; transferSize?: number }> } | undefined
    )?.items?.filter((item) => item.resourceType === 'Script');
    return {
      scores: Object.fromEntries(
        CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
      ) as Run['scores'],
      metrics: Object.fromEntries(
        Object.entries(METRICS).map(([name, id]) => [name, lhr.audits[id]?.numericValue ?? NaN]),
      ) as Run['metrics'],
      lcpElement: nodeSnippet(lhr.audits['lcp-breakdown-insight']?.details),
      shortfalls: CATEGORIES.filter((c) => c !== 'performance').flatMap((c) =>
        (lhr.categories[c]?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
          .map((ref) => `${c}: ${ref.id}`),
      ),
      scriptKiB: (scripts ?? []).reduce((sum, item) => sum + (item.transferSize ?? 0), 0) / 1024,
    };
  } finally {
    await chrome.kill();
  }
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

const formatMetric = (name: string, value: number): string =>
  name === 'CLS' ? value.toFixed(3) : `${(value / 1000).toFixed(2)} s`;

function line(label: string, run: Run): string {
  const scores = CATEGORIES.map((c) => `${c} ${run.scores[c]}`).join(', ');
  const metrics = Object.keys(METRICS)
    .map((name) => {
      const value = run.metrics[name as keyof typeof METRICS];
      return `${name} ${name === 'TBT' ? `${Math.round(value)} ms` : formatMetric(name, value)}`;
    })
    .join(', ');
  return `${label}: ${scores} | ${metrics} | scripts ${run.scriptKiB.toFixed(1)} KiB`;
}

function medianRun(runs: Run[]): Run {
  return {
    scores: Object.fromEntries(
      CATEGORIES.map((c) => [c, median(runs.map((r) => r.scores[c]))]),
    ) as Run['scores'],
    metrics: Object.fromEntries(
      Object.keys(METRICS).map((m) => [m, median(runs.map((r) => r.metrics[m as keyof typeof METRICS]))]),
    ) as Run['metrics'],
    shortfalls: [],
    scriptKiB: median(runs.map((r) => r.scriptKiB)),
  };
}

/**
 * A load again when Lighthouse itself asks for it ("Please run Lighthouse again": a trace it failed to record,
 * e.g. NO_NAVSTART, seen here now and then in headless Chromium), at most twice; any other error stops the bench.
 */
async function auditAgainOnTraceError(url: string, cookie?: string): Promise<Run> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await audit(url, cookie);
    } catch (error) {
      if (attempt > 2 || !String(error).includes('run Lighthouse again')) throw error;
      console.log(`${String(error)}: loading again`);
    }
  }
}

/** Lighthouse's runs on `/` and on `/dashboard` signed in (a fresh user), `runs` of each after one unmeasured load. */
export async function lighthouseRuns(base: string, runs = RUNS): Promise<Record<string, Run[]>> {
  // A fresh user, signed in through the API as the browser would be (code from the mail catcher).
  const { client } = await createSignedInUser(base, { fullname: 'Lighthouse Traveller' });
  const cookie = `ss_session=${client.cookie('ss_session')}`;
  const pages: Array<[string, string | undefined]> = [
    ['/', undefined],
    ['/dashboard', cookie],
  ];
  const results: Record<string, Run[]> = {};
  // One unmeasured load per page first: the servers' first requests (route compilation, caches) are not a
  // phone's concern.
  for (const [path, pageCookie] of pages) await auditAgainOnTraceError(`${base}${path}`, pageCookie);
  for (const [path, pageCookie] of pages) {
    results[path] = [];
    for (let i = 1; i <= runs; i += 1) {
      const run = await auditAgainOnTraceError(`${base}${path}`, pageCookie);
      results[path].push(run);
      console.log(line(`${path} run ${i}`, run));
      if (run.lcpElement) console.log(`  LCP element: ${run.lcpElement}`);
      if (run.shortfalls.length) console.log(`  failed: ${run.shortfalls.join(', ')}`);
    }
  }
  return results;
}

async function main(): Promise<void> {
  let product: ReturnType<typeof startProduct> | undefined;
  let base = TARGET_URL;
  if (!base) {
    // Never measure someone else's product: the shared ports must be free before this one starts.
    const taken = await fetch(`${GATEWAY}/healthz`).then(
      () => true,
      () => false,
    );
    if (taken) throw new Error('something already answers on :8080; hold /tmp/safarsaathi-e2e.lock');
    if (!process.argv.includes('--no-build')) {
      console.log('building (npm run build:prod)...');
      execSync('npm run build:prod --silent', {
        cwd: ROOT,
        stdio: ['ignore', 'ignore', 'inherit'],
        env: { ...process.env, WEB_DEV_AIDS: '0' },
      });
    }
    product = startProduct({}, { production: true });
    const stop = () => void stopProduct(product!).finally(() => process.exit(130));
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    const readyMs = await waitForProduct();
    console.log(`product ready (production mode) after ${(readyMs / 1000).toFixed(1)} s`);
    // localhost, not 127.0.0.1: the session cookie is Secure, which browsers accept on http://localhost only.
    base = GATEWAY.replace('127.0.0.1', 'localhost');
  }
  try {
    const results = await lighthouseRuns(base);
    const load = loadavg()
      .map((l) => l.toFixed(1))
      .join(' ');
    console.log(`\nmedians of ${RUNS} runs (Lighthouse mobile, simulated throttling; load average ${load}):`);
    for (const [path, runs] of Object.entries(results)) console.log(line(path, medianRun(runs)));
    if (JSON_FILE) fs.writeFileSync(JSON_FILE, JSON.stringify({ date: new Date(), results }, null, 2));
  } finally {
    if (product) await stopProduct(product);
  }
}

if (require.main === module)
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
