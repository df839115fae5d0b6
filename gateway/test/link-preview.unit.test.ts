/**
 * A family link's preview (issue 22 item 1, addendum §3): `/shared/<token>` is the shell's page with its
 * <title>, description and Open Graph tags naming the route and date, taken from the companion service's
 * public view (a stand-in server here, so it can answer what the real one never would: markup in a field,
 * a stall, a failure); escaped; the generic tags for an unknown token or any failure; nothing else of the
 * page changed. The real companion service's answer is checked in services/companion/test/family-live.
 */
import fs from 'node:fs';
import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import cookieParser from 'cookie-parser';
import express from 'express';
import type { SharedTrip } from '@safarsaathi/contracts';
import { createLogger } from '@safarsaathi/platform';
import type { GatewayConfig } from '../src/config';
import { sharedTripPreviewReader } from '../src/shared-links';
import { UpstreamPool } from '../src/upstreams';
import { webRoutes } from '../src/web';

const token = (c: string) => c.repeat(43);
const TOKENS = {
  booked: token('a'),
  tentative: token('b'),
  markup: token('c'),
  unknown: token('d'),
  stalls: token('e'),
  fails: token('f'),
  odd: token('g'),
};

const view = (overrides: Partial<SharedTrip> = {}): SharedTrip => ({
  kind: 'request',
  lookingFor: 'need',
  travellerFirstName: 'Kamakshi',
  lookingAgain: false,
  from: 'DEL',
  to: 'JFK',
  date: '2026-11-26',
  tentative: null,
  flights: [{ from: 'DEL', to: 'JFK', date: '2026-11-26', airline: 'Air India', flightNumber: 'AI 101' }],
  layovers: [],
  status: 'Match Found',
  match: { firstName: 'Ravindra', languages: ['Tamil'], badge: 'Complete Match' },
  meeting: { place: 'Gate 7, by the Zamzam café', time: '2026-11-26T08:00:00.000Z' },
  milestones: [],
  origin_timezone: 'Asia/Kolkata',
  destination_timezone: 'America/New_York',
  expiresAt: '2026-11-28T00:00:00.000Z',
  ...overrides,
});

// As rsbuild writes it from web-shell/index.html (the template's head, then the title and script).
const template = fs
  .readFileSync(path.resolve(__dirname, '..', '..', 'web-shell', 'index.html'), 'utf8')
  .replace(
    '</head>',
    '<title>SafarSaathi: find a travel companion for your flight</title><script defer src="/static/js/index.aa72c80e33.js"></script></head>',
  );

let root: string;
let url: string;
let server: Server;
let companion: Server;
const asked: string[] = [];

beforeAll(async () => {
  companion = http.createServer((req, res) => {
    const requested = decodeURIComponent(req.url!.replace('/api/shared/', ''));
    asked.push(requested);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (requested === TOKENS.booked) return json(200, view());
    if (requested === TOKENS.tentative)
      return json(200, view({ date: null, tentative: { from: '2026-12-01', to: '2027-01-05' } }));
    if (requested === TOKENS.markup)
      return json(200, view({ from: `<script>alert("x")</script>`, to: `J&K' onload="x` }));
    if (requested === TOKENS.stalls) return; // never answers: the preview's time-out
    if (requested === TOKENS.fails) return json(500, { error: 'Internal server error' });
    if (requested === TOKENS.odd) return json(200, { from: 'DEL' }); // not a shared view
    return json(404, { error: 'This link does not exist.' });
  });
  await new Promise<void>((resolve) => companion.listen(0, '127.0.0.1', resolve));
  const logger = createLogger('link-preview-test', 'silent');
  const pool = new UpstreamPool(
    'companion',
    [`http://127.0.0.1:${(companion.address() as AddressInfo).port}`],
    logger,
  );

  root = fs.mkdtempSync(path.join(os.tmpdir(), 'link-preview-'));
  fs.writeFileSync(path.join(root, 'index.html'), template);
  const config = {
    WEB_SHELL_DIR: root,
    WEB_REMOTES_DIR: path.join(root, 'no-remotes'),
    remoteOverrides: {},
  } as unknown as GatewayConfig;
  const app = express();
  app.use(cookieParser());
  app.use(webRoutes(config, async () => false, sharedTripPreviewReader(pool, logger, 300)));
  server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  companion.closeAllConnections();
  await Promise.all([
    new Promise((resolve) => server.close(resolve)),
    new Promise((resolve) => companion.close(resolve)),
  ]);
  fs.rmSync(root, { recursive: true, force: true });
});

const page = async (p: string, acceptLanguage = 'en-US,en;q=0.9') => {
  const answer = await fetch(`${url}${p}`, {
    headers: { accept: 'text/html', 'accept-language': acceptLanguage },
  });
  expect(answer.status).toBe(200);
  return { answer, html: await answer.text() };
};

/** The head's title and meta values, by name or property. */
function head(html: string) {
  const meta = (key: string) =>
    new RegExp(`<meta\\s+(?:name|property)="${key.replace(/[.:]/g, '\\$&')}"\\s+content="([^"]*)"`).exec(
      html,
    )?.[1];
  return {
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
    description: meta('description'),
    ogTitle: meta('og:title'),
    ogDescription: meta('og:description'),
    twitterTitle: meta('twitter:title'),
    lang: /<html lang="([^"]*)"/.exec(html)?.[1],
  };
}

