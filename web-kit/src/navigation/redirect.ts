/** Post-login targets named by service (spec §4, Login). */
const SERVICE_ROUTES: Record<string, string> = {
  document: '/document-service',
  ride: '/ride-service',
  companion: '/companion-service',
};

export const DEFAULT_SIGNED_IN_ROUTE = '/dashboard';

/** Sign-in pages never make sense as a post-login target: going back to them would loop. */
const SIGN_IN_ROUTES = ['/login', '/otp-verification'];

/**
 * Where to go after signing in. `redirectTo` is a service name (from search contact flows) or an
 * app path (from the route guard); anything else goes to the dashboard.
 */
export function resolveRedirectTarget(redirectTo: unknown): string {
  if (typeof redirectTo !== 'string') return DEFAULT_SIGNED_IN_ROUTE;
  const serviceRoute = SERVICE_ROUTES[redirectTo];
  if (serviceRoute) return serviceRoute;
  const isAppPath = redirectTo.startsWith('/') && !redirectTo.startsWith('//');
  const pathname = redirectTo.split(/[?#]/)[0] ?? '';
  if (isAppPath && pathname !== '/' && !SIGN_IN_ROUTES.includes(pathname)) return redirectTo;
  return DEFAULT_SIGNED_IN_ROUTE;
}

/** Reads `redirectTo` from a router location state of unknown shape. */
export function redirectToFromState(state: unknown): string | undefined {
  if (state && typeof state === 'object' && 'redirectTo' in state && typeof state.redirectTo === 'string') {
    return state.redirectTo;
  }
  return undefined;
}
