import { preloadRemoteModules } from './federation/remoteRegistry';
import { modulesForPath } from './routes/remoteRoutes';

// zod (inside contracts) probes once whether it may compile its validators with `new Function`; the page's
// Content-Security-Policy forbids that, so the probe is reported as a CSP violation. Jitless mode (its
// global configuration, read when zod loads) validates without compiling and makes no probe.
const zodHolder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
zodHolder.__zod_globalConfig = { ...zodHolder.__zod_globalConfig, jitless: true };

// The list of remotes and the first page's remote files (manifest, remote entry, the module's chunks), asked
// for now, while the shared modules below load, instead of one after another once the shell has booted. Needs
// nothing shared (the route table imports types only).
preloadRemoteModules(modulesForPath(window.location.pathname)).catch(() => {
  // The bootstrap asks again and reports a failure; each remote page shows its fallback with Retry.
});

// The heaviest shared modules asked for one by one, now: each runs as soon as its own files have arrived,
// while the rest are still downloading, instead of all of them after the last file, inside the bootstrap's first
// run. The bootstrap then finds them ready. Measured (Lighthouse mobile, six runs each, interleaved): the
// dashboard's largest paint 5.8 -> 5.3 s. A failure shows in the bootstrap, which asks for them again.
// Each is asked for in a task of its own, and the bootstrap after them: asking the federation runtime for a shared
// module does real work at once (the share scope, the chunks' script elements), and all of it in the entry's
// first task made that one task 300-500 ms long on a phone. Measured (CPU x4, nine loads each, interleaved): the
// landing page's blocking time 773 -> 654 ms (bench/README.md, 2026-11-28).
const SHARED_MODULES_FIRST = [
  () => import('react-dom/client'),
  () => import('@mui/material'),
  () => import('react-router'),
  () => import('@safarsaathi/web-kit'),
];
// A message to itself, as React's scheduler does, not setTimeout: a background tab throttles timers to one a second
// (and a test's fake clock stops them), which would hold the boot back.
const nextTask = () =>
  new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(undefined);
  });

async function start(): Promise<void> {
  for (const load of SHARED_MODULES_FIRST) {
    await nextTask();
    load().catch(() => undefined);
  }
  await nextTask();
  // Async boundary: shared singletons (React, MUI, ...) are negotiated with the remotes before any app code runs.
  await import('./bootstrap');
}
void start();
