/**
 * Web assets: the built shell at /, each remote at /remotes/<name>/, the runtime remote manifest
 * (so a remote can be redeployed alone), and the SPA fallback (the legal pages are pages of the app).
 *
 * Assets are compressed at build time (scripts/precompress-web.ts writes `<file>.br` and `<file>.gz`);
 * express-static-gzip picks the variant the browser accepts (brotli first), with `Content-Encoding` and
 * `Vary: Accept-Encoding`. Hashed file names are cached for a year as immutable; HTML, manifests and
 * remote entries (fixed names) are revalidated on every use.
 */
import fs from 'node:fs';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import { Router, type Request, type RequestHandler, type Response } from 'express';
import expressStaticGzip from 'express-static-gzip';
import {
  DEFAULT_LOCALE,
  HTTP_MESSAGES,
  LOCALE_COOKIE,
  SESSION_COOKIE,
  SIGNED_IN_HINT_COOKIE,
  firstPaintFileFor,
  robotsTxt,
  visitorLocale,
} from '@safarsaathi/contracts';
import { notFound } from '@safarsaathi/platform';
import type { GatewayConfig } from './config';
import { methodNotAllowed } from './guards';
import { sharedPageToken, withSharedTripPreview } from './link-preview';
import type { SharedTripPreviewReader } from './shared-links';

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

/** A content hash in the file name (`index.9cc739c679.js`): its content never changes under that name. */
export function isHashedAsset(file: string): boolean {
  const name = path.basename(file).replace(/\.(br|gz)$/, '');
  return /\.[0-9a-f]{8,}\.(js|css|woff2?|png|svg|jpg|webp|avif)$/.test(name) && !name.includes('remoteEntry');
}

/** A path whose last segment names a file by its type (`/favicon.ico`, `/sw.js`), never a page of the app. */
export function isFileName(urlPath: string): boolean {
  return /\.(ico|png|svg|jpe?g|gif|webp|avif|txt|xml|json|webmanifest|js|mjs|css|map|woff2?|ttf)$/i.test(
    urlPath,
  );
}

/** The service worker (scripts/build-sw.ts) and the web app manifest, at the root of the shell's dist. */
const SERVICE_WORKER = 'sw.js';
const WEB_MANIFEST = 'manifest.webmanifest';

function setCacheHeaders(res: ServerResponse, file: string): void {
  res.setHeader('Cache-Control', isHashedAsset(file) ? 'public, max-age=31536000, immutable' : 'no-cache');
  const name = path.basename(file).replace(/\.(br|gz)$/, '');
  // The worker controls the whole site from /sw.js (its default scope is / already; said for proxies
  // that move it). `no-cache`: browsers check it on every visit, so a deployment is found at once.
  if (name === SERVICE_WORKER) res.setHeader('Service-Worker-Allowed', '/');
  // The registered type (serve-static's table may lack it on older versions).
  if (name === WEB_MANIFEST) res.setHeader('Content-Type', 'application/manifest+json; charset=utf-8');
}

/**
 * Serves `root` with its precompressed variants; anything it does not have goes to `next()` (a directory
 * too: no redirect to its slash form, no listing). express-static-gzip lists the variants once, so the
 * handler is made again when the folder changes (a new build replaces it while the gateway runs).
 */
function staticAssets(root: string): RequestHandler {
  let current: { mtimeMs: number; handler: RequestHandler } | undefined;
  return (req, res, next) => {
    // express-static-gzip answers an undecodable path itself, in plain text: the error handler's 400 instead.
    try {
      decodeURIComponent(req.path);
    } catch (error) {
      next(error);
      return;
    }
    let mtimeMs: number;
    try {
      mtimeMs = fs.statSync(root).mtimeMs;
    } catch {
      next();
      return;
    }
    if (current?.mtimeMs !== mtimeMs) {
      const handler = expressStaticGzip(root, {
        enableBrotli: true,
        orderPreference: ['br', 'gzip'],
        index: false,
        // fallthrough: a missing file is the caller's 404. With `false`, serve-static's own 404 error is
        // not marked for the client (`expose: false`) and was answered 500.
        serveStatic: { index: false, redirect: false, fallthrough: true, setHeaders: setCacheHeaders },
      }) as unknown as RequestHandler;
      current = { mtimeMs, handler };
    }
    current.handler(req, res, next);
  };
}

/**
 * Sends a page (index.html, a landing page) in the precompressed form the browser accepts (the build writes
 * `.br` and `.gz` beside it), else as it is: the landing pages carry their first screen's styles (≈ 85 KB), which
 * took a phone on a slow network ≈ 0.4 s longer to receive uncompressed.
 */
function sendPage(req: Request, res: Response, file: string): void {
  res.vary('Accept-Encoding');
  // Brotli whenever accepted (smaller), as for the other assets, whatever order the browser lists them in.
  const encoding = req.acceptsEncodings('br') ? 'br' : req.acceptsEncodings('gzip') ? 'gzip' : undefined;
  const variant = encoding && `${file}.${encoding === 'br' ? 'br' : 'gz'}`;
  if (variant && fs.existsSync(variant)) {
    // Set before sendFile, which then keeps them (it would name the type after the .br or .gz extension).
    res.type('html');
    res.setHeader('Content-Encoding', encoding);
    res.sendFile(variant);
    return;
  }
  res.sendFile(file);
}

/** Whether a session token is live (blocked sessions count: their page must load to say so). */
export type SessionCheck = (token: string) => Promise<boolean>;

