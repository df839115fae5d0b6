/**
 * SafarSaathi's service worker (/sw.js), built by scripts/build-sw.ts: esbuild bundles this file, then
 * Workbox's injectManifest writes the precache list of the shell and every remote into it.
 *
 * - The shell and the remotes come from one precache, versioned by content: a page runs entirely on one
 *   deployment. Navigations get the precached index.html (the app shell), so a page never pairs a new
 *   shell with old remotes or the reverse; a visitor's `/` gets the precached landing page's first paint
 *   and a signed-in `/dashboard` the dashboard's frame (in the page's language), as from the gateway.
 * - A new worker installs beside the old one and waits; the page offers a reload, and only then does it
 *   take over (docs/decisions.md "Offline and install").
 * - The companion page's answers (and the user they belong to) are kept network-first, without the hand-over
 *   code or any phone number (offlineCopyOf); an answer served from the cache carries
 *   OFFLINE_CACHED_AT_HEADER. They are forgotten on sign-out, sign-in and any 401 or 403 of theirs (the page
 *   forgets them on any 401 and when its live stream ends with the session), and never used once the
 *   session that kept them must have ended: older than a session lives, or with the signed-in hint gone.
 * - Push: shows the notification of the payload and opens its screen when tapped.
 */
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  matchPrecache,
  precacheAndRoute,
} from 'workbox-precaching';
import type { PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import {
  OFFLINE_API_CACHE,
  OFFLINE_API_PATHS,
  OFFLINE_CACHED_AT_HEADER,
  SESSION_CHANGING_PATHS,
  SKIP_WAITING_MESSAGE,
  WARM_API_MESSAGE,
  CLICK_NOTIFICATION_MESSAGE,
  keptWithinSession,
  offlineCopyOf,
} from '../../web-kit/src/offline/offlineCache';
// The zod-free modules of the contracts (the worker bundles what it imports).
import { firstPaintFileFor, visitorLocale } from '../../contracts/src/locales';
import {
  LOCALE_COOKIE,
  SESSION_LIFETIME_SECONDS,
  SIGNED_IN_HINT_COOKIE,
} from '../../contracts/src/page-cookies';

/** The files kept on first use instead of at install (scripts/build-sw.ts, OnDemandFiles). */
interface OnDemandFiles {
  languages: Record<string, Array<{ url: string; revision: string | null }>>;
  signedIn: string[];
  other: string[];
}

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<PrecacheEntry | string>;
  __SS_ON_DEMAND: OnDemandFiles;
};

const RUNTIME_CACHE = 'safarsaathi-runtime-v1';
/**
 * The files of this deployment kept on first use (other languages, the ops console, the remotes' copies of
 * shared libraries: scripts/build-sw.ts). One deployment's entries: a chunk's name is its content hash and a
 * fixed-name file (a language's first paint) is keyed with its revision, as the precache keys them, so a page
 * never pairs files of two deployments; activation drops what the new deployment no longer lists.
 */
const FILES_CACHE = 'safarsaathi-files-v1';
const ON_DEMAND = self.__SS_ON_DEMAND;
const fileKey = (file: { url: string; revision: string | null }) =>
  file.revision ? `${file.url}?__ss_rev=${file.revision}` : file.url;
/** Served path → cache key, and → the language it belongs to. */
const ON_DEMAND_KEYS = new Map<string, string>(
  [...ON_DEMAND.other, ...ON_DEMAND.signedIn].map((url) => [url, url]),
);
const SIGNED_IN_FILES = new Set(ON_DEMAND.signedIn);
const LANGUAGE_OF_FILE = new Map<string, string>();
for (const [language, files] of Object.entries(ON_DEMAND.languages))
  for (const file of files) {
    ON_DEMAND_KEYS.set(file.url, fileKey(file));
    LANGUAGE_OF_FILE.set(file.url, language);
  }

/** Keeps every file of a language (its chunks and first paints) that is not kept yet. */
async function keepLanguage(language: string): Promise<void> {
  const files = ON_DEMAND.languages[language];
  if (!files) return;
  const cache = await caches.open(FILES_CACHE);
  await Promise.all(
    files.map(async (file) => {
      const key = fileKey(file);
      if (await cache.match(key)) return;
      // A first paint is checked against its revision; a chunk's name is its content.
      if (file.revision) return void (await fetchFirstPaint(file.url));
      const response = await fetch(file.url);
      if (response.ok) await cache.put(key, response);
    }),
  );
}

