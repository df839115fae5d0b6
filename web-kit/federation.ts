/**
 * Build-time Module Federation settings used by the shell and by every remote, so the shared
 * singletons can never drift apart between builds.
 */
import { createRequire } from 'node:module';

/** Packages that must exist once per page: each holds React state, context or a router. */
const SINGLETON_PACKAGES = [
  'react',
  'react-dom',
  'react-router',
  '@mui/material',
  '@emotion/react',
  '@emotion/styled',
  '@tanstack/react-query',
  '@safarsaathi/web-kit',
] as const;

/**
 * Packages whose sub-paths are imported too and must resolve to the same singleton:
 * `react/jsx-runtime`, `react-dom/client`, and `@mui/material/utils` (used by `@mui/icons-material`).
 * The trailing slash makes Module Federation share every sub-path of the package.
 */
const SUB_PATH_PACKAGES = new Set<string>(['react', 'react-dom', '@mui/material']);

interface SharedSingleton {
  singleton: true;
  eager: false;
  /** The installed version this build provides (MUI's nested ESM package.json hides it from the plugin). */
  version: string;
  /** From the building package's dependencies, so a mismatch shows up as a runtime warning. */
  requiredVersion: string;
}

/**
 * The `shared` option of the Module Federation plugin for the package whose `rsbuild.config.ts`
 * calls it; pass that config's `import.meta.url`.
 */
export function sharedSingletons(configFileUrl: string): Record<string, SharedSingleton> {
  const require = createRequire(configFileUrl);
  const { dependencies = {} } = require('./package.json') as { dependencies?: Record<string, string> };

  const shared: Record<string, SharedSingleton> = {};
  for (const name of SINGLETON_PACKAGES) {
    const requiredVersion = dependencies[name];
    if (!requiredVersion) {
      throw new Error(`Module Federation: "${name}" is shared, so it must be listed in dependencies.`);
    }
    const { version } = require(`${name}/package.json`) as { version: string };
    const config: SharedSingleton = { singleton: true, eager: false, version, requiredVersion };
    shared[name] = config;
    if (SUB_PATH_PACKAGES.has(name)) shared[`${name}/`] = config;
  }
  return shared;
}
