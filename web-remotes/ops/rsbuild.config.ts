import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { REMOTE_EXPERIMENTS, remoteLibrary, sharedSingletons } from '@safarsaathi/web-kit/federation';

/** Where the gateway serves this remote's build; chunk URLs in mf-manifest.json start with it. */
const PUBLIC_PATH = '/remotes/ops/';

/** The `ops` remote: administrator tools. */
export default defineConfig({
  plugins: [
    pluginReact(),
    pluginModuleFederation({
      name: 'ops',
      filename: 'remoteEntry.js',
      library: remoteLibrary('ops'),
      exposes: {
        './UserStatusPage': './src/pages/UserStatusPage.tsx',
        './CasesPage': './src/pages/CasesPage.tsx',
        './AuditLogPage': './src/pages/AuditLogPage.tsx',
      },
      shared: sharedSingletons(import.meta.url),
      experiments: REMOTE_EXPERIMENTS,
      dts: false,
    }),
  ],
  // The remote has no page of its own: the shell renders its exposed modules.
  source: { entry: {} },
  output: { assetPrefix: PUBLIC_PATH },
});