/** The hex SHA-256 of a body (a language's first paint is checked against its revision). */
async function sha256(body: ArrayBuffer): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', body));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * A language's first paint that is not kept yet, from the network, kept if it is this deployment's (its
 * SHA-256 is the revision build-sw wrote); undefined otherwise (offline, or the server has a newer one).
 */
async function fetchFirstPaint(pathname: string): Promise<Response | undefined> {
  const entry = ON_DEMAND.languages[LANGUAGE_OF_FILE.get(pathname) ?? '']?.find((f) => f.url === pathname);
  if (!entry?.revision) return undefined;
  const response = await fetch(pathname, { cache: 'reload', credentials: 'same-origin' });
  if (!response.ok) return undefined;
  const body = await response.arrayBuffer();
  if ((await sha256(body)) !== entry.revision) return undefined;
  const headers = new Headers(response.headers);
  // The body is the decoded page: the network's compression and length no longer apply.
  headers.delete('content-encoding');
  headers.delete('content-length');
  const kept = new Response(body, { status: 200, headers });
  await (await caches.open(FILES_CACHE)).put(fileKey(entry), kept.clone());
  return kept;
}

/** Keeps every chunk of the signed-in remotes not kept yet (their names are their content). */
async function keepSignedInFiles(): Promise<void> {
  const cache = await caches.open(FILES_CACHE);
  for (const url of ON_DEMAND.signedIn) {
    if (await cache.match(url)) continue;
    const response = await fetch(url);
    if (response.ok) await cache.put(url, response);
  }
}

/** Whether this browser holds the signed-in hint (a worker has no document.cookie: the Cookie Store). */
async function signedInHere(): Promise<boolean> {
  const cookies = (self as unknown as { cookieStore?: WorkerCookieStore }).cookieStore;
  const hint = await cookies?.get(SIGNED_IN_HINT_COOKIE).catch(() => null);
  return hint?.value === '1';
}

/** A kept on-demand file (undefined when it is not, or not this deployment's). */
async function keptFile(pathname: string): Promise<Response | undefined> {
  const key = ON_DEMAND_KEYS.get(pathname);
  return key ? (await caches.open(FILES_CACHE)).match(key) : undefined;
}

/** The Noto Sans faces of the scripts the reader has used (not precached: scripts/build-sw.ts). */
const SCRIPT_FONT_CACHE = 'safarsaathi-script-fonts-v1';
/** The icon shown with a push (the payload names none: it is always the app's). */
const PUSH_ICON = '/icons/icon-192.png';
const PUSH_BADGE = '/icons/icon-192.png';
/** Past this an airport's slow network counts as none: the page shows the kept answer (the fetch goes on). */
const API_NETWORK_TIMEOUT_SECONDS = 6;

// Registered first: seeing a sign-in or sign-out clears the kept answers before anything else runs.
self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (
    event.request.method !== 'GET' &&
    url.origin === self.location.origin &&
    SESSION_CHANGING_PATHS.includes(url.pathname)
  ) {
    event.waitUntil(caches.delete(OFFLINE_API_CACHE));
  }
});

/** The Cookie Store API, which Chromium offers to workers (a worker has no document.cookie). */
interface WorkerCookieStore {
  get(name: string): Promise<{ value: string } | null>;
}

/**
 * A page's first paint as the gateway answers it (gateway/src/web.ts), from this deployment's precache, in the
 * language the page was last in (else the browser's), painted before any script runs instead of the bare shell
 * that paints nothing until the whole app has loaded: `/` for a visitor (the landing page), `/dashboard` signed
 * in (the dashboard's frame). Otherwise, or in a browser whose worker cannot read cookies: undefined, the shell.
 */
async function firstPaintFor(pathname: string): Promise<Response | undefined> {
  const cookies = (self as unknown as { cookieStore?: WorkerCookieStore }).cookieStore;
  if (!cookies) return undefined;
  const [hint, language] = await Promise.all([
    cookies.get(SIGNED_IN_HINT_COOKIE).catch(() => null),
    cookies.get(LOCALE_COOKIE).catch(() => null),
  ]);
  const fileFor = firstPaintFileFor(pathname, hint?.value === '1');
  if (!fileFor) return undefined;
  const locale = visitorLocale(language?.value, self.navigator.languages.join(','));
  // English is precached, the visitor's language kept at install (another one once the page has loaded it);
  // otherwise the shell, which paints in the right language when it has loaded, not an English first paint.
  const file = `/${fileFor(locale)}`;
  return (
    (await matchPrecache(file)) ??
    (await keptFile(file)) ??
    (await fetchFirstPaint(file).catch(() => undefined))
  );
}

