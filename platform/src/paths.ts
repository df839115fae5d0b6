import fs from 'node:fs';
import path from 'node:path';

/**
 * The directory of the nearest package.json at or above `dir`. Code that finds files next to its package
 * (gateway/public, services/search/generated) uses this instead of counting `..` from `__dirname`, which
 * differs between the TypeScript sources (src/a/b.ts) and the compiled bundle (dist/main.js).
 */
export function packageRoot(dir: string): string {
  for (let current = path.resolve(dir); ; current = path.dirname(current)) {
    if (fs.existsSync(path.join(current, 'package.json'))) return current;
    if (path.dirname(current) === current) throw new Error(`no package.json at or above ${dir}`);
  }
}
