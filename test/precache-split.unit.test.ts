/**
 * scripts/build-sw.ts: what a first visit's service worker precaches, and what it keeps only when used (other
 * languages, the ops console, the remotes' copies of shared libraries).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { languageOf, sharedOnlyChunks, splitPrecache } from '../scripts/build-sw';

describe('the service worker precache, split', () => {
  it("finds a language's own files by their names", () => {
    expect(languageOf('/remotes/site/static/js/async/lang-hi.10ed2a4489.js')).toBe('hi');
    expect(languageOf('/remotes/site/static/js/async/lang-ta-privacy.5e54f94f06.js')).toBe('ta');
    expect(languageOf('/landing.bn.html')).toBe('bn');
    expect(languageOf('/dashboard.ml.html')).toBe('ml');
    expect(languageOf('/landing.html')).toBeUndefined();
    expect(languageOf('/static/js/async/2j.1f3be7efd2.js')).toBeUndefined();
  });

  it("precaches the shell and the public remotes in English; other languages, signed-in remotes' chunks, ops chunks and shared copies wait", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'precache-'));
    const page = path.join(dir, 'landing.hi.html');
    fs.writeFileSync(page, '<html lang="hi"></html>');
    const file = path.join(dir, 'none');
    const { precache, onDemand } = splitPrecache(
      [
        { url: '/index.html', revision: 'a1', file },
        { url: '/landing.html', revision: 'a2', file },
        { url: '/landing.hi.html', revision: 'md5', file: page },
        { url: '/static/js/index.0123456789.js', revision: null, file },
        { url: '/remotes/site/static/js/async/lang-hi.10ed2a4489.js', revision: null, file },
        { url: '/remotes/site/static/js/async/3.492588ce8d.js', revision: null, file },
        { url: '/remotes/site/static/js/async/0.c7ecdbe9da.js', revision: null, file },
        { url: '/remotes/ops/mf-manifest.json', revision: 'b1', file },
        { url: '/remotes/ops/static/js/async/7.8ef51d4a66.js', revision: null, file },
        { url: '/remotes/companion/mf-manifest.json', revision: 'c1', file },
        {
          url: '/remotes/companion/static/js/async/__federation_expose_X.0123abcd99.js',
          revision: null,
          file,
        },
      ],
      new Set(['/remotes/site/static/js/async/0.c7ecdbe9da.js']),
    );
    expect(precache.map((entry) => entry.url)).toEqual([
      '/index.html',
      '/landing.html',
      '/static/js/index.0123456789.js',
      '/remotes/site/static/js/async/3.492588ce8d.js',
      '/remotes/ops/mf-manifest.json',
      '/remotes/companion/mf-manifest.json',
    ]);
    // A signed-in traveller's remotes: kept at install when signed in, else at first use.
    expect(onDemand.signedIn).toEqual([
      '/remotes/companion/static/js/async/__federation_expose_X.0123abcd99.js',
    ]);
    expect(onDemand.other).toEqual([
      '/remotes/site/static/js/async/0.c7ecdbe9da.js',
      '/remotes/ops/static/js/async/7.8ef51d4a66.js',
    ]);
    // The first paint's revision is its SHA-256, which the worker checks a fetched copy against.
    expect(onDemand.languages.hi).toEqual([
      {
        url: '/landing.hi.html',
        revision: createHash('sha256').update('<html lang="hi"></html>').digest('hex'),
      },
      { url: '/remotes/site/static/js/async/lang-hi.10ed2a4489.js', revision: null },
    ]);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("lists a remote's shared-only chunks from its mf-manifest.json, not the chunks an exposed module needs", () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'precache-'));
    const dist = path.join(root, 'web-remotes', 'search', 'dist');
    fs.mkdirSync(dist, { recursive: true });
    fs.writeFileSync(
      path.join(dist, 'mf-manifest.json'),
      JSON.stringify({
        shared: [
          {
            assets: { js: { sync: ['static/js/async/react.1.js', 'static/js/async/both.2.js'], async: [] } },
          },
        ],
        exposes: [
          { assets: { js: { sync: ['static/js/async/both.2.js'], async: ['static/js/async/widget.3.js'] } } },
        ],
      }),
    );
    expect([...sharedOnlyChunks(root, 'search')]).toEqual(['/remotes/search/static/js/async/react.1.js']);
    fs.rmSync(root, { recursive: true, force: true });
  });
});
