// zod (inside contracts) probes once whether it may compile its validators with `new Function`; the page's
// Content-Security-Policy forbids that, so the probe is reported as a CSP violation. Jitless mode (its
// global configuration, read when zod loads) validates without compiling and makes no probe.
const zodHolder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
zodHolder.__zod_globalConfig = { ...zodHolder.__zod_globalConfig, jitless: true };

// Async boundary: shared singletons (React, MUI, ...) are negotiated with the remotes before any app code runs.
import('./bootstrap');
