/** Where the compiled bundle of a deployable lives: `<workspace>/src/main.ts` → `<workspace>/dist/main.js`. */
export function compiledEntry(entry: string): string {
  const match = /^(.*)\/src\/main\.ts$/.exec(entry);
  if (!match) throw new Error(`a deployable's entry must be <workspace>/src/main.ts, not ${entry}`);
  return `${match[1]}/dist/main.js`;
}
