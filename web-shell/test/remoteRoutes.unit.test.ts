import { describe, expect, it } from '@jest/globals';
import { matchPath } from 'react-router';
import { REMOTE_ROUTES, matchesRoute, modulesForPath } from '../src/routes/remoteRoutes';

describe('the first page of a path, found without shared modules', () => {
  it('names the page module and what it embeds', () => {
    expect(modulesForPath('/dashboard')).toEqual(['account/DashboardPage', 'search/SearchWidget']);
    expect(modulesForPath('/')).toEqual(['site/LandingPage', 'search/SearchWidget']);
    expect(modulesForPath('/shared/abc123')).toEqual(['companion/SharedTripPage']);
    expect(modulesForPath('/no-such-page')).toEqual([]);
  });

  // The shell's router matches with React Router; the entry's preload must pick the same page, or it fetches
  // the wrong remote's files.
  it.each([
    '/',
    '/dashboard',
    '/dashboard/',
    '/Dashboard',
    '/shared/abc123',
    '/shared/abc123/',
    '/shared',
    '/shared/a/b',
    '/admin/cases',
    '/admin',
    '/messages/x',
    '/learn-more',
  ])('agrees with React Router on %s', (pathname) => {
    for (const route of REMOTE_ROUTES)
      expect([route.path, matchesRoute(route.path, pathname)]).toEqual([
        route.path,
        matchPath(route.path, pathname) !== null,
      ]);
  });
});
