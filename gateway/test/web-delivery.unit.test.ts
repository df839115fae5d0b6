/**
 * How the gateway delivers the web app and JSON: precompressed assets by Accept-Encoding, cache headers,
 * JSON compressed above 1 KB, event streams never compressed; robots.txt, the icons and what the page says
 * to search engines and link previews. No infrastructure: the web routes and the compression middleware
 * run on their own over HTTP.
 */
import fs from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import cookieParser from 'cookie-parser';
import express from 'express';
import { SIGNED_IN_PAGES } from '@safarsaathi/contracts';
import { precompressDirectory } from '../../scripts/precompress-web';
import { jsonCompression } from '../src/compression';
import { isHashedAsset, webRoutes } from '../src/web';
import type { GatewayConfig } from '../src/config';

const bigScript = `export const text = ${JSON.stringify('lorem ipsum dolor sit amet '.repeat(400))};\n`;
let root: string;
let url: string;
let server: Server;

function write(file: string, content: string | Buffer): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
}

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'web-delivery-'));
  const shell = path.join(root, 'web-shell', 'dist');
  write(path.join(shell, 'index.html'), '<!doctype html><title>SafarSaathi</title>');
  write(path.join(shell, 'static', 'js', 'index.0123456789.js'), bigScript);
  write(path.join(shell, 'static', 'js', 'tiny.abcdef0123.js'), 'export {};');
  write(path.join(shell, 'static', 'image', 'logo.0123456789.png'), Buffer.alloc(4096, 7));
  const site = path.join(root, 'web-remotes', 'site', 'dist');
  write(path.join(site, 'remoteEntry.js'), bigScript);
  write(path.join(site, 'mf-manifest.json'), JSON.stringify({ name: 'site', padding: 'x'.repeat(3000) }));
  precompressDirectory(shell);
  precompressDirectory(site);

  const config = {
    WEB_SHELL_DIR: shell,
    WEB_REMOTES_DIR: path.join(root, 'web-remotes'),
    remoteOverrides: {},
  } as unknown as GatewayConfig;
  const app = express();
  app.use(jsonCompression());
  app.get('/api/big', (_req, res) => {
    res.json({ items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `traveller ${i}` })) });
  });
  app.get('/api/small', (_req, res) => {
    res.json({ ok: true });
  });
  app.get('/api/events', (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    res.write(`data: ${'x'.repeat(5000)}\n\n`);
    res.end();
  });
  app.use(cookieParser());
  app.use(webRoutes(config));
  server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(root, { recursive: true, force: true });
});

const get = (p: string, acceptEncoding?: string) =>
  fetch(`${url}${p}`, {
    headers:
      acceptEncoding === undefined
        ? { 'accept-encoding': 'identity' }
        : { 'accept-encoding': acceptEncoding },
  });

describe('precompression at build time', () => {
  test('writes .br and .gz next to text assets of 1 KB and more, which decompress to the original', () => {
    const file = path.join(root, 'web-shell', 'dist', 'static', 'js', 'index.0123456789.js');
    expect(zlib.brotliDecompressSync(fs.readFileSync(`${file}.br`)).toString()).toBe(bigScript);
    expect(zlib.gunzipSync(fs.readFileSync(`${file}.gz`)).toString()).toBe(bigScript);
    expect(fs.statSync(`${file}.br`).size).toBeLessThan(fs.statSync(`${file}.gz`).size);
    expect(fs.existsSync(path.join(root, 'web-shell', 'dist', 'static', 'js', 'tiny.abcdef0123.js.br'))).toBe(
      false,
    );
    expect(
      fs.existsSync(path.join(root, 'web-shell', 'dist', 'static', 'image', 'logo.0123456789.png.br')),
    ).toBe(false);
  });

  test('removes variants whose original is gone', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'precompress-'));
    write(path.join(dir, 'old.js.br'), 'stale');
    write(path.join(dir, 'old.js.gz'), 'stale');
    precompressDirectory(dir);
    expect(fs.readdirSync(dir)).toEqual([]);
    fs.rmSync(dir, { recursive: true });
  });
});

