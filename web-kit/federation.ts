/**
 * Build-time Module Federation settings used by the shell and by every remote, so the shared
 * singletons can never drift apart between builds.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Packages that must exist once per page: each holds React state, context or a router, or is large.
 * zod is loaded once too, inside the contracts singleton (the only web code that imports it): shared on
 * its own it would have to be all of zod (a shared module is never tree-shaken), ≈ 390 KB with every
 * locale, where the contracts use ≈ 90 KB of it.
 */
const SINGLETON_PACKAGES = [
  'react',
  'react-dom',
  'react-router',
  '@mui/material',
  '@emotion/react',
  '@emotion/styled',
  '@tanstack/react-query',
  '@safarsaathi/contracts',
  '@safarsaathi/web-kit',
  // One instance of the translations per page (issue 14). Only web-kit imports them (the shell and the
  // remotes use its re-exports), so the narrowed modules hold just what web-kit uses.
  'i18next',
  'react-i18next',
] as const;

/**
 * Singletons shared only by the builds that depend on them: the form library is used by the remotes with
 * forms (site, companion, account, ops), loaded once when the first form opens, and never by the shell
 * or the landing page. Not narrowed: @hookform/resolvers (bundled into each remote, ≈ 1 KB) imports
 * names from it that the web code's own imports do not list.
 */
const SINGLETONS_WHERE_USED = ['react-hook-form'] as const;

/**
 * Packages whose sub-paths are imported too and must resolve to the same singleton:
 * `react/jsx-runtime`, `react-dom/client`, and `@mui/material/utils` (used by `@mui/icons-material`).
 * The trailing slash makes Module Federation share every sub-path of the package.
 */
const SUB_PATH_PACKAGES = new Set<string>(['react', 'react-dom', '@mui/material']);

/**
 * Large libraries shared only with what the web code uses. A shared module is never tree-shaken (any
 * remote may ask for any export), so sharing `@mui/material` as it is sends all of MUI (≈ 100 KB
 * compressed) to every page. Instead each build shares a small generated module re-exporting exactly
 * the names that the shell, web-kit and all remotes of this repository import, so the singleton still
 * serves every part of the app, and only that. Rule that follows: the shell and the remotes are built
 * together (`npm run build:web`, the gateway image), since a remote built alone against a newer import
 * list could ask the page's singleton for a name it lacks.
 */
const NARROWED_PACKAGES = new Set<string>([
  '@mui/material',
  'react-router',
  '@tanstack/react-query',
  '@safarsaathi/contracts',
  '@safarsaathi/web-kit',
  'i18next',
  'react-i18next',
]);

const REPOSITORY_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Where the web code lives, relative to the repository: every package's imports count. */
const WEB_SOURCE_DIRS = ['web-shell/src', 'web-kit/src', 'web-remotes'];
const GENERATED_DIR = path.join(REPOSITORY_ROOT, 'node_modules', '.cache', 'safarsaathi-federation');

interface SharedSingleton {
  singleton: true;
  eager: false;
  /** The installed version this build provides (MUI's nested ESM package.json hides it from the plugin). */
  version: string;
  /** From the building package's dependencies, so a mismatch shows up as a runtime warning. */
  requiredVersion: string;
  /** The module provided under this name, when not the package itself (NARROWED_PACKAGES). */
  import?: string;
}

function* sourceFiles(dir: string): Generator<string> {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name === 'federation.ts') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (/\.(tsx?|jsx?)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) yield full;
  }
}

/**
 * The value names the web code imports from `pkg` (`import { A, B as C } from 'pkg'` gives A and B;
 * type-only imports are left out). Undefined when some file takes the whole namespace or a default
 * export: then nothing can be left out.
 */
export function importedNames(pkg: string, sources: Iterable<string>): string[] | undefined {
  const quoted = pkg.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const named = new RegExp(`(?:import|export)\\s+(type\\s+)?\\{([^}]*)\\}\\s*from\\s*['"]${quoted}['"]`, 'g');
  const whole = new RegExp(
    `import\\s+(?!type\\b)(?:\\*\\s+as\\s+\\w+|\\w+)\\s*(?:,|from)[^;]*['"]${quoted}['"]`,
  );
  const names = new Set<string>();
  for (const text of sources) {
    if (whole.test(text)) return undefined;
    for (const match of text.matchAll(named)) {
      if (match[1]) continue; // import type { ... }
      for (const specifier of match[2]!.split(',')) {
        const name = specifier.trim();
        if (!name || name.startsWith('type ')) continue;
        names.add(name.split(/\s+as\s+/)[0]!.trim());
      }
    }
  }
  return [...names].sort();
}

/**
 * The MUI components the web code imports by path (`import Tabs from '@mui/material/Tabs'`): those that
 * no part of the landing page renders (muiPathShares).
 */
