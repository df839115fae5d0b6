/** Where the compiled bundle of a deployable lives: `<workspace>/src/main.ts` → `<workspace>/dist/main.js`. */
export function compiledEntry(entry: string): string {
  const match = /^(.*)\/src\/main\.ts$/.exec(entry);
  if (!match) throw new Error(`a deployable's entry must be <workspace>/src/main.ts, not ${entry}`);
  return `${match[1]}/dist/main.js`;
}

/**
 * Node and V8 flags of every compiled deployable in production (`npm run start:prod`, the Docker image's CMD,
 * and so the Kubernetes pods, which run the image's CMD). Source maps for readable stack traces; a young
 * generation of 1 MiB semi-spaces (V8: up to 16 MiB) and V8's optimize-for-size mode keep the seven idle
 * processes about 15–25 MiB smaller together and stop the first minutes' start-up garbage (~50–100 MiB) from
 * staying resident, at the price of more frequent short scavenges under load (bench/README.md, "Idle memory
 * with all seven processes").
 */
export const PRODUCTION_NODE_FLAGS: readonly string[] = ['--enable-source-maps', '--max-semi-space-size=1', '--optimize-for-size'];
