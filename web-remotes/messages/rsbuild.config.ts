import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { REMOTE_EXPERIMENTS, remoteLibrary, sharedSingletons } from '@safarsaathi/web-kit/federation';

/** Where the gateway serves this remote's build; chunk URLs in mf-manifest.json start with it. */
const PUBLIC_PATH = '/remotes/messages/';

/** The `messages` remote: the Messages screen and the chat dialog other remotes open. */
export default defineConfig({
  plugins: [
    pluginReact(),
    pluginModuleFederation({
      name: 'messages',
      filename: 'remoteEntry.js',
      library: remoteLibrary('messages'),
      exposes: {
        './MessagesPage': './src/pages/MessagesPage.tsx',
        './ChatDialog': './src/chat/ChatDialog.tsx',
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
