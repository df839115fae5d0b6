/**
 * Builds the service worker, /sw.js (web-shell/sw/sw.ts), after the shell and every remote are built (a
 * step of `npm run build:web`, before precompression):
 *
 *   1. esbuild bundles the worker source with Workbox's modules (workbox-precaching, -routing, -strategies);
 *   2. workbox-build's injectManifest lists the files of web-shell/dist (served at /) and of each
 *      web-remotes/<name>/dist (served at /remotes/<name>/) with their content hashes, and writes that
 *      precache list into the bundle as web-shell/dist/sw.js.
 *
 * A file with a content hash in its name is listed without a revision (the name is the version); the fixed
 * names (index.html, remoteEntry.js, mf-manifest.json, the icons) get an MD5 revision. Any change to any
 * of them makes a new sw.js, which browsers install as an update.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { injectManifest } from 'workbox-build';

const ROOT = path.resolve(__dirname, '..');
const SHELL_DIST = path.join(ROOT, 'web-shell', 'dist');

/**
 * What the worker keeps: code, styles, fonts, icons and the manifests; not licences, stats or variants,
 * and not the Noto Sans faces of the Indian scripts (≈ 450 KB for all seven): the worker keeps each when
 * the page first uses it (sw.ts), so an installed app downloads only its reader's script.
 */
const GLOBS = ['**/*.{js,css,html,json,webmanifest,woff2,png,svg,ico}'];
const IGNORES = [
  '**/*.br',
  '**/*.gz',
  '**/*.map',
  '**/mf-stats.json',
  'sw.js',
  '**/*.LICENSE.txt',
  '**/static/font/noto-sans-*',
];

/** The remotes built under web-remotes/ (each with its own dist), as the gateway finds them. */
export function builtRemotes(root = ROOT): string[] {
  const remotes = path.join(root, 'web-remotes');
  if (!fs.existsSync(remotes)) return [];
  return fs
    .readdirSync(remotes)
    .filter((name) => fs.existsSync(path.join(remotes, name, 'dist', 'mf-manifest.json')))
    .sort();
}

/** The URL a built file is served at: web-shell/dist/x → /x, web-remotes/<name>/dist/x → /remotes/<name>/x. */
export function servedUrl(relativeToRoot: string): string {
  const file = relativeToRoot.split(path.sep).join('/');
  const shell = /^web-shell\/dist\/(.+)$/.exec(file);
  if (shell) return `/${shell[1]}`;
  const remote = /^web-remotes\/([a-z0-9-]+)\/dist\/(.+)$/.exec(file);
  if (remote) return `/remotes/${remote[1]}/${remote[2]}`;
  throw new Error(`not a file of the web build: ${file}`);
}

export async function buildServiceWorker(root = ROOT): Promise<{ count: number; size: number }> {
  const shellDist = path.join(root, 'web-shell', 'dist');
  if (!fs.existsSync(path.join(shellDist, 'index.html'))) throw new Error('build the web shell first');
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'safarsaathi-sw-'));
  try {
    const bundled = path.join(tmp, 'sw.js');
    await build({
      entryPoints: [path.join(root, 'web-shell', 'sw', 'sw.ts')],
      bundle: true,
      format: 'iife',
      target: 'es2022',
      minify: true,
      outfile: bundled,
      // Workbox's own logs are for its development builds only.
      define: { 'process.env.NODE_ENV': '"production"' },
      logLevel: 'warning',
    });
    const globPatterns = [
      ...GLOBS.map((glob) => `web-shell/dist/${glob}`),
      ...builtRemotes(root).flatMap((name) => GLOBS.map((glob) => `web-remotes/${name}/dist/${glob}`)),
    ];
    const { count, size, warnings } = await injectManifest({
      swSrc: bundled,
      swDest: path.join(shellDist, 'sw.js'),
      globDirectory: root,
      globPatterns,
      globIgnores: IGNORES.flatMap((ignore) => [`web-shell/dist/${ignore}`, `web-remotes/*/dist/${ignore}`]),
      // Hashed names (index.9cc739c6.js) are their own version: no revision, no cache-busting query.
      dontCacheBustURLsMatching: /\.[0-9a-f]{8,}\.\w+$/,
      maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      manifestTransforms: [
        (entries) => ({ manifest: entries.map((entry) => ({ ...entry, url: servedUrl(entry.url) })) }),
      ],
    });
    for (const warning of warnings) process.stderr.write(`[build-sw] ${warning}\n`);
    return { count, size };
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

if (require.main === module) {
  buildServiceWorker()
    .then(({ count, size }) => {
      process.stdout.write(
        `[build-sw] ${path.relative(ROOT, SHELL_DIST)}/sw.js precaches ${count} files (${(size / 1024).toFixed(0)} KB)\n`,
      );
    })
    .catch((error: unknown) => {
      process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exit(1);
    });
}
