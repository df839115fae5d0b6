/**
 * Where a page's main-thread JavaScript time goes: cold loads of a page in Debian's Chromium at a phone's
 * size, with V8's sampling profiler on (DevTools protocol), summarised as self time per script file and per
 * function (top N). A measurement for finding work to cut, not a test. Needs a product already running:
 *
 *   npx tsx bench/page-profile.ts --url http://localhost:8080/ [--loads 3] [--cpu 4] [--top 25] [--wait 8000]
 *
 * --signed-in: a new user is registered first and the page is loaded with their session (e.g. /dashboard;
 * use localhost, not 127.0.0.1: the session cookie is Secure, which browsers accept on http://localhost only).
 * --cpu: Chromium's CPU throttling (Lighthouse's mobile figure is 4); --wait: how long each load is recorded.
 * Self times are summed over the loads; --save FILE writes the last profile (open it in DevTools).
 */
import fs from 'node:fs';
import { chromium } from '@playwright/test';
import { createSignedInUser } from '../platform/src/testing';
import { numberArg, stringArg } from './product';

const URL_ARG = stringArg('url') ?? 'http://localhost:8080/';
const LOADS = numberArg('loads', 3);
const CPU = numberArg('cpu', 4);
const TOP = numberArg('top', 25);
const WAIT_MS = numberArg('wait', 8000);
const SAVE = stringArg('save');
const SIGNED_IN = process.argv.includes('--signed-in');

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  hitCount?: number;
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const shortUrl = (url: string) => url.replace(/^https?:\/\/[^/]+/, '') || '(native)';

function selfTimes(profile: Profile): { byFile: Map<string, number>; byFunction: Map<string, number> } {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const byFile = new Map<string, number>();
  const byFunction = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    const ms = (profile.timeDeltas[index + 1] ?? 0) / 1000;
    const frame = nodes.get(id)?.callFrame;
    if (!frame || frame.functionName === '(idle)') return;
    const file = shortUrl(frame.url) === '(native)' ? frame.functionName : shortUrl(frame.url);
    byFile.set(file, (byFile.get(file) ?? 0) + ms);
    const where = `${frame.functionName || '(anonymous)'} ${shortUrl(frame.url)}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`;
    byFunction.set(where, (byFunction.get(where) ?? 0) + ms);
  });
  return { byFile, byFunction };
}

function add(into: Map<string, number>, from: Map<string, number>): void {
  for (const [key, ms] of from) into.set(key, (into.get(key) ?? 0) + ms);
}

function print(title: string, totals: Map<string, number>): void {
  const all = [...totals.values()].reduce((a, b) => a + b, 0);
  process.stdout.write(`\n${title} (ms per load, ${LOADS} loads)\n`);
  for (const [key, ms] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, TOP))
    process.stdout.write(
      `${(ms / LOADS).toFixed(0).padStart(7)}  ${((ms / all) * 100).toFixed(1).padStart(5)}%  ${key}\n`,
    );
}

async function main(): Promise<void> {
  const origin = new URL(URL_ARG).origin;
  const session = SIGNED_IN
    ? (await createSignedInUser(origin, { fullname: 'Profiled Traveller' })).client.cookie('ss_session')
    : undefined;
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const byFile = new Map<string, number>();
  const byFunction = new Map<string, number>();
  for (let load = 0; load < LOADS; load++) {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      serviceWorkers: 'block',
    });
    if (session) await context.addCookies([{ name: 'ss_session', value: session, url: origin }]);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    await page.goto(URL_ARG);
    await page.waitForTimeout(WAIT_MS);
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
    if (SAVE) fs.writeFileSync(SAVE, JSON.stringify(profile));
    const times = selfTimes(profile);
    add(byFile, times.byFile);
    add(byFunction, times.byFunction);
    await context.close();
  }
  await browser.close();
  print(`self time by script, CPU x${CPU}`, byFile);
  print('self time by function', byFunction);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