/** The page without its title and meta tags: what must stay the shell's own. */
const body = (html: string) => html.replace(/<title>[^<]*<\/title>|<meta\b[^>]*>/g, '');

const generic = head(template);

test('a shared trip names its route and date in the title and the preview tags, and nothing else changes', async () => {
  const { answer, html } = await page(`/shared/${TOKENS.booked}`);
  expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8');
  expect(answer.headers.get('cache-control')).toBe('no-store');
  expect(answer.headers.get('x-robots-tag')).toBe('noindex, nofollow');
  const tags = head(html);
  expect(tags).toEqual({
    title: 'DEL → JFK, 26 Nov 2026 · SafarSaathi',
    description: expect.stringMatching(/trip shared with you/),
    ogTitle: 'DEL → JFK, 26 Nov 2026',
    ogDescription: tags.description,
    twitterTitle: 'DEL → JFK, 26 Nov 2026',
    lang: 'en',
  });
  // Never a person (the traveller's or the companion's first name), the meeting place, the flight or the status.
  for (const secret of ['Kamakshi', 'Ravindra', 'Zamzam', 'Gate 7', 'AI 101', 'Tamil', 'Match Found'])
    expect([secret, html.includes(secret)]).toEqual([secret, false]);
  // Still the shell's page: the same markup, script and links once the tags are set aside.
  expect(body(html)).toBe(body(template));
  // The site's name and card type are kept.
  expect(html).toMatch(/<meta property="og:site_name" content="SafarSaathi"/);
  expect(html).toMatch(/<meta name="twitter:card" content="summary"/);
});

test('a trip not booked yet names its range of dates; a Hindi reader gets the Hindi preview', async () => {
  expect(head((await page(`/shared/${TOKENS.tentative}`)).html).ogTitle).toBe(
    'DEL → JFK, 1 Dec 2026 – 5 Jan 2027',
  );
  const { html } = await page(`/shared/${TOKENS.booked}`, 'hi-IN,hi;q=0.9,en;q=0.5');
  const tags = head(html);
  expect(tags.lang).toBe('hi');
  expect(tags.ogTitle).toMatch(/^DEL → JFK, 26 .+ 2026$/);
  expect(tags.ogTitle).not.toBe('DEL → JFK, 26 Nov 2026');
  expect(tags.description).toMatch(/यात्रा/);
  expect(html).toMatch(/<meta property="og:locale" content="hi_IN"/);
});

test("the view's values are escaped: markup in a field stays text", async () => {
  const { html } = await page(`/shared/${TOKENS.markup}`);
  expect(html).not.toContain('<script>alert');
  expect(html).not.toContain(`' onload="x`);
  expect(head(html).ogTitle).toBe(
    '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; → J&amp;K&#39; onload=&quot;x, 26 Nov 2026',
  );
  expect(body(html)).toBe(body(template));
});

test('an unknown token, a stalled or failing service, an unexpected answer: the generic tags, at once', async () => {
  for (const which of ['unknown', 'stalls', 'fails', 'odd'] as const) {
    const started = Date.now();
    const { answer, html } = await page(`/shared/${TOKENS[which]}`);
    expect([which, html]).toEqual([which, template]);
    expect(head(html)).toEqual(generic);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    // The 300 ms time-out of this test's reader (1.5 s in the gateway), not the service's silence.
    expect(Date.now() - started).toBeLessThan(2_000);
  }
});

test('a malformed token and every other page: the shell as it is, without asking the companion service', async () => {
  asked.length = 0;
  for (const p of [`/shared/${'a'.repeat(42)}`, `/shared/${TOKENS.booked}/more`, '/learn-more', '/shared/']) {
    const { answer, html } = await page(p);
    expect([p, html]).toEqual([p, template]);
    expect(answer.headers.get('cache-control')).toBe('no-cache');
  }
  expect(asked).toEqual([]);
});

test('robots.txt lets the link-preview fetchers that obey it read a shared trip, and no search engine', async () => {
  const robots = await (await fetch(`${url}/robots.txt`)).text();
  // RFC 9309: a crawler follows the group that names it, else the `*` group; rules are path prefixes.
  const groups: Array<{ agents: string[]; disallow: string[] }> = [];
  for (const line of robots.split('\n')) {
    const [field, value = ''] = line.split(/:\s*/, 2) as [string, string?];
    if (/^user-agent$/i.test(field)) {
      const last = groups.at(-1);
      if (last && last.disallow.length === 0) last.agents.push(value.toLowerCase());
      else groups.push({ agents: [value.toLowerCase()], disallow: [] });
    } else if (/^disallow$/i.test(field) && value) groups.at(-1)!.disallow.push(value);
  }
  const allowed = (agent: string, p: string) => {
    const group =
      groups.find((g) => g.agents.includes(agent.toLowerCase())) ??
      groups.find((g) => g.agents.includes('*'))!;
    return !group.disallow.some((rule) => p.startsWith(rule));
  };
  const shared = `/shared/${TOKENS.booked}`;
  for (const agent of ['Twitterbot', 'facebookexternalhit', 'LinkedInBot']) {
    expect([agent, allowed(agent, shared)]).toEqual([agent, true]);
    for (const closed of ['/dashboard', '/api/shared/x', '/otp-verification', '/admin/ops'])
      expect([agent, closed, allowed(agent, closed)]).toEqual([agent, closed, false]);
  }
  for (const agent of ['Googlebot', 'Bingbot', 'GPTBot'])
    expect([agent, allowed(agent, shared)]).toEqual([agent, false]);
});