describe('static assets', () => {
  test('brotli when accepted, else gzip, else the original; always Vary: Accept-Encoding', async () => {
    const br = await get('/static/js/index.0123456789.js', 'gzip, deflate, br');
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('content-type')).toMatch(/^(text|application)\/javascript/);
    expect(br.headers.get('vary')).toMatch(/Accept-Encoding/i);
    expect(await br.text()).toBe(bigScript);
    const gzip = await get('/static/js/index.0123456789.js', 'gzip');
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(await gzip.text()).toBe(bigScript);
    const plain = await get('/static/js/index.0123456789.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toMatch(/Accept-Encoding/i);
    expect(await plain.text()).toBe(bigScript);
  });

  test('hashed files are cached for a year as immutable; HTML, remote entries and manifests are revalidated', async () => {
    expect((await get('/static/js/index.0123456789.js', 'br')).headers.get('cache-control')).toBe(
      'public, max-age=31536000, immutable',
    );
    expect((await get('/static/image/logo.0123456789.png', 'br')).headers.get('cache-control')).toBe(
      'public, max-age=31536000, immutable',
    );
    const entry = await get('/remotes/site/remoteEntry.js', 'br');
    expect([entry.status, entry.headers.get('content-encoding'), entry.headers.get('cache-control')]).toEqual(
      [200, 'br', 'no-cache'],
    );
    const manifest = await get('/remotes/site/mf-manifest.json', 'gzip');
    expect([manifest.headers.get('content-encoding'), manifest.headers.get('cache-control')]).toEqual([
      'gzip',
      'no-cache',
    ]);
    const page = await fetch(`${url}/some/page`, { headers: { accept: 'text/html' } });
    expect([page.status, page.headers.get('cache-control')]).toEqual([200, 'no-cache']);
    expect(isHashedAsset('remoteEntry.0123456789.js')).toBe(false);
    expect(isHashedAsset('index.0123456789.js.br')).toBe(true);
  });

  test('a new build is served compressed without restarting the gateway', async () => {
    const shell = path.join(root, 'web-shell', 'dist');
    expect((await get('/static/js/index.0123456789.js', 'br')).headers.get('content-encoding')).toBe('br');
    write(path.join(shell, 'static', 'js', 'next.9876543210.js'), bigScript);
    write(path.join(shell, 'index.html'), '<!doctype html><title>SafarSaathi 2</title>'); // the build rewrites the folder
    precompressDirectory(shell);
    fs.utimesSync(shell, new Date(), new Date(Date.now() + 2000));
    const next = await get('/static/js/next.9876543210.js', 'br');
    expect([next.status, next.headers.get('content-encoding')]).toEqual([200, 'br']);
  });
});

describe('JSON compression', () => {
  test('JSON above 1 KB is compressed (brotli or gzip by Accept-Encoding); smaller answers are not', async () => {
    const br = await get('/api/big', 'br');
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toMatch(/Accept-Encoding/i);
    expect(((await br.json()) as { items: unknown[] }).items).toHaveLength(200);
    expect((await get('/api/big', 'gzip')).headers.get('content-encoding')).toBe('gzip');
    expect((await get('/api/big')).headers.get('content-encoding')).toBeNull();
    expect((await get('/api/small', 'gzip, br')).headers.get('content-encoding')).toBeNull();
  });

  test('an event stream is never compressed', async () => {
    const stream = await get('/api/events', 'gzip, br');
    expect(stream.headers.get('content-type')).toBe('text/event-stream');
    expect(stream.headers.get('content-encoding')).toBeNull();
    expect(await stream.text()).toContain('data: xxx');
  });
});

