/**
 * The Emotion styles of the landing page's first screen, and of the dashboard's, made at build time (a step of
 * prerender-landing.ts).
 *
 * Why: on a phone the longest task of the landing page is the shell's first commit, and about half of it was
 * Emotion turning each MUI component's styles into CSS rules (stylis) and inserting them (bench/README.md,
 * 2026-11-28). Here the same components render once in Node (the header, the landing page and the search
 * widget, inside the shell's own ShellProviders), Emotion's cache records every style they use, and
 * the landing pages carry them as `<style data-emotion="css name1 name2 …">`: the style tag Emotion's own
 * server rendering writes. The browser's Emotion cache registers those names when it is created, so the
 * first commit inserts only what is missing (a state the build did not render) and the rules are already
 * parsed. Nothing else changes: the shell still renders the page itself (no hydration), and a style whose
 * name differs (other data, another screen width) is inserted at run time as before.
 *
 * Names are hashes of the styles, and MUI adds labels to them outside production, so this must run with
 * NODE_ENV=production, as the web build does (prerender-landing.ts sets it before importing this module).
 */
import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import type { User } from '@safarsaathi/contracts';
import { SEARCH_WIDGET_MODULE, type RemoteModuleLoader } from '@safarsaathi/web-kit';
import { SESSION_QUERY_KEY } from '../../web-kit/src/session/SessionContext';
import { QueryClient } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createMemoryRouter, RouterProvider } from 'react-router';
import DashboardPage from '../../web-remotes/account/src/pages/DashboardPage';
import LandingPage from '../../web-remotes/site/src/pages/LandingPage';
import { PublicPagesLayout } from '../src/layouts/PublicPagesLayout';
import { RootLayout } from '../src/layouts/RootLayout';
import { SignedInLayout } from '../src/layouts/SignedInLayout';
import { ShellProviders } from '../src/ShellProviders';

/** The remote modules the landing page loads, straight from their sources (no federation in Node). */
const REMOTE_MODULES: Record<string, () => Promise<unknown>> = {
  [SEARCH_WIDGET_MODULE]: () => import('../../web-remotes/search/src/widget/SearchWidget'),
};

const remoteModules: RemoteModuleLoader = {
  load: <T,>(id: string) => {
    const load = REMOTE_MODULES[id];
    if (!load) return Promise.reject(new Error(`landing-styles: no source for ${id}`));
    return load() as Promise<T>;
  },
  forget: () => undefined,
};

const RENDER_TIMEOUT_MS = 30_000;

/**
 * Every style a render of `tree` used, name -> CSS rules (`mustRender`: a test id the render must reach, so a
 * first screen that silently rendered less is an error). Global styles (CssBaseline, keyframes MUI declares
 * globally) are left out: Emotion inserts those without consulting its cache, and in the head they would
 * restyle the pre-rendered markup before the shell replaces it.
 */
async function stylesOfRender(
  tree: (cache: EmotionCache) => ReactElement,
  mustRender: string,
): Promise<Map<string, string>> {
  const cache = createCache({ key: 'css' });
  // What Emotion's server rendering sets: the cache keeps each style's rules, not just `true`.
  (cache as { compat?: true }).compat = true;
  const { prelude } = await prerenderToNodeStream(tree(cache), {
    signal: AbortSignal.timeout(RENDER_TIMEOUT_MS),
  });
  let markup = '';
  for await (const chunk of prelude) markup += String(chunk);
  if (!markup.includes(`data-testid="${mustRender}"`))
    throw new Error(`landing-styles: ${mustRender} did not render in the build-time render`);

  const styles = new Map<string, string>();
  for (const [name, rules] of Object.entries(cache.inserted)) {
    if (typeof rules !== 'string') continue;
    const ownRules =
      rules === '' ||
      rules.includes(`.${cache.key}-${name}`) ||
      rules.includes(`keyframes animation-${name}{`);
    if (ownRules) styles.set(name, rules);
  }
  return styles;
}

/** The landing page's first screen: the header, the landing page and the search widget. */
export function landingFirstScreenStyles(): Promise<Map<string, string>> {
  const router = createMemoryRouter(
    [
      {
        element: <RootLayout />,
        children: [{ element: <PublicPagesLayout />, children: [{ path: '/', element: <LandingPage /> }] }],
      },
    ],
    { initialEntries: ['/'] },
  );
  return stylesOfRender(
    (cache) => (
      <CacheProvider value={cache}>
        <ShellProviders queryClient={new QueryClient()} remoteModules={remoteModules}>
          <RouterProvider router={router} />
        </ShellProviders>
      </CacheProvider>
    ),
    'search-widget',
  );
}

/** A signed-in traveller for the dashboard's build-time render: only the styles of what it renders are kept. */
const SOMEONE: User = {
  email_address: 'traveller@example.invalid',
  emailAddress: 'traveller@example.invalid',
  fullname: 'Traveller',
  phone_number: '',
  is_registered: true,
  accepted_terms: true,
  is_admin: false,
  locale: 'en',
  preferences: { large_text: false, high_contrast: false },
};

/**
 * The dashboard's first screen, signed in: the signed-in frame (side bar, bottom bar), the dashboard (welcome
 * band, Quick Actions) and the search widget in signed-in mode. For the dashboard's frame
 * (dashboard-first-paint.ts), whose shell renders at once: there the first commit is the phone's longest task.
 */
export function dashboardFirstScreenStyles(): Promise<Map<string, string>> {
  const queryClient = new QueryClient();
  queryClient.setQueryData(SESSION_QUERY_KEY, SOMEONE);
  const router = createMemoryRouter(
    [
      {
        element: <RootLayout />,
        children: [
          { element: <SignedInLayout />, children: [{ path: '/dashboard', element: <DashboardPage /> }] },
        ],
      },
    ],
    { initialEntries: ['/dashboard'] },
  );
  return stylesOfRender(
    (cache) => (
      <CacheProvider value={cache}>
        <ShellProviders queryClient={queryClient} remoteModules={remoteModules}>
          <RouterProvider router={router} />
        </ShellProviders>
      </CacheProvider>
    ),
    'dashboard-search-slot',
  );
}

/** The head's style tag for those styles, in the form Emotion's cache registers when it is created. */
export function emotionStyleTag(styles: ReadonlyMap<string, string>, key = 'css'): string {
  if (styles.size === 0) return '';
  for (const name of styles.keys())
    if (!/^[\w-]+$/.test(name)) throw new Error(`landing-styles: unexpected style name "${name}"`);
  const rules = [...styles.values()].join('');
  if (rules.includes('</')) throw new Error('landing-styles: a style contains "</"');
  return `<style data-emotion="${key} ${[...styles.keys()].join(' ')}">${rules}</style>`;
}
