/**
 * Shards the integration tier by expected duration instead of by path hash (jest's default), so that the
 * parallel shards of `npm test` (scripts/test.ts) finish together: the heaviest files first, each to the
 * shard with the least work so far. A file's size stands for its duration, plus a fixed cost per file
 * (starting its services): in a CI run of 2026-11-29 a file took ≈ 3.8 s + 1.3 s per KB (correlation 0.82),
 * so the fixed cost is worth ≈ 3 KB. By hash, one of three shards ran 438 s and another 272 s; by this
 * measure 324–375 s. Jest's recorded durations would be closer, but a fresh clone has none, and the shard
 * processes must agree: each computes the same assignment from the same files, so every file runs in
 * exactly one shard.
 */
const fs = require('node:fs');
const Sequencer = require('@jest/test-sequencer').default;

const FILE_OVERHEAD_BYTES = 3_000;

class BalancedSequencer extends Sequencer {
  shard(tests, { shardIndex, shardCount }) {
    const heaviestFirst = tests
      .map((test) => ({ test, weight: fs.statSync(test.path).size + FILE_OVERHEAD_BYTES }))
      .sort((a, b) => b.weight - a.weight || (a.test.path < b.test.path ? -1 : 1));
    const load = new Array(shardCount).fill(0);
    const mine = [];
    for (const { test, weight } of heaviestFirst) {
      const shard = load.indexOf(Math.min(...load));
      load[shard] += weight;
      if (shard === shardIndex - 1) mine.push(test);
    }
    return mine;
  }
}

BalancedSequencer.FILE_OVERHEAD_BYTES = FILE_OVERHEAD_BYTES;
module.exports = BalancedSequencer;