/** The language a visitor's pages will be in (as firstPaintFor chooses it); English without the Cookie Store. */
async function visitorLanguage(): Promise<string> {
  const cookies = (self as unknown as { cookieStore?: WorkerCookieStore }).cookieStore;
  const language = await cookies?.get(LOCALE_COOKIE).catch(() => null);
  return visitorLocale(language?.value, self.navigator.languages.join(','));
}

/** The answer as it may be kept: its JSON without the code and phone numbers, the server's headers (its Date). */
async function keptCopy(response: Response): Promise<Response> {
  const headers = new Headers(response.headers);
  // The body is written anew: its length and the network's compression no longer apply.
  headers.delete('content-length');
  headers.delete('content-encoding');
  return new Response(JSON.stringify(offlineCopyOf(await response.json())), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

/**
 * Whether a kept answer, sent by the server at `sentAt`, may still be shown: within a session's lifetime
 * (keptWithinSession), and while this browser holds the signed-in hint (gone after a sign-out here, or
 * when the gateway found the session gone).
 */
async function keptCopyUsable(sentAt: number): Promise<boolean> {
  if (!keptWithinSession(sentAt, Date.now(), SESSION_LIFETIME_SECONDS)) return false;
  const cookies = (self as unknown as { cookieStore?: WorkerCookieStore }).cookieStore;
  if (!cookies) return true;
  const hint = await cookies.get(SIGNED_IN_HINT_COOKIE).catch(() => null);
  return hint?.value === '1';
}

// Registered before the precache's own route, which answers `/` with index.html (its directory index), and
// before the route of every page.
registerRoute(
  ({ request, url }) =>
    request.mode === 'navigate' &&
    url.origin === self.location.origin &&
    (url.pathname === '/' || url.pathname === '/dashboard'),
  async (options) =>
    (await firstPaintFor(options.url.pathname).catch(() => undefined)) ??
    createHandlerBoundToURL('/index.html')(options),
);

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// The files kept on first use: from the cache once kept; a language's first chunk brings the rest of it.
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin && request.method === 'GET' && ON_DEMAND_KEYS.has(url.pathname),
  async ({ url, event }) => {
    const kept = await keptFile(url.pathname);
    if (kept) return kept;
    const response = await fetch(url.pathname, { credentials: 'same-origin' });
    if (response.ok) {
      const cache = await caches.open(FILES_CACHE);
      await cache.put(ON_DEMAND_KEYS.get(url.pathname)!, response.clone());
      const language = LANGUAGE_OF_FILE.get(url.pathname);
      if (language) (event as ExtendableEvent).waitUntil(keepLanguage(language).catch(() => undefined));
      // A signed-in remote in use: the rest of them too, so the app works offline after this visit.
      if (SIGNED_IN_FILES.has(url.pathname))
        (event as ExtendableEvent).waitUntil(keepSignedInFiles().catch(() => undefined));
    }
    return response;
  },
);

// Pages of the app get the precached shell. Server-rendered or file paths are not pages of the app.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/(api|users|help-support|data|remotes)\//, /\.[a-z0-9]+$/i],
  }),
);

// A script's font, kept once used (its name carries its content hash), so the app shows that language offline.
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin &&
    request.method === 'GET' &&
    /^\/static\/font\/noto-sans-[a-z-]+-\d{3}-normal\.[0-9a-f]+\.woff2?$/.test(url.pathname),
  new CacheFirst({ cacheName: SCRIPT_FONT_CACHE }),
);

// The remotes' list: fresh when online (it can name a remote served elsewhere), the last one offline.
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin && url.pathname === '/remotes.json' && request.method === 'GET',
  new NetworkFirst({ cacheName: RUNTIME_CACHE, networkTimeoutSeconds: 4 }),
);

registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin &&
    request.method === 'GET' &&
    (OFFLINE_API_PATHS as readonly string[]).includes(url.pathname),
  new NetworkFirst({
    cacheName: OFFLINE_API_CACHE,
    networkTimeoutSeconds: API_NETWORK_TIMEOUT_SECONDS,
    plugins: [
      {
        // The session ended: nobody's data stays for the next person on this phone.
        fetchDidSucceed: async ({ response }) => {
          if (response.status === 401 || response.status === 403) await caches.delete(OFFLINE_API_CACHE);
          return response;
        },
        cacheWillUpdate: async ({ response }) => (response.status === 200 ? keptCopy(response) : null),
        // Marks an answer that comes from the cache, with the time the server sent it; one of a session that
        // must have ended is forgotten instead.
        cachedResponseWillBeUsed: async ({ cachedResponse }) => {
          if (!cachedResponse) return null;
          const sent = Date.parse(cachedResponse.headers.get('date') ?? '');
          if (!(await keptCopyUsable(sent))) {
            await caches.delete(OFFLINE_API_CACHE);
            return null;
          }
          const headers = new Headers(cachedResponse.headers);
          headers.set(OFFLINE_CACHED_AT_HEADER, new Date(sent).toISOString());
          return new Response(await cachedResponse.blob(), {
            status: cachedResponse.status,
            statusText: cachedResponse.statusText,
            headers,
          });
        },
      },
    ],
  }),
);

