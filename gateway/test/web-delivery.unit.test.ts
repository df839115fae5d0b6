/**
 * How the gateway delivers the web app and JSON: precompressed assets by Accept-Encoding, cache headers,
 * JSON compressed above 1 KB, event streams never compressed. No infrastructure: the web routes and the
 * compression middleware run on their own over HTTP.
 */
import fs from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import express from 'express';
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
  fetch(`${url}${p}`, { headers: acceptEncoding === undefined ? { 'accept-encoding': 'identity' } : { 'accept-encoding': acceptEncoding } });

describe('precompression at build time', () => {
  test('writes .br and .gz next to text assets of 1 KB and more, which decompress to the original', () => {
    const file = path.join(root, 'web-shell', 'dist', 'static', 'js', 'index.0123456789.js');
    expect(zlib.brotliDecompressSync(fs.readFileSync(`${file}.br`)).toString()).toBe(bigScript);
    expect(zlib.gunzipSync(fs.readFileSync(`${file}.gz`)).toString()).toBe(bigScript);
    expect(fs.statSync(`${file}.br`).size).toBeLessThan(fs.statSync(`${file}.gz`).size);
    expect(fs.existsSync(path.join(root, 'web-shell', 'dist', 'static', 'js', 'tiny.abcdef0123.js.br'))).toBe(false);
    expect(fs.existsSync(path.join(root, 'web-shell', 'dist', 'static', 'image', 'logo.0123456789.png.br'))).toBe(false);
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
    expect((await get('/static/js/index.0123456789.js', 'br')).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await get('/static/image/logo.0123456789.png', 'br')).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const entry = await get('/remotes/site/remoteEntry.js', 'br');
    expect([entry.status, entry.headers.get('content-encoding'), entry.headers.get('cache-control')]).toEqual([200, 'br', 'no-cache']);
    const manifest = await get('/remotes/site/mf-manifest.json', 'gzip');
    expect([manifest.headers.get('content-encoding'), manifest.headers.get('cache-control')]).toEqual(['gzip', 'no-cache']);
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
