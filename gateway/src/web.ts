/**
 * Web assets: the built shell at /, each remote at /remotes/<name>/, the runtime remote manifest
 * (so a remote can be redeployed alone), the legal pages, and the SPA fallback.
 */
import fs from 'node:fs';
import path from 'node:path';
import express, { Router } from 'express';
import type { GatewayConfig } from './config';

const PUBLIC_DIR = path.resolve(__dirname, '..', 'public');

/** Remotes found on disk (web-remotes/<name>/dist/mf-manifest.json) plus configured overrides. */
export function remoteManifest(config: GatewayConfig): Record<string, string> {
  const manifest: Record<string, string> = {};
  if (fs.existsSync(config.WEB_REMOTES_DIR)) {
    for (const name of fs.readdirSync(config.WEB_REMOTES_DIR)) {
      if (fs.existsSync(path.join(config.WEB_REMOTES_DIR, name, 'dist', 'mf-manifest.json'))) {
        manifest[name] = `/remotes/${name}/mf-manifest.json`;
      }
    }
  }
  return { ...manifest, ...config.remoteOverrides };
}

export function webRoutes(config: GatewayConfig): Router {
  const router = Router();
  // Hashed assets can be cached for long; HTML, manifests and remoteEntry files must be revalidated.
  const setCacheHeaders = (res: express.Response, file: string) => {
    const immutable = /\.[0-9a-f]{8,}\.(js|css|woff2?|png|svg|jpg)$/.test(file) && !file.includes('remoteEntry');
    res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
  };

  router.get('/remotes.json', (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.json(remoteManifest(config));
  });

  router.use(
    '/remotes/:name',
    (req, res, next) => {
      const name = String(req.params.name);
      if (!/^[a-z0-9-]+$/.test(name)) return next();
      // Remote manifests are fetched with CORS by the MF runtime.
      res.setHeader('Access-Control-Allow-Origin', '*');
      express.static(path.join(config.WEB_REMOTES_DIR, name, 'dist'), { setHeaders: setCacheHeaders, fallthrough: false })(
        req,
        res,
        next,
      );
    },
  );

  router.get(['/terms-conditions.html', '/privacy-policy.html'], (req, res) => {
    res.sendFile(path.join(PUBLIC_DIR, path.basename(req.path)));
  });

  router.use(express.static(config.WEB_SHELL_DIR, { index: false, setHeaders: setCacheHeaders }));

  // SPA fallback: any other page navigation gets the shell's index.html.
  router.get(/^\/(?!api\/|users\/|help-support\/|data\/|remotes\/).*/, (req, res, next) => {
    if (!req.accepts('html')) return next();
    const index = path.join(config.WEB_SHELL_DIR, 'index.html');
    if (!fs.existsSync(index)) {
      res.status(503).type('text/plain').send('The web app is not built yet: run `npm run build:web`.');
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
  return router;
}
