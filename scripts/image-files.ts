/**
 * Gathers what the runtime image of one deployable needs (the Dockerfile's build stage):
 *
 *   npx tsx scripts/image-files.ts <deployable> <out-dir>
 *
 * - its compiled bundle (`npm run build:servers -- <name>` must have run) and package.json;
 * - its build-time assets: the workspace's `build:assets` script when it has one (search: the airports
 *   CSV), then the folders `public/` and `generated/` when present;
 * - for the gateway, the web app (`npm run build:web`: shell and remotes, precompressed);
 * - `main.js` (starts the bundle) and `healthcheck.js` (the HEALTHCHECK: GET /readyz on PORT).
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { DEPLOYABLES, type Deployable } from './deployables';
import { workspaceOf } from './deploy-targets';
import { compiledEntry } from './server-bundles';
import { webDistDirectories } from './precompress-web';

const ROOT = path.resolve(__dirname, '..');

export function healthcheckScript(deployable: Deployable): string {
  return (
    `// Docker HEALTHCHECK of ${deployable.name}: healthy once /readyz answers 200 (its dependencies answer, caught up).\n` +
    `const port = process.env.PORT || ${deployable.port};\n` +
    `fetch('http://127.0.0.1:' + port + '/readyz', { signal: AbortSignal.timeout(4000) })\n` +
    `  .then((response) => process.exit(response.ok ? 0 : 1), () => process.exit(1));\n`
  );
}

function main(): void {
  const [name, outArg] = process.argv.slice(2);
  const deployable = DEPLOYABLES.find((d) => d.name === name);
  if (!deployable || !outArg) {
    throw new Error(`usage: image-files.ts <${DEPLOYABLES.map((d) => d.name).join('|')}> <out-dir>`);
  }
  const out = path.resolve(outArg);
  const workspace = workspaceOf(deployable);
  const bundle = compiledEntry(deployable.entry);
  if (!fs.existsSync(path.join(ROOT, bundle)))
    throw new Error(`${bundle} is missing: run npm run build:servers -- ${name}`);

  const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, workspace, 'package.json'), 'utf8')) as {
    scripts?: Record<string, string>;
  };
  if (manifest.scripts?.['build:assets'])
    execSync(`npm run build:assets --workspace ${workspace}`, { cwd: ROOT, stdio: 'inherit' });
  if (deployable.name === 'gateway') execSync('npm run build:web', { cwd: ROOT, stdio: 'inherit' });

  fs.mkdirSync(path.join(out, workspace), { recursive: true });
  fs.copyFileSync(path.join(ROOT, workspace, 'package.json'), path.join(out, workspace, 'package.json'));
  for (const folder of ['dist', 'public', 'generated']) {
    const from = path.join(ROOT, workspace, folder);
    if (fs.existsSync(from)) fs.cpSync(from, path.join(out, workspace, folder), { recursive: true });
  }
  if (deployable.name === 'gateway') {
    for (const dist of webDistDirectories(ROOT))
      fs.cpSync(dist, path.join(out, path.relative(ROOT, dist)), { recursive: true });
  }
  fs.writeFileSync(
    path.join(out, 'main.js'),
    `// Starts ${deployable.name} (compiled by npm run build:servers).\nrequire('./${bundle}');\n`,
  );
  fs.writeFileSync(path.join(out, 'healthcheck.js'), healthcheckScript(deployable));
  process.stdout.write(`[image-files] ${name}: ${workspace} gathered in ${out}\n`);
}

if (require.main === module) main();