describe('what crawlers and browsers ask for besides pages', () => {
  const WEB_SHELL = path.resolve(__dirname, '..', '..', 'web-shell');

  /** The Disallow rules of a robots.txt for every user agent, and whether a path falls under one (RFC 9309, prefixes). */
  function disallows(robots: string): (p: string) => boolean {
    const rules = robots
      .split('\n')
      .filter((line) => /^disallow:/i.test(line))
      .map((line) => line.slice('disallow:'.length).trim())
      .filter(Boolean);
    return (p) => rules.some((rule) => p.startsWith(rule));
  }

  test('GET /robots.txt is text for every crawler: public pages open, signed-in pages, shared trips and the API closed', async () => {
    const answer = await get('/robots.txt');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain/);
    const robots = await answer.text();
    expect(robots).toMatch(/^User-agent: \*$/m);
    const disallowed = disallows(robots);
    for (const page of SIGNED_IN_PAGES) expect([page, disallowed(page)]).toEqual([page, true]);
    const closed = [
      '/dashboard',
      '/companion-service',
      '/messages',
      '/profile',
      '/travel-form?edit=1',
      '/travel-list',
      '/admin/user-status',
      '/admin/ops',
      '/notifications',
      '/api/auth/user-info',
      '/api/',
      '/users/profile',
      '/shared/abc',
      '/otp-verification?email=a%40b.c',
    ];
    for (const p of closed) expect([p, disallowed(p)]).toEqual([p, true]);
    const open = [
      '/',
      '/learn-more',
      '/login',
      '/terms-conditions.html',
      '/privacy-policy.html',
      '/favicon.ico',
      '/remotes/site/remoteEntry.js',
      '/static/js/index.0123456789.js',
      '/data/airports.csv',
    ];
    for (const p of open) expect([p, disallowed(p)]).toEqual([p, false]);
  });

  test('the icons are served with their image types; a missing one is a 404, never the page', async () => {
    // The shell's real icons (web-shell/public, copied to the root of its build).
    const shell = path.join(root, 'web-shell', 'dist');
    for (const icon of ['favicon.ico', 'favicon.svg', 'apple-touch-icon.png']) {
      fs.copyFileSync(path.join(WEB_SHELL, 'public', icon), path.join(shell, icon));
    }
    fs.utimesSync(shell, new Date(), new Date(Date.now() + 4000));
    const browserAccept = { accept: 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8' };
    const ico = await fetch(`${url}/favicon.ico`, { headers: browserAccept });
    expect(ico.status).toBe(200);
    expect(ico.headers.get('content-type')).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)$/);
    // An ICO file: reserved 0, type 1 (icon), at least one image.
    const bytes = Buffer.from(await ico.arrayBuffer());
    expect([bytes.readUInt16LE(0), bytes.readUInt16LE(2), bytes.readUInt16LE(4) > 0]).toEqual([0, 1, true]);
    const svg = await fetch(`${url}/favicon.svg`, { headers: browserAccept });
    expect([svg.status, svg.headers.get('content-type')]).toEqual([200, 'image/svg+xml']);
    expect(await svg.text()).toMatch(/^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    const touch = await fetch(`${url}/apple-touch-icon.png`, { headers: browserAccept });
    expect([touch.status, touch.headers.get('content-type')]).toEqual([200, 'image/png']);

    // Browsers ask for /favicon.ico and other files by name: without the file, a 404, not HTML under its name.
    for (const missing of ['/apple-touch-icon-precomposed.png', '/manifest.webmanifest', '/missing.js']) {
      const answer = await fetch(`${url}${missing}`, { headers: browserAccept });
      expect([missing, answer.status]).toEqual([missing, 404]);
    }
    const page = await fetch(`${url}/learn-more`, { headers: { accept: 'text/html' } });
    expect([page.status, page.headers.get('content-type')]).toEqual([200, 'text/html; charset=utf-8']);
  });

  test('the page template carries a description, Open Graph tags and links to icons that exist', () => {
    const template = fs.readFileSync(path.join(WEB_SHELL, 'index.html'), 'utf8');
    const meta = (attribute: 'name' | 'property', key: string) =>
      new RegExp(`<meta\\s+${attribute}="${key.replace('.', '\\.')}"\\s+content="([^"]+)"`).exec(
        template,
      )?.[1];
    expect(meta('name', 'description')?.length).toBeGreaterThanOrEqual(70);
    expect(meta('name', 'description')?.length).toBeLessThanOrEqual(160);
    expect(meta('property', 'og:title')).toMatch(/SafarSaathi/);
    expect(meta('property', 'og:description')?.length).toBeGreaterThan(50);
    expect(meta('property', 'og:type')).toBe('website');
    // The charset comes first, within the first 1024 bytes (HTML: the encoding declaration).
    const charset = template.search(/<meta\s+charset="utf-8"/i);
    expect(charset).toBeGreaterThan(0);
    expect(charset).toBeLessThan(Math.min(1024, template.search(/<meta\s+name="description"/)));
    const links = [...template.matchAll(/<link\s+rel="(?:icon|apple-touch-icon)"\s+href="\/([^"]+)"/g)].map(
      (m) => m[1]!,
    );
    expect(links).toEqual(expect.arrayContaining(['favicon.ico', 'apple-touch-icon.png']));
    for (const file of links)
      expect([file, fs.existsSync(path.join(WEB_SHELL, 'public', file))]).toEqual([file, true]);
  });
});

