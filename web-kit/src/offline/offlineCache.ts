/**
 * What the service worker (web-shell/sw/sw.ts) and the pages agree on about the API answers kept for
 * offline use. No imports: the worker bundles this file on its own.
 */

/** The Cache Storage cache holding the last answers of OFFLINE_API_PATHS (one user's data). */
export const OFFLINE_API_CACHE = 'safarsaathi-api-v1';

/** GET answers kept network-first: the companion page's trips and the signed-in user it needs to show them. */
export const OFFLINE_API_PATHS = ['/api/companions/requests', '/api/auth/user-info'] as const;

/** Added by the worker to an answer it took from the cache: when the server sent it (ISO 8601). */
export const OFFLINE_CACHED_AT_HEADER = 'x-safarsaathi-cached-at';

/** Calls after which the cache must not outlive the session: another person may sign in next. */
export const SESSION_CHANGING_PATHS = ['/api/auth/logout', '/api/auth/verify-otp', '/users/delete-account'];

/**
 * The page's message to a worker that has just taken control of a signed-in page: keep the answers now.
 * The page's own calls went out before the worker existed, so without it a first visit kept nothing.
 */
export const WARM_API_MESSAGE = 'safarsaathi:warm-api';

/** Browser tests only: Chromium's DevTools protocol can deliver a push but not tap its notification. */
export const CLICK_NOTIFICATION_MESSAGE = 'safarsaathi:click-notification';

/** The page's message asking a waiting worker to take over (after the user chose to reload). */
export const SKIP_WAITING_MESSAGE = 'safarsaathi:skip-waiting';

/** Forgets the kept answers (sign-out, a 401): from the page; the worker does the same on its side. */
export async function clearOfflineApiCache(): Promise<void> {
  try {
    if (typeof caches !== 'undefined') await caches.delete(OFFLINE_API_CACHE);
  } catch {
    // No Cache Storage (an insecure origin, a private mode): nothing was kept either.
  }
}
