import { createRequire } from 'node:module';
import path from 'node:path';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { REMOTE_EXPERIMENTS, remoteLibrary, sharedSingletons } from '@safarsaathi/web-kit/federation';

/** The ALTCHA widget's PBKDF2 worker (login/ProofOfWork.tsx loads it from PUBLIC_PATH/altcha/). */
const ALTCHA_WORKER = path.join(
  path.dirname(createRequire(import.meta.url).resolve('altcha')),
  '..',
  'workers',
  'pbkdf2.js',
);

/** Where the gateway serves this remote's build; chunk URLs in mf-manifest.json start with it. */
const PUBLIC_PATH = '/remotes/site/';

/** The `site` remote: public pages, sign-in and registration. */
export default defineConfig({
  plugins: [
    pluginReact(),
    pluginModuleFederation({
      name: 'site',
      filename: 'remoteEntry.js',
      library: remoteLibrary('site'),
      exposes: {
        './LandingPage': './src/pages/LandingPage.tsx',
        './LearnMorePage': './src/pages/LearnMorePage.tsx',
        './LoginPage': './src/pages/LoginPage.tsx',
        './OtpVerificationPage': './src/pages/OtpVerificationPage.tsx',
        './LegalPage': './src/pages/LegalPage.tsx',
        './PrivacyNoticePage': './src/pages/PrivacyNoticePage.tsx',
        './LoginDialog': './src/login/LoginDialog.tsx',
      },
      shared: sharedSingletons(import.meta.url),
      experiments: REMOTE_EXPERIMENTS,
      dts: false,
    }),
  ],
  // The remote has no page of its own: the shell renders its exposed modules.
  source: {
    entry: {},
    // The development sign-in aid is compiled in only when asked for (`npm start` in development sets
    // WEB_DEV_AIDS=1); every other build, production ones included, leaves its code out altogether.
    define: { __DEV_AIDS__: JSON.stringify(process.env.WEB_DEV_AIDS === '1') },
  },
  output: { assetPrefix: PUBLIC_PATH, copy: [{ from: ALTCHA_WORKER, to: 'altcha/pbkdf2.js' }] },
});
