import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { REMOTE_EXPERIMENTS, remoteLibrary, sharedSingletons } from '@safarsaathi/web-kit/federation';

/** Where the gateway serves this remote's build; chunk URLs in mf-manifest.json start with it. */
const PUBLIC_PATH = '/remotes/search/';

/** The `search` remote: the shared traveller search widget (landing page and dashboard). */
export default defineConfig({
  plugins: [
    pluginReact(),
    pluginModuleFederation({
      name: 'search',
      filename: 'remoteEntry.js',
      library: remoteLibrary('search'),
      exposes: {
        './SearchWidget': './src/widget/SearchWidget.tsx',
      },
      shared: sharedSingletons(import.meta.url),
      experiments: REMOTE_EXPERIMENTS,
      dts: false,
    }),
  ],
  // The remote has no page of its own: the landing page and the dashboard embed its widget.
  source: { entry: {} },
  output: { assetPrefix: PUBLIC_PATH },
});
