/**
 * Loaded into the product's Node processes by `npm run bench -- --cpu-prof DIR` (NODE_OPTIONS=--require;
 * Node 20 does not take --cpu-prof there): the process whose entry file contains BENCH_CPU_PROFILE_MATCH
 * (the gateway's by default) records a V8 CPU profile from the moment it gets SIGUSR2 (the benchmark
 * sends it when its measured turns start, so start-up is left out) and writes it into
 * BENCH_CPU_PROFILE_DIR as <name>.<pid>.cpuprofile when it exits (SIGTERM ends it through process.exit).
 */
'use strict';
const { Session } = require('node:inspector');
const fs = require('node:fs');
const path = require('node:path');

const dir = process.env.BENCH_CPU_PROFILE_DIR;
const match = process.env.BENCH_CPU_PROFILE_MATCH || 'gateway/src/main';
const entry = process.argv[1] || '';
if (dir && entry.includes(match)) {
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.setSamplingInterval', { interval: 500 });
  let started = false;
  process.on('SIGUSR2', () => {
    if (started) return;
    started = true;
    session.post('Profiler.start');
  });
  process.once('exit', () => {
    if (!started) return;
    // A session of the same thread answers synchronously, so the profile is written before the process ends.
    session.post('Profiler.stop', (error, result) => {
      if (error) return;
      const name = path.basename(path.dirname(path.dirname(entry))) || 'process';
      fs.writeFileSync(path.join(dir, `${name}.${process.pid}.cpuprofile`), JSON.stringify(result.profile));
    });
  });
}
