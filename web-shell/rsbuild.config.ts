import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { HOST_EXPERIMENTS, sharedSingletons } from '@safarsaathi/web-kit/federation';
import { HOST_NAME } from './src/federation/hostName';

/** The shell: the federation host. Remote URLs are not compiled in; they come from /remotes.json at runtime. */
export default defineConfig({
  plugins: [
    pluginReact(),
    pluginModuleFederation({
      name: HOST_NAME,
      remotes: {},
      shared: sharedSingletons(import.meta.url),
      // The shell exposes nothing, so it can provide the federation runtime to every remote.
      experiments: HOST_EXPERIMENTS,
      // A remote that is down must not stop the shell from starting: use what is loaded, do not
      // fetch every remote up front to compare shared versions.
      shareStrategy: 'loaded-first',
      dts: false,
      // Only remotes need a manifest: nothing loads the shell through federation.
      manifest: false,
    }),
  ],
  // The template only adds `lang` (WCAG 3.1.1): rsbuild's default page has none.
  html: { title: 'SafarSaathi', template: './index.html' },
  output: { assetPrefix: '/' },
  server: {
    port: 3000,
    historyApiFallback: true,
    // `rsbuild dev` serves only the shell; the gateway (port 8080) serves the APIs and the remotes.
    proxy: { '/api': 'http://localhost:8080', '/remotes': 'http://localhost:8080' },
  },
});
