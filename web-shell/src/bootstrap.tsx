import { languageReady, prefetchSession, type PreloadingModule } from '@safarsaathi/web-kit';
import { QueryClient } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
// The DOM RouterProvider supports `navigate(to, { flushSync: true })`, which logout relies on.
import { RouterProvider } from 'react-router/dom';
import { remoteModuleLoader } from './federation/remoteModules';
import { registerRemotesFromManifest } from './federation/remoteRegistry';
import { router } from './routes/router';
import { modulesForPath } from './routes/remoteRoutes';
import { loadScriptFontsWhenNeeded } from './i18n/scriptFonts';
import { registerServiceWorker } from './serviceWorker/registerServiceWorker';
import { ShellProviders } from './ShellProviders';

loadScriptFontsWhenNeeded();

// Start fetching /remotes.json now; remote pages wait for it, the shell itself does not.
registerRemotesFromManifest().catch((error: unknown) => {
  // Each remote page shows its own fallback with a Retry button, which fetches the list again.
  console.error('Could not load the list of remotes', error);
});
// Start loading the first page's modules now, side by side, instead of one after another as they render
// (the landing page, then the search widget inside it). A failure shows where the page renders them.
// With the data their first render needs (a module's `preload`), so the page renders once.
const firstPage = modulesForPath(window.location.pathname).map((id) =>
  remoteModuleLoader
    .load<PreloadingModule>(id)
    .then((module) => module.preload?.())
    .catch(() => undefined),
);
/**
 * The first render waits for those modules (at most FIRST_PAGE_WAIT_MS): a page that is ready when it
 * first renders is painted whole, at once, instead of a spinner that React then keeps on screen for a
 * while to pace the reveal. A slow or missing remote still gets its spinner and fallback after the wait.
 */
const FIRST_PAGE_WAIT_MS = 1500;

// With the service worker an answer can come while the browser says it is offline (the kept trips): ask
// anyway, instead of pausing every query until the network is back.
const queryClient = new QueryClient({ defaultOptions: { queries: { networkMode: 'offlineFirst' } } });
// Signed in or not, known before the first render (a visitor's browser has no hint cookie: no call).
const session = prefetchSession(queryClient);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The session and a Hindi page's texts too (an English page has none to wait for), side by side with the modules.
await Promise.race([
  Promise.all([...firstPage, session, languageReady]),
  new Promise((resolve) => setTimeout(resolve, FIRST_PAGE_WAIT_MS)),
]);

// A transition: React renders the first tree in slices of a few milliseconds, yielding to the browser between
// them, instead of in long tasks (total blocking time on a phone); until it commits, the pre-rendered landing
// markup (or nothing, elsewhere) stays on screen.
const root = createRoot(container);
startTransition(() =>
  root.render(
    <StrictMode>
      <ShellProviders queryClient={queryClient} remoteModules={remoteModuleLoader}>
        <RouterProvider router={router} />
      </ShellProviders>
    </StrictMode>,
  ),
);

// After the page's load event: the worker's install (the precache) never competes with the first paint.
registerServiceWorker();
