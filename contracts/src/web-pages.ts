import { SHARED_TRIP_PAGE } from './share-links';

/**
 * The help page (issue 38): the support form, what to do now on the travel day, and the user's own cases with
 * support's replies; `?case=<case id>` opens one of them (a support_reply notice's link). The one page whose
 * path is also the start of API paths (`/help-support/…`).
 */
export const HELP_SUPPORT_PAGE = '/help-support';

/**
 * The web app's pages that only a signed-in traveller sees. The shell's route table (web-shell
 * src/routes/remoteRoutes.ts) can declare a private page only with a path from this list, and the gateway's
 * robots.txt keeps crawlers out of each of them (and out of everything below it).
 */
export const SIGNED_IN_PAGES = [
  '/dashboard',
  '/profile',
  '/companion-service',
  '/travel-form',
  '/travel-list',
  '/messages',
  HELP_SUPPORT_PAGE,
  '/admin/user-status',
  '/admin/cases',
  '/admin/audit',
] as const;
export type SignedInPage = (typeof SIGNED_IN_PAGES)[number];

/**
 * Further paths no crawler should fetch: the API (JSON for a signed-in browser), the post-login targets the
 * spec names (spec §2, no screens of their own), every admin page, notifications, a shared trip (a link
 * meant for one family, not for a search index) and the code page (its address carries an e-mail address).
 */
export const NOT_FOR_CRAWLERS = [
  '/api/',
  '/users/',
  '/help-support/',
  '/admin/',
  '/notifications',
  '/document-service',
  '/ride-service',
  '/shared/',
  '/otp-verification',
] as const;

/**
 * Link-preview fetchers that obey robots.txt (X documents that a card is not shown for a page robots.txt
 * blocks): they may read a shared trip's page, whose preview names only the route and date (addendum §3),
 * and nothing else any crawler may not. Search engines stay out of shared trips.
 */
export const LINK_PREVIEW_AGENTS = ['Twitterbot', 'facebookexternalhit', 'LinkedInBot'] as const;

/** robots.txt (RFC 9309): public pages and the assets they need are open; the rest is disallowed. */
export function robotsTxt(): string {
  const paths: string[] = [...SIGNED_IN_PAGES, ...NOT_FOR_CRAWLERS];
  // A path below a disallowed folder (/admin/user-status below /admin/) needs no line of its own.
  const disallowed = paths.filter(
    (path) => !paths.some((other) => other !== path && other.endsWith('/') && path.startsWith(other)),
  );
  const rules = (closed: string[]) => [...closed.map((path) => `Disallow: ${path}`), 'Allow: /'];
  // A crawler follows the group naming it and ignores `*` (RFC 9309 §2.2.1).
  return [
    'User-agent: *',
    ...rules(disallowed),
    '',
    ...LINK_PREVIEW_AGENTS.map((agent) => `User-agent: ${agent}`),
    ...rules(disallowed.filter((path) => path !== SHARED_TRIP_PAGE)),
    '',
  ].join('\n');
}
