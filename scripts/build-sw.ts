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
 *
 * Not everything is precached (a first visit on prepaid data should not download every remote in nine
 * languages; docs/performance.md). The precache is the shell and the public remotes (site, search) in
 * English, with every remote's manifest and entry;
 * these wait until they are used (`onDemandFiles`, written into sw.js as `self.__SS_ON_DEMAND`):
 *   - each other language's files (its `lang-xx` chunks, its landing page and dashboard frame): the worker
 *     keeps the visitor's language at install, and any other when the page first loads it;
 *   - the chunks of the remotes a signed-in traveller uses (companion, messages, account): kept at install
 *     for a signed-in browser, else as soon as the first of them is used;
 *   - the ops console's chunks (its manifest and entry stay precached: they are tiny and fix the version);
 *   - a remote's copies of the shared libraries (React, MUI, …), which the shell provides at run time.
 * A page still runs on one deployment: a chunk's name is its content hash, and a fixed-name file is kept under
 * its revision, as the precache keeps it (sw.ts).
 */
import { createHash } from 'node:crypto';
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

/** The files the worker keeps when first used instead of at install (served URL, and revision for fixed names). */
export interface OnDemandFiles {
  /** Per language other than English: its chunks and first paints. */
  languages: Record<string, Array<{ url: string; revision: string | null }>>;
  /**
   * The chunks of the remotes only a signed-in traveller uses (companion, messages, account): the worker keeps
   * them all at install for a signed-in browser, else as soon as one of them is first used (a visitor signed
   * in). Hashed names only: their manifests and entries stay precached and pin the version.
   */
  signedIn: string[];
  /** Everything else that waits (ops chunks, the remotes' copies of shared libraries): hashed names only. */
  other: string[];
}

/** A language's own files: `lang-hi.<hash>.js`, `lang-hi-privacy.<hash>.js`, `landing.hi.html`, `dashboard.hi.html`. */
export function languageOf(url: string): string | undefined {
  return (
    /\/lang-([a-z]{2})(?:-[a-z]+)?\.[0-9a-f]{8,}\.js$/.exec(url)?.[1] ??
    /\/(?:landing|dashboard)\.([a-z]{2})\.html$/.exec(url)?.[1]
  );
}

/**
 * The chunks of a remote that hold only its copies of shared libraries (its mf-manifest.json's `shared` assets
 * that no exposed module lists): the shell provides those libraries, so these load only if it ever does not.
 */
export function sharedOnlyChunks(root: string, remote: string): Set<string> {
  const manifest = JSON.parse(
    fs.readFileSync(path.join(root, 'web-remotes', remote, 'dist', 'mf-manifest.json'), 'utf8'),
  ) as {
    shared?: Array<{ assets: { js: { sync: string[]; async: string[] } } }>;
    exposes?: Array<{ assets: { js: { sync: string[]; async: string[] } } }>;
  };
  const files = (list: typeof manifest.shared) =>
    (list ?? []).flatMap(({ assets }) => [...assets.js.sync, ...assets.js.async]);
  const exposed = new Set(files(manifest.exposes));
  return new Set(
    files(manifest.shared)
      .filter((file) => !exposed.has(file))
      .map((file) => `/remotes/${remote}/${file}`),
  );
}

/** Remotes whose chunks wait until used: the ops console (its fixed-name manifest and entry stay precached). */
const ON_DEMAND_REMOTES = ['ops'];
/** Remotes whose chunks wait until the browser is signed in (OnDemandFiles.signedIn). */
const SIGNED_IN_REMOTES = ['companion', 'messages', 'account'];

/**
 * Splits the build's file list into the precache and the files kept on first use. A language's fixed-name
 * file (its first paints) gets a SHA-256 revision instead of Workbox's MD5: the worker checks a copy it fetches
 * against it (crypto.subtle has no MD5), so it never keeps another deployment's page.
 */
export function splitPrecache(
  entries: Array<{ url: string; revision: string | null; file: string }>,
  sharedOnly: Set<string>,
): { precache: Array<{ url: string; revision: string | null }>; onDemand: OnDemandFiles } {
  const onDemand: OnDemandFiles = { languages: {}, signedIn: [], other: [] };
  const precache: Array<{ url: string; revision: string | null }> = [];
  for (const { file, ...entry } of entries) {
    const language = languageOf(entry.url);
    const remote = /^\/remotes\/([a-z0-9-]+)\/static\//.exec(entry.url)?.[1];
    if (language && language !== 'en')
      (onDemand.languages[language] ??= []).push({
        url: entry.url,
        revision: entry.revision && createHash('sha256').update(fs.readFileSync(file)).digest('hex'),
      });
    else if ((remote && ON_DEMAND_REMOTES.includes(remote)) || sharedOnly.has(entry.url))
      onDemand.other.push(entry.url);
    else if (remote && SIGNED_IN_REMOTES.includes(remote)) onDemand.signedIn.push(entry.url);
    else precache.push(entry);
  }
  return { precache, onDemand };
}

/** Where build-sw writes the on-demand list into the worker (sw.ts reads `self.__SS_ON_DEMAND`). */
const ON_DEMAND_PLACEHOLDER = 'self.__SS_ON_DEMAND';

export async function buildServiceWorker(
  root = ROOT,
): Promise<{ count: number; size: number; onDemand: OnDemandFiles }> {
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
    const sharedOnly = new Set(builtRemotes(root).flatMap((name) => [...sharedOnlyChunks(root, name)]));
    let onDemand: OnDemandFiles = { languages: {}, signedIn: [], other: [] };
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
        (entries) => {
          const split = splitPrecache(
            entries.map((entry) => ({
              url: servedUrl(entry.url),
              revision: entry.revision,
              file: path.join(root, entry.url),
            })),
            sharedOnly,
          );
          onDemand = split.onDemand;
          const sizes = new Map(entries.map((entry) => [servedUrl(entry.url), entry.size]));
          return {
            manifest: split.precache.map((entry) => ({ ...entry, size: sizes.get(entry.url) ?? 0 })),
          };
        },
      ],
    });
    for (const warning of warnings) process.stderr.write(`[build-sw] ${warning}\n`);
    const swFile = path.join(shellDist, 'sw.js');
    const code = fs.readFileSync(swFile, 'utf8');
    if (!code.includes(ON_DEMAND_PLACEHOLDER)) throw new Error(`sw.js has no ${ON_DEMAND_PLACEHOLDER}`);
    fs.writeFileSync(swFile, code.replace(ON_DEMAND_PLACEHOLDER, JSON.stringify(onDemand)));
    return { count, size, onDemand };
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

if (require.main === module) {
  buildServiceWorker()
    .then(({ count, size, onDemand }) => {
      const languages = Object.values(onDemand.languages).reduce((sum, files) => sum + files.length, 0);
      process.stdout.write(
        `[build-sw] ${path.relative(ROOT, SHELL_DIST)}/sw.js precaches ${count} files (${(size / 1024).toFixed(0)} KB); on first use: ${languages} files of other languages, ${onDemand.signedIn.length} of the signed-in remotes, ${onDemand.other.length} more\n`,
      );
    })
    .catch((error: unknown) => {
      process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exit(1);
    });
}