/**
 * Keeps the page-readable hint (SIGNED_IN_HINT_COOKIE) in step with the httpOnly session on every page
 * load: set while the session cookie names a live session, removed otherwise (signed out elsewhere,
 * expired, never signed in). The web app asks for the user only when the hint is there.
 */
async function syncSignedInHint(
  req: Request,
  res: Response,
  config: GatewayConfig,
  sessionIsLive: SessionCheck,
): Promise<boolean> {
  const token: unknown = req.cookies?.[SESSION_COOKIE];
  const hinted = req.cookies?.[SIGNED_IN_HINT_COOKIE] === '1';
  let live = false;
  if (typeof token === 'string' && token.length > 0 && token.length <= 200) {
    try {
      live = await sessionIsLive(token);
    } catch {
      // Redis unreachable: the page asks the server, which will say.
      live = true;
    }
  }
  if (live && !hinted) {
    res.cookie(SIGNED_IN_HINT_COOKIE, '1', {
      sameSite: 'lax',
      secure: config.APP_ENV === 'production',
      path: '/',
    });
  } else if (!live && hinted) {
    res.clearCookie(SIGNED_IN_HINT_COOKIE, { path: '/' });
  }
  return live;
}

export function webRoutes(
  config: GatewayConfig,
  sessionIsLive: SessionCheck = async () => true,
  readSharedTrip?: SharedTripPreviewReader,
): Router {
  const router = Router();
  const remoteAssets = new Map<string, RequestHandler>();

  router.get('/remotes.json', (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.json(remoteManifest(config));
  });

  // Everything under /remotes/ is a remote's file or a 404 (405 for other methods), never the SPA page.
  const readOnly = methodNotAllowed(['GET', 'HEAD']);
  router.use('/remotes', (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return readOnly(req, res, next);
    const missing = () => next(notFound(HTTP_MESSAGES.notFound));
    const name = /^\/([a-z0-9-]+)\//.exec(req.path)?.[1];
    if (!name) return missing();
    // Remote manifests are fetched with CORS by the MF runtime.
    res.setHeader('Access-Control-Allow-Origin', '*');
    let serve = remoteAssets.get(name);
    if (!serve) {
      const dist = path.join(config.WEB_REMOTES_DIR, name, 'dist');
      if (!fs.existsSync(dist)) return missing();
      serve = staticAssets(dist);
      remoteAssets.set(name, serve);
    }
    // The remote's files are served from its dist folder, so the URL below /remotes/<name> is the file's path.
    const url = req.url;
    req.url = req.url.slice(name.length + 1);
    serve(req, res, (error?: unknown) => {
      req.url = url;
      if (error) next(error);
      else missing();
    });
  });

  // Crawlers may read the public pages, not the signed-in ones, shared trips or the API (contracts web-pages.ts).
  const robots = robotsTxt();
  router.get('/robots.txt', (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.type('text/plain').send(robots);
  });

  router.use(staticAssets(config.WEB_SHELL_DIR));

  // SPA fallback: any other page navigation gets the shell's index.html. A missing file (an icon, a
  // manifest, a script) is not a page: it gets a 404, not HTML under its name.
  router.get(/^\/(?!api\/|users\/|help-support\/|data\/|remotes\/).*/, async (req, res, next) => {
    if (!req.accepts('html') || isFileName(req.path)) return next();
    const signedIn = await syncSignedInHint(req, res, config, sessionIsLive);
    // `/` for a visitor: the landing page's first paint pre-rendered at build time
    // (web-shell/scripts/prerender-landing.ts), painted before any JavaScript runs, in the visitor's language
    // (the page's last language, else the browser's). Signed in, `/` leads on to the dashboard, so the plain shell.
    // `/dashboard` signed in: the dashboard's frame (web-shell/scripts/dashboard-first-paint.ts), painted while
    // the shell's scripts load; signed out, the plain shell, which leads on to the sign-in.
    const firstPaint = firstPaintFileFor(req.path, signedIn);
    if (firstPaint) {
      const locale = visitorLocale(req.cookies?.[LOCALE_COOKIE], req.headers['accept-language']);
      const page = [firstPaint(locale), firstPaint(DEFAULT_LOCALE)]
        .map((file) => path.join(config.WEB_SHELL_DIR, file))
        .find((file) => fs.existsSync(file));
      if (page) {
        res.setHeader('Cache-Control', 'no-cache');
        res.vary('Accept-Language').vary('Cookie');
        sendPage(req, res, page);
        return;
      }
    }
    const index = path.join(config.WEB_SHELL_DIR, 'index.html');
    if (!fs.existsSync(index)) {
      res.status(503).type('text/plain').send('The web app is not built yet: run `npm run build:web`.');
      return;
    }
    const token = sharedPageToken(req.path);
    if (token === undefined) {
      res.setHeader('Cache-Control', 'no-cache');
      sendPage(req, res, index);
      return;
    }
    // A family link: its preview names the trip (link-preview.ts). Kept by no cache (a revoked link's
    // preview must stop at once, like its view) and by no search index (robots.txt says so to crawlers
    // that read it; a link-preview fetcher may not).
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Robots-Tag', 'noindex, nofollow');
    res.vary('Accept-Language');
    const reading = readSharedTrip?.(token, req).catch(() => undefined);
    let template: string;
    try {
      template = await fs.promises.readFile(index, 'utf8');
    } catch (error) {
      next(error);
      return;
    }
    const view = await reading;
    // Unknown, revoked or expired link, or the companion service slow or down: the generic tags.
    const page = view ? withSharedTripPreview(template, view, req.headers['accept-language']) : template;
    res.type('html').send(page);
  });
  return router;
}
