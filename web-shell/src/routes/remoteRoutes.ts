/**
 * The shell's table of remote pages. It imports no shared module (types only): the entry reads it before the
 * federation runtime has set up the shared modules, to preload the first page's remote files (index.ts).
 */
import type { SignedInPage } from '@safarsaathi/contracts';
import type { RemoteModuleId, SEARCH_WIDGET_MODULE } from '@safarsaathi/web-kit';

/** web-kit's SEARCH_WIDGET_MODULE, written out (the compiler holds the two equal): web-kit is a shared module. */
const SEARCH_WIDGET: typeof SEARCH_WIDGET_MODULE = 'search/SearchWidget';

interface RouteBase {
  /** The remote's exposed page component. */
  module: RemoteModuleId;
  /** Modules of other remotes the page embeds: loaded together with the page, not after it renders. */
  embeds?: readonly RemoteModuleId[];
}

/**
 * public: public header and footer, open to everyone. private: signed-in users only, on a path listed in
 * contracts' SIGNED_IN_PAGES (so robots.txt keeps crawlers out of it).
 */
export type RemoteRoute = RouteBase &
  ({ path: string; access: 'public' } | { path: SignedInPage; access: 'private' });

/** Every page that lives in a remote. A new remote page is one line here. */
export const REMOTE_ROUTES: readonly RemoteRoute[] = [
  { path: '/', module: 'site/LandingPage', access: 'public', embeds: [SEARCH_WIDGET] },
  { path: '/learn-more', module: 'site/LearnMorePage', access: 'public' },
  { path: '/login', module: 'site/LoginPage', access: 'public' },
  { path: '/otp-verification', module: 'site/OtpVerificationPage', access: 'public' },
  // The terms and the privacy policy, at the addresses they had as static files (issue 38: now under the header).
  { path: '/terms-conditions.html', module: 'site/LegalPage', access: 'public' },
  // The privacy notice (issue 40): nine languages, written from the data catalogue; the old address too.
  { path: '/privacy', module: 'site/PrivacyNoticePage', access: 'public' },
  { path: '/privacy-policy.html', module: 'site/PrivacyNoticePage', access: 'public' },
  // A trip shared by its owner (issue 14): read-only, for family without an account.
  { path: '/shared/:token', module: 'companion/SharedTripPage', access: 'public' },
  { path: '/dashboard', module: 'account/DashboardPage', access: 'private', embeds: [SEARCH_WIDGET] },
  { path: '/profile', module: 'account/ProfilePage', access: 'private' },
  // Help and support (issue 38): what to do now on the travel day, the form, and the user's cases with replies.
  { path: '/help-support', module: 'account/HelpSupportPage', access: 'private' },
  { path: '/companion-service', module: 'companion/CompanionServicePage', access: 'private' },
  { path: '/travel-form', module: 'companion/TravelFormPage', access: 'private' },
  { path: '/travel-list', module: 'companion/TravelListPage', access: 'private' },
  { path: '/messages', module: 'messages/MessagesPage', access: 'private' },
  { path: '/admin/user-status', module: 'ops/UserStatusPage', access: 'private' },
  { path: '/admin/cases', module: 'ops/CasesPage', access: 'private' },
  { path: '/admin/audit', module: 'ops/AuditLogPage', access: 'private' },
];

/**
 * Whether `pathname` is a page at `pattern` ('/shared/:token': one segment per parameter; a trailing slash
 * allowed; letter case ignored), as React Router matches these patterns. Not React Router's `matchPath`: that is a shared module,
 * not yet available where the entry calls this.
 */
export function matchesRoute(pattern: string, pathname: string): boolean {
  const segments = (path: string) => path.split('/').filter(Boolean);
  const expected = segments(pattern);
  const actual = segments(pathname);
  return (
    expected.length === actual.length &&
    expected.every((segment, i) =>
      segment.startsWith(':') ? true : segment.toLowerCase() === actual[i]!.toLowerCase(),
    )
  );
}

/** The modules the page at `pathname` needs (its own and those it embeds); none for other paths. */
export function modulesForPath(pathname: string): RemoteModuleId[] {
  const route = REMOTE_ROUTES.find((r) => matchesRoute(r.path, pathname));
  return route ? [route.module, ...(route.embeds ?? [])] : [];
}
