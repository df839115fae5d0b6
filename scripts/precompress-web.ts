/**
 * Compresses the built web app once, at build time (the last step of `npm run build:web`): next to every
 * text asset of web-shell/dist and web-remotes/<name>/dist it writes `<file>.br` (brotli, quality 11) and
 * `<file>.gz` (gzip, level 9). The gateway serves the variant the browser accepts (gateway/src/web.ts), so
 * no request pays for compression and the strongest settings cost nothing at run time.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const ROOT = path.resolve(__dirname, '..');
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|map|webmanifest)$/;
/** Below this a compressed body saves less than its headers and the decoder's start-up cost. */
const MIN_BYTES = 1024;

export function webDistDirectories(root = ROOT): string[] {
  const remotes = path.join(root, 'web-remotes');
  const dirs = [path.join(root, 'web-shell', 'dist')];
  if (fs.existsSync(remotes)) {
    for (const name of fs.readdirSync(remotes).sort()) dirs.push(path.join(remotes, name, 'dist'));
  }
  return dirs.filter((dir) => fs.existsSync(dir));
}

function* filesUnder(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

export interface PrecompressResult {
  files: number;
  bytes: number;
  brotliBytes: number;
  gzipBytes: number;
}

/** Writes the .br and .gz variants under `dir` and removes variants whose original is gone. */
export function precompressDirectory(dir: string): PrecompressResult {
  const result: PrecompressResult = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  for (const file of filesUnder(dir)) {
    if (/\.(br|gz)$/.test(file)) {
      if (!fs.existsSync(file.replace(/\.(br|gz)$/, ''))) fs.rmSync(file);
      continue;
    }
    if (!COMPRESSIBLE.test(file)) continue;
    const content = fs.readFileSync(file);
    if (content.length < MIN_BYTES) continue;
    const brotli = zlib.brotliCompressSync(content, {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    });
    const gzip = zlib.gzipSync(content, { level: zlib.constants.Z_BEST_COMPRESSION });
    // A variant no smaller than the original is not worth serving (the gateway then sends the original).
    if (brotli.length < content.length) fs.writeFileSync(`${file}.br`, brotli);
    if (gzip.length < content.length) fs.writeFileSync(`${file}.gz`, gzip);
    result.files += 1;
    result.bytes += content.length;
    result.brotliBytes += Math.min(brotli.length, content.length);
    result.gzipBytes += Math.min(gzip.length, content.length);
  }
  return result;
}

function main(): void {
  const dirs = webDistDirectories();
  if (dirs.length === 0) throw new Error('no web build found: run the rsbuild builds first');
  for (const dir of dirs) {
    const r = precompressDirectory(dir);
    const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
    process.stdout.write(
      `[precompress] ${path.relative(ROOT, dir)}: ${r.files} files, ${kib(r.bytes)} → brotli ${kib(r.brotliBytes)}, gzip ${kib(r.gzipBytes)}\n`,
    );
  }
}

if (require.main === module) main();
