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
  html: {
    title: 'SafarSaathi: find a travel companion for your flight',
    // The template adds `lang` (WCAG 3.1.1), which rsbuild's default page lacks, and what search engines
    // and link previews read (description, Open Graph, icons); its charset and viewport come first.
    template: './index.html',
    meta: { charset: false, viewport: false },
    // `public/` (the icons, scripts/web-icons.ts) is copied to the root of dist. Named here, rsbuild links
    // the SVG instead of linking public/favicon.ico by itself; the template links the ICO with its sizes
    // (so that browsers reading both take the SVG).
    favicon: './public/favicon.svg',
  },
  output: { assetPrefix: '/' },
  server: {
    port: 3000,
    historyApiFallback: true,
    // `rsbuild dev` serves only the shell; the gateway (port 8080) serves the APIs and the remotes.
    proxy: { '/api': 'http://localhost:8080', '/remotes': 'http://localhost:8080' },
  },
});
