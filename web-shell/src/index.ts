import { registerRemotesFromManifest } from './federation/remoteRegistry';

// zod (inside contracts) probes once whether it may compile its validators with `new Function`; the page's
// Content-Security-Policy forbids that, so the probe is reported as a CSP violation. Jitless mode (its
// global configuration, read when zod loads) validates without compiling and makes no probe.
const zodHolder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
zodHolder.__zod_globalConfig = { ...zodHolder.__zod_globalConfig, jitless: true };

// The list of remotes, asked for now, while the shared modules below load, instead of after them: the first
// page's remote modules wait for it (one round trip less on a slow network). Needs nothing shared.
registerRemotesFromManifest().catch(() => {
  // The bootstrap asks again and reports a failure; each remote page shows its fallback with Retry.
});

// Async boundary: shared singletons (React, MUI, ...) are negotiated with the remotes before any app code runs.
import('./bootstrap');
