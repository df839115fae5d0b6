/** Where the compiled bundle of a deployable lives: `<workspace>/src/main.ts` → `<workspace>/dist/main.js`. */
export function compiledEntry(entry: string): string {
  const match = /^(.*)\/src\/main\.ts$/.exec(entry);
  if (!match) throw new Error(`a deployable's entry must be <workspace>/src/main.ts, not ${entry}`);
  return `${match[1]}/dist/main.js`;
}

/**
 * V8 flags of every compiled deployable in production (`npm run start:prod`, the Docker image's CMD, and so
 * the Kubernetes pods, which run the image's CMD). A young generation of 1 MiB semi-spaces instead of V8's up
 * to 16 MiB keeps each idle process about 20 MiB smaller, at the price of more frequent (short) scavenges under
 * load (bench/README.md, "Idle memory with all seven processes").
 */
export const PRODUCTION_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=1'];
