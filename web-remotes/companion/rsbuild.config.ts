import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { REMOTE_EXPERIMENTS, remoteLibrary, sharedSingletons } from '@safarsaathi/web-kit/federation';

/** Where the gateway serves this remote's build; chunk URLs in mf-manifest.json start with it. */
const PUBLIC_PATH = '/remotes/companion/';

/** The `companion` remote: companion service screen, travel form, travel list and the public shared trip page. */
export default defineConfig({
  plugins: [
    pluginReact(),
    pluginModuleFederation({
      name: 'companion',
      filename: 'remoteEntry.js',
      library: remoteLibrary('companion'),
      exposes: {
        './CompanionServicePage': './src/pages/CompanionServicePage.tsx',
        './TravelFormPage': './src/pages/TravelFormPage.tsx',
        './TravelListPage': './src/pages/TravelListPage.tsx',
        './SharedTripPage': './src/pages/SharedTripPage.tsx',
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
