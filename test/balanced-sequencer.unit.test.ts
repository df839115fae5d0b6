/** The integration tier's shards: every file in exactly one, the same answer in every shard process, even loads. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const BalancedSequencer = require('./balanced-sequencer.js') as {
  new (options: object): {
    shard(tests: { path: string }[], options: { shardIndex: number; shardCount: number }): { path: string }[];
  };
  FILE_OVERHEAD_BYTES: number;
};

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shards-'));
// Sizes like the tier's: a few large files and many small ones.
const sizes = [49_000, 43_000, 24_000, 21_000, 20_000, 19_000, 17_000, 14_000, 12_000, 9_000, 8_000, 6_000];
const tests = sizes.map((size, index) => {
  const file = path.join(dir, `t${index}.int.test.ts`);
  fs.writeFileSync(file, 'x'.repeat(size));
  return { path: file };
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const shardsOf = (count: number) =>
  Array.from({ length: count }, (_, index) =>
    // A new sequencer per shard, as each shard is a process of its own; the input order differs too.
    new BalancedSequencer({}).shard(index % 2 ? [...tests].reverse() : tests, {
      shardIndex: index + 1,
      shardCount: count,
    }),
  );
/** A shard's expected work: its files' sizes and each file's fixed cost. */
const work = (shard: { path: string }[]) =>
  shard.reduce((sum, test) => sum + fs.statSync(test.path).size + BalancedSequencer.FILE_OVERHEAD_BYTES, 0);

test.each([2, 3, 4])('%i shards hold every file exactly once', (count) => {
  const all = shardsOf(count).flatMap((shard) => shard.map((test) => test.path));
  expect(all.sort()).toEqual(tests.map((test) => test.path).sort());
});

test('three shards are within one small file of each other', () => {
  const loads = shardsOf(3).map(work);
  expect(Math.max(...loads) - Math.min(...loads)).toBeLessThanOrEqual(
    Math.min(...sizes) + BalancedSequencer.FILE_OVERHEAD_BYTES,
  );
});
