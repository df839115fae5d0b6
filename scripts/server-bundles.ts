/** Where the compiled bundle of a deployable lives: `<workspace>/src/main.ts` → `<workspace>/dist/main.js`. */
export function compiledEntry(entry: string): string {
  const match = /^(.*)\/src\/main\.ts$/.exec(entry);
  if (!match) throw new Error(`a deployable's entry must be <workspace>/src/main.ts, not ${entry}`);
  return `${match[1]}/dist/main.js`;
}

/**
 * V8 flags of every compiled deployable in production (`npm run start:prod`, the Docker image's CMD, and so
 * the Kubernetes pods, which run the image's CMD), for the target of all Node processes <= 600 MiB resident
 * at idle (issue 13): a young generation of 1 MiB semi-spaces (V8: up to 16 MiB) and V8's optimize-for-size
 * mode keep the start-up garbage (~50–150 MiB in the first minutes) from staying resident. Source maps are not
 * loaded (`--enable-source-maps` costs ~5 MiB per process): the bundles are not minified and keep their names,
 * so stack traces stay readable; the maps ship beside them (`main.js.map`) and `NODE_OPTIONS=--enable-source-maps`
 * turns them on when needed. Measured in bench/README.md ("Idle memory with all seven processes").
 */
export const PRODUCTION_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=1', '--optimize-for-size'];
