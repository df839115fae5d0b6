/**
 * `npm run build:servers`: compiles every deployable (scripts/deployables.ts) into one CommonJS file,
 * `<workspace>/dist/main.js` with a source map, for production (`npm run start:prod`, the Docker image),
 * and the local launcher of `npm run start:prod` (scripts/start.ts) into `dist/start.js`.
 *
 * esbuild bundles the deployable's own code and the workspace packages it uses (contracts, platform),
 * which are TypeScript (`main: src/index.ts`); packages from node_modules stay outside the bundle and are
 * required at run time as usual (their native parts, their own file lookups and licences untouched).
 * Running compiled JavaScript saves the TypeScript loader (tsx) and its transform cache in every process.
 *
 *   npm run build:servers              all deployables whose entry exists
 *   npm run build:servers -- gateway   only the named ones
 */
import fs from 'node:fs';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';
import { DEPLOYABLES } from './deployables';
import { compiledEntry } from './server-bundles';

const ROOT = path.resolve(__dirname, '..');
const WORKSPACE_SCOPE = '@safarsaathi/';

/** Bare imports stay external, except our own workspace packages, which are TypeScript and get bundled. */
const externalPackages: Plugin = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith(WORKSPACE_SCOPE)) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/**
 * The launcher's modules find the repository from their own folder and some run as scripts when they are
 * the main module: in the bundle each keeps its original `__dirname`, and only the entry is the main module.
 */
function launcherModules(entry: string): Plugin {
  return {
    name: 'launcher-modules',
    setup(builder) {
      builder.onLoad({ filter: /\.ts$/ }, (args) => {
        let source = fs.readFileSync(args.path, 'utf8');
        if (args.path !== entry) source = source.replaceAll('require.main === module', 'false');
        source = source.replaceAll('__dirname', JSON.stringify(path.dirname(args.path)));
        return { contents: source, loader: 'ts' };
      });
    },
  };
}

export async function buildLauncher(): Promise<string> {
  const entry = path.join(ROOT, 'scripts', 'start.ts');
  const outfile = path.join(ROOT, 'dist', 'start.js');
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node24',
    format: 'cjs',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [externalPackages, launcherModules(entry)],
  });
  return outfile;
}

/**
 * Worker threads a deployable starts from a file of their own, bundled beside its main.js: the companion's
 * documents worker (services/companion/src/documents/renderer.ts looks for `documents-worker.js`).
 */
export const WORKER_BUNDLES: Record<string, Array<{ entry: string; outfile: string }>> = {
  companion: [
    {
      entry: 'services/companion/src/documents/worker.ts',
      outfile: 'services/companion/dist/documents-worker.js',
    },
  ],
};

export async function buildServer(
  entry: string,
  out: string = compiledEntry(entry),
): Promise<{ outfile: string; bytes: number }> {
  const outfile = path.join(ROOT, out);
  const result = await build({
    entryPoints: [path.join(ROOT, entry)],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node24',
    format: 'cjs',
    sourcemap: true,
    // Stack traces and logs keep the real function and class names.
    keepNames: true,
    legalComments: 'none',
    logLevel: 'warning',
    plugins: [externalPackages],
    metafile: true,
  });
  const bytes = Object.values(result.metafile.outputs).find((output) => output.entryPoint)?.bytes ?? 0;
  return { outfile, bytes };
}

async function main(): Promise<void> {
  const wanted = process.argv.slice(2);
  const deployables = DEPLOYABLES.filter((d) => wanted.length === 0 || wanted.includes(d.name));
  const unknown = wanted.filter((name) => !DEPLOYABLES.some((d) => d.name === name));
  if (unknown.length > 0) throw new Error(`unknown deployable(s): ${unknown.join(', ')}`);
  for (const deployable of deployables) {
    if (!fs.existsSync(path.join(ROOT, deployable.entry))) {
      throw new Error(`${deployable.name}: ${deployable.entry} does not exist`);
    }
    const started = Date.now();
    const { outfile, bytes } = await buildServer(deployable.entry);
    for (const worker of WORKER_BUNDLES[deployable.name] ?? [])
      await buildServer(worker.entry, worker.outfile);
    process.stdout.write(
      `[build:servers] ${deployable.name.padEnd(14)} ${path.relative(ROOT, outfile)} (${(bytes / 1024).toFixed(0)} KiB, ${Date.now() - started} ms)\n`,
    );
  }
  if (wanted.length === 0)
    process.stdout.write(`[build:servers] launcher       ${path.relative(ROOT, await buildLauncher())}\n`);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