export function muiPathImports(sources: Iterable<string>): string[] {
  const names = new Set<string>();
  for (const text of sources) {
    for (const match of text.matchAll(/import\s+(?!type\b)\w+\s+from\s*['"]@mui\/material\/([A-Z]\w*)['"]/g))
      names.add(match[1]!);
  }
  return [...names].sort();
}

/** The ESM entry of a package (what a browser bundler resolves for `import 'pkg'`). */
function esmEntry(pkg: string, require: NodeRequire): string {
  const manifestPath = require.resolve(`${pkg}/package.json`);
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as {
    exports?: unknown;
    module?: string;
    main?: string;
  };
  const pick = (node: unknown): string | undefined => {
    if (typeof node === 'string') return node;
    if (!node || typeof node !== 'object') return undefined;
    for (const [condition, value] of Object.entries(node)) {
      if (['browser', 'module', 'import', 'default'].includes(condition)) {
        const found = pick(value);
        if (found) return found;
      }
    }
    return undefined;
  };
  const exportsField = manifest.exports as Record<string, unknown> | undefined;
  const entry = pick(exportsField?.['.'] ?? exportsField) ?? manifest.module ?? manifest.main ?? 'index.js';
  return path.join(path.dirname(manifestPath), entry);
}

function webSourceTexts(): string[] {
  return WEB_SOURCE_DIRS.flatMap((dir) => [...sourceFiles(path.join(REPOSITORY_ROOT, dir))]).map((file) =>
    fs.readFileSync(file, 'utf8'),
  );
}

/** Writes the module re-exporting the used names of `pkg`; undefined when the whole package is needed. */
function narrowedModule(pkg: string, require: NodeRequire): string | undefined {
  const names = importedNames(pkg, webSourceTexts());
  if (!names || names.length === 0) return undefined;
  const file = path.join(GENERATED_DIR, `${pkg.replace(/[@/]/g, '_')}.js`);
  // An absolute path: a bare `pkg` here would be taken from the share scope again (a cycle).
  const content =
    `// Generated by web-kit/federation.ts: the names the web code imports from ${pkg}. Do not edit.\n` +
    `export { ${names.join(', ')} } from ${JSON.stringify(esmEntry(pkg, require))};\n`;
  fs.mkdirSync(GENERATED_DIR, { recursive: true });
  if (!fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== content) fs.writeFileSync(file, content);
  return file;
}

/**
 * The `shared` option of the Module Federation plugin for the package whose `rsbuild.config.ts`
 * calls it; pass that config's `import.meta.url`.
 */
export function sharedSingletons(configFileUrl: string): Record<string, SharedSingleton> {
  const require = createRequire(configFileUrl);
  const { dependencies = {} } = require('./package.json') as { dependencies?: Record<string, string> };
  const shared: Record<string, SharedSingleton> = {};
  for (const name of SINGLETON_PACKAGES) {
    const requiredVersion = dependencies[name];
    if (!requiredVersion) {
      throw new Error(`Module Federation: "${name}" is shared, so it must be listed in dependencies.`);
    }
    const { version } = require(`${name}/package.json`) as { version: string };
    const config: SharedSingleton = { singleton: true, eager: false, version, requiredVersion };
    const narrowed = NARROWED_PACKAGES.has(name) ? narrowedModule(name, require) : undefined;
    shared[name] = narrowed ? { ...config, import: narrowed } : config;
    if (SUB_PATH_PACKAGES.has(name)) shared[`${name}/`] = config;
    if (name === '@mui/material') Object.assign(shared, muiPathShares(config, require));
  }
  for (const name of SINGLETONS_WHERE_USED) {
    const requiredVersion = dependencies[name];
    if (!requiredVersion) continue;
    const { version } = require(`${name}/package.json`) as { version: string };
    shared[name] = { singleton: true, eager: false, version, requiredVersion };
  }
  return shared;
}

/**
 * MUI in two parts (issue 13, point 6): the narrowed `@mui/material` module holds the components imported
 * from the package's root, which is every component the landing page renders (with the shell and web-kit);
 * the components no part of the landing page uses (tabs, steppers, radios, switches, ...) are imported by
 * path (`import Tabs from '@mui/material/Tabs'`) and shared one by one, so they load with the page that
 * uses them. Each is given as its file, not its name, so that the SHELL provides every one of them: a
 * build provides a shared package name only when its own code imports it, but always provides a file,
 * and a component provided by a remote's build would bring that build's own copy of MUI's internals
 * (styles, default props, @mui/system's contexts). Sharing every component this way instead was
 * measured and rejected: the landing page renders ~80 of the app's MUI modules, and as many shared
 * modules they came to more bytes than one (docs/decisions.md "Landing page bytes, round 2 session 6").
 */
function muiPathShares(config: SharedSingleton, require: NodeRequire): Record<string, SharedSingleton> {
  const esmRoot = path.dirname(esmEntry('@mui/material', require));
  const shares: Record<string, SharedSingleton> = {};
  for (const name of muiPathImports(webSourceTexts())) {
    const file = path.join(esmRoot, name, 'index.js');
    if (!fs.existsSync(file))
      throw new Error(`Module Federation: @mui/material has no ${name} to import by path.`);
    shares[`@mui/material/${name}`] = { ...config, import: file };
  }
  return shares;
}

/**
 * The federation runtime is ≈ 30 KB compressed: the shell provides it once (it exposes nothing) and
 * every remote's remoteEntry.js uses that one instead of carrying a copy.
 */
export const HOST_EXPERIMENTS = { provideExternalRuntime: true, optimization: { target: 'web' as const } };
export const REMOTE_EXPERIMENTS = { externalRuntime: true, optimization: { target: 'web' as const } };

/**
 * Where a remote's entry puts its container: a global the page cannot have by accident. With the default
 * (the remote's name, e.g. `search`) an element with that id (the landing page's `<section id="search">`)
 * is already `window.search` by the HTML named-access rule; the federation runtime takes any existing
 * value of that global for the loaded entry, and failed with RUNTIME-002 ('The remote entry interface
 * does not contain "init"') whenever that section rendered before the search remote's entry was loaded.
 */
export function remoteLibrary(name: string): { type: 'global'; name: string } {
  return { type: 'global', name: `__safarsaathi_remote_${name}__` };
}