describe('the installable app (addendum §3)', () => {
  const WEB_SHELL = path.resolve(__dirname, '..', '..', 'web-shell');
  /** A PNG's size from its IHDR chunk (bytes 16–23), and that it is a PNG at all. */
  const pngSize = (bytes: Buffer) => ({
    png: bytes.subarray(1, 4).toString('latin1') === 'PNG',
    width: bytes.readUInt32BE(16),
    height: bytes.readUInt32BE(20),
  });

  test('GET /manifest.webmanifest: its type, revalidated, the fields an install needs, and icons of 192 and 512 px', async () => {
    const shell = path.join(root, 'web-shell', 'dist');
    fs.copyFileSync(
      path.join(WEB_SHELL, 'public', 'manifest.webmanifest'),
      path.join(shell, 'manifest.webmanifest'),
    );
    fs.utimesSync(shell, new Date(), new Date(Date.now() + 6000));
    const answer = await fetch(`${url}/manifest.webmanifest`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/manifest+json; charset=utf-8');
    expect(answer.headers.get('cache-control')).toBe('no-cache');
    const manifest = (await answer.json()) as Record<string, unknown> & {
      icons: Array<{ src: string; sizes: string; type: string; purpose?: string }>;
    };
    expect(manifest).toMatchObject({
      name: expect.stringMatching(/SafarSaathi/),
      short_name: 'SafarSaathi',
      start_url: expect.stringMatching(/^\//),
      display: 'standalone',
      theme_color: expect.stringMatching(/^#[0-9a-f]{6}$/i),
      background_color: expect.stringMatching(/^#[0-9a-f]{6}$/i),
    });
    for (const size of [192, 512]) {
      const icon = manifest.icons.find((i) => i.sizes === `${size}x${size}` && i.purpose !== 'maskable');
      expect(icon?.type).toBe('image/png');
      const file = path.join(WEB_SHELL, 'public', icon!.src);
      expect(pngSize(fs.readFileSync(file))).toEqual({ png: true, width: size, height: size });
    }
    for (const icon of manifest.icons) {
      const [width, height] = icon.sizes.split('x').map(Number);
      expect(pngSize(fs.readFileSync(path.join(WEB_SHELL, 'public', icon.src)))).toEqual({
        png: true,
        width,
        height,
      });
    }
    // The page links it, and says the same theme colour.
    const template = fs.readFileSync(path.join(WEB_SHELL, 'index.html'), 'utf8');
    expect(template).toMatch(/<link\s+rel="manifest"\s+href="\/manifest\.webmanifest"/);
    expect(/<meta\s+name="theme-color"\s+content="([^"]+)"/.exec(template)?.[1]).toBe(manifest.theme_color);
  });

  test('GET /sw.js is revalidated on every visit and may control the whole site', async () => {
    const shell = path.join(root, 'web-shell', 'dist');
    write(path.join(shell, 'sw.js'), bigScript);
    precompressDirectory(shell);
    fs.utimesSync(shell, new Date(), new Date(Date.now() + 8000));
    for (const encoding of ['br', 'identity']) {
      const answer = await fetch(`${url}/sw.js`, { headers: { 'accept-encoding': encoding } });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toMatch(/^(application|text)\/javascript/);
      expect(answer.headers.get('cache-control')).toBe('no-cache');
      expect(answer.headers.get('service-worker-allowed')).toBe('/');
    }
  });
});

describe('the landing page pre-rendered at build time', () => {
  // web-shell/scripts/prerender-landing.ts writes it (its content is tested in web-shell/test).
  const firstPaint =
    '<!doctype html><html lang="en"><body><div id="root"><h1>Never fly alone</h1></div></body></html>';

  const hindiFirstPaint =
    '<!doctype html><html lang="hi"><body><div id="root"><h1>अब अकेले उड़ान नहीं</h1></div></body></html>';

  beforeAll(() => {
    write(path.join(root, 'web-shell', 'dist', 'landing.html'), firstPaint);
    write(path.join(root, 'web-shell', 'dist', 'landing.hi.html'), hindiFirstPaint);
  });

  test("in the visitor's language: the page's last one (its cookie), else the browser's, else English", async () => {
    const landing = async (headers: Record<string, string>) => {
      const answer = await fetch(`${url}/`, { headers: { accept: 'text/html', ...headers } });
      expect(answer.headers.get('vary')).toMatch(/Accept-Language.*Cookie/i);
      return answer.text();
    };
    expect(await landing({ 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.8' })).toBe(hindiFirstPaint);
    expect(await landing({ 'accept-language': 'en-US,en;q=0.9' })).toBe(firstPaint);
    expect(await landing({ 'accept-language': 'hi', cookie: 'ss_locale=en' })).toBe(firstPaint);
    expect(await landing({ 'accept-language': 'en', cookie: 'ss_locale=hi' })).toBe(hindiFirstPaint);
    expect(await landing({ 'accept-language': 'hi', cookie: 'ss_locale=xx' })).toBe(hindiFirstPaint);
    // A language whose page is missing from the build (here Tamil) gets the English one, not an error.
    expect(await landing({ 'accept-language': 'ta-IN' })).toBe(firstPaint);
    expect(await landing({ cookie: 'ss_locale=ta' })).toBe(firstPaint);
  });

  test('compressed as the browser accepts, from the variants the build wrote (the page carries its styles)', async () => {
    const page = `<!doctype html><html lang="en"><head><style>${'.css-1a2b3c{display:flex}'.repeat(200)}</style></head><body><div id="root"><h1>Never fly alone</h1></div></body></html>`;
    const shell = path.join(root, 'web-shell', 'dist');
    write(path.join(shell, 'landing.html'), page);
    precompressDirectory(shell);
    try {
      const visit = (acceptEncoding: string) =>
        fetch(`${url}/`, { headers: { accept: 'text/html', 'accept-encoding': acceptEncoding } });
      const br = await visit('gzip, deflate, br');
      expect([br.headers.get('content-encoding'), br.headers.get('content-type')]).toEqual([
        'br',
        'text/html; charset=utf-8',
      ]);
      expect(br.headers.get('vary')).toMatch(/Accept-Encoding/i);
      expect(Number(br.headers.get('content-length'))).toBeLessThan(page.length / 4);
      expect(await br.text()).toBe(page);
      const gzip = await visit('gzip');
      expect(gzip.headers.get('content-encoding')).toBe('gzip');
      expect(await gzip.text()).toBe(page);
      const plain = await visit('identity');
      expect(plain.headers.get('content-encoding')).toBeNull();
      expect(await plain.text()).toBe(page);
    } finally {
      write(path.join(shell, 'landing.html'), firstPaint);
      for (const variant of ['landing.html.br', 'landing.html.gz']) fs.rmSync(path.join(shell, variant));
    }
  });

  test('/ answers it to a visitor; a signed-in visitor and every other page get the plain shell', async () => {
    const visitor = await fetch(`${url}/`, { headers: { accept: 'text/html' } });
    expect([visitor.status, visitor.headers.get('cache-control')]).toEqual([200, 'no-cache']);
    expect(await visitor.text()).toBe(firstPaint);
    const signedIn = await fetch(`${url}/`, { headers: { accept: 'text/html', cookie: 'ss_session=token' } });
    const shellPage = /^<!doctype html><title>SafarSaathi[^<]*<\/title>$/; // index.html as the tests above wrote it
    expect(await signedIn.text()).toMatch(shellPage);
    const other = await fetch(`${url}/learn-more`, { headers: { accept: 'text/html' } });
    expect(await other.text()).toMatch(shellPage);
  });
});

describe("the dashboard's frame pre-rendered at build time", () => {
  // web-shell/scripts/dashboard-first-paint.ts writes it (its content is tested in web-shell/test).
  const frame =
    '<!doctype html><html lang="en"><body><div id="root"><h2>Quick Actions</h2></div></body></html>';
  const hindiFrame =
    '<!doctype html><html lang="hi"><body><div id="root"><h2>त्वरित कार्य</h2></div></body></html>';

  beforeAll(() => {
    write(path.join(root, 'web-shell', 'dist', 'dashboard.html'), frame);
    write(path.join(root, 'web-shell', 'dist', 'dashboard.hi.html'), hindiFrame);
  });

  test("/dashboard answers it signed in, in the page's language; signed out, the plain shell", async () => {
    const dashboard = async (headers: Record<string, string>) => {
      const answer = await fetch(`${url}/dashboard`, { headers: { accept: 'text/html', ...headers } });
      expect(answer.status).toBe(200);
      return answer.text();
    };
    const signedIn = 'ss_session=token';
    expect(await dashboard({ cookie: signedIn })).toBe(frame);
    expect(await dashboard({ cookie: `${signedIn}; ss_locale=hi` })).toBe(hindiFrame);
    expect(await dashboard({ cookie: signedIn, 'accept-language': 'hi-IN' })).toBe(hindiFrame);
    // A language whose frame is missing from the build gets the English one.
    expect(await dashboard({ cookie: `${signedIn}; ss_locale=ta` })).toBe(frame);
    // Signed out, the dashboard's frame would stand where the sign-in is about to be: the shell.
    const shellPage = /^<!doctype html><title>SafarSaathi[^<]*<\/title>$/;
    expect(await dashboard({})).toMatch(shellPage);
    // Only the dashboard: another signed-in page is the shell.
    const other = await fetch(`${url}/companion-service`, {
      headers: { accept: 'text/html', cookie: signedIn },
    });
    expect(await other.text()).toMatch(shellPage);
  });
});
