import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { REMOTE_EXPERIMENTS, remoteLibrary, sharedSingletons } from '@safarsaathi/web-kit/federation';

/** Where the gateway serves this remote's build; chunk URLs in mf-manifest.json start with it. */
const PUBLIC_PATH = '/remotes/account/';

/** The `account` remote: dashboard, profile, notifications, help and support (form and cases), guided tour. */
export default defineConfig({
  plugins: [
    pluginReact(),
    pluginModuleFederation({
      name: 'account',
      filename: 'remoteEntry.js',
      library: remoteLibrary('account'),
      exposes: {
        './DashboardPage': './src/pages/DashboardPage.tsx',
        './ProfilePage': './src/pages/ProfilePage.tsx',
        './HelpSupportPage': './src/pages/HelpSupportPage.tsx',
        // For other screens that want them: the bell (with its list) and the help button (with its dialog).
        './NotificationBell': './src/notifications/NotificationBell.tsx',
        './HelpButton': './src/support/HelpButton.tsx',
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