self.addEventListener('install', (event) => {
  event.waitUntil(
    Promise.all([
      // The remotes' list is not precached (see above); keep it now so the first offline start finds it.
      caches
        .open(RUNTIME_CACHE)
        .then((cache) => cache.add('/remotes.json'))
        .catch(() => undefined),
      // The visitor's language (English is precached): an installed app opens in it, offline too.
      visitorLanguage()
        .then((language) => keepLanguage(language))
        .catch(() => undefined),
      // A signed-in browser's remotes: its next visit may be offline, at the airport.
      signedInHere()
        .then((signedIn) => (signedIn ? keepSignedInFiles() : undefined))
        .catch(() => undefined),
    ]),
  );
});

/** What the network-first route would keep, fetched now (with the session cookie, like the page's calls). */
async function warmApiCache(): Promise<void> {
  const cache = await caches.open(OFFLINE_API_CACHE);
  for (const path of OFFLINE_API_PATHS) {
    const response = await fetch(path, {
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    });
    if (response.status === 401 || response.status === 403)
      return void (await caches.delete(OFFLINE_API_CACHE));
    if (response.status === 200) await cache.put(path, await keptCopy(response));
  }
}

self.addEventListener('message', (event) => {
  const data = event.data as unknown;
  if (data === SKIP_WAITING_MESSAGE) void self.skipWaiting();
  else if (data === WARM_API_MESSAGE) event.waitUntil(warmApiCache().catch(() => undefined));
  else if (
    typeof data === 'object' &&
    data !== null &&
    (data as { type?: unknown }).type === CLICK_NOTIFICATION_MESSAGE
  ) {
    const tag = (data as { tag?: unknown }).tag;
    event.waitUntil(
      self.registration
        .getNotifications(typeof tag === 'string' ? { tag } : undefined)
        .then((shown) => (shown[0] ? openNotification(shown[0]) : undefined)),
    );
  }
});

self.addEventListener('activate', (event) => {
  // The first worker controls the page that registered it at once (it has nothing older to replace).
  event.waitUntil(self.clients.claim());
});

interface PushData {
  title: string;
  body: string;
  url: string;
  tag?: string;
}

/** The payload (contracts pushPayloadSchema); a path of this site only, never another origin. */
function pushDataOf(event: PushEvent): PushData | null {
  try {
    const data = event.data?.json() as Partial<PushData> | undefined;
    if (!data || typeof data.title !== 'string' || typeof data.body !== 'string') return null;
    const url = typeof data.url === 'string' && /^\/[^/\\]/.test(data.url) ? data.url : '/dashboard';
    return {
      title: data.title,
      body: data.body,
      url,
      tag: typeof data.tag === 'string' ? data.tag : undefined,
    };
  } catch {
    return null;
  }
}

self.addEventListener('push', (event) => {
  const data = pushDataOf(event);
  if (!data) return;
  event.waitUntil(
    self.registration.showNotification(data.title, {
      body: data.body,
      icon: PUSH_ICON,
      badge: PUSH_BADGE,
      tag: data.tag,
      data: { url: data.url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.waitUntil(openNotification(event.notification));
});

/** A tapped notification: closes it and shows its screen, in an open tab of the app if there is one. */
function openNotification(notification: Notification): Promise<void> {
  notification.close();
  const path = (notification.data as { url?: unknown } | null)?.url;
  const target = new URL(
    typeof path === 'string' && /^\/[^/\\]/.test(path) ? path : '/dashboard',
    self.location.origin,
  );
  return (async () => {
    const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
    // A tab of the app already open: bring it to that screen rather than opening another.
    const open = windows.find((client) => new URL(client.url).origin === target.origin);
    if (open) {
      // focus() is refused outside a tap (the test message): the screen still changes.
      const focused = await open.focus().catch(() => open);
      // navigate() works on a tab this worker controls; otherwise a new window opens the screen.
      const moved = await focused.navigate(target.href).catch(() => null);
      if (moved) return;
    }
    await self.clients.openWindow(target.href);
  })();
}
