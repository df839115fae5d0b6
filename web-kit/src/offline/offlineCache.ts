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

/**
 * What the worker keeps of an answer of OFFLINE_API_PATHS: never the hand-over code or a phone number
 * (issue 36). A phone is lent, shared, lost or left signed in; the code is the seeker's proof at the
 * hand-over, and the numbers are the user's and their emergency contact's. The code and the emergency
 * contacts become null (a name without its number helps nobody offline), any `…phone…` field an empty
 * text; the rest is kept as it came, so the trips still show offline.
 */
export function offlineCopyOf(answer: unknown): unknown {
  if (Array.isArray(answer)) return answer.map(offlineCopyOf);
  if (answer === null || typeof answer !== 'object') return answer;
  return Object.fromEntries(
    Object.entries(answer).map(([key, value]) => {
      if (key === 'handover_code' || key === 'emergency_contact') return [key, null];
      if (/phone/i.test(key)) return [key, ''];
      return [key, offlineCopyOf(value)];
    }),
  );
}

/**
 * Whether a kept answer the server sent at `sentAt` (ms, its Date) may still be shown at `now`: not once it
 * is older than a session lives (`lifetimeSeconds`), since the session it was kept for has ended by then,
 * even on a phone that never heard of it. An answer without a readable date is not shown.
 */
export function keptWithinSession(sentAt: number, now: number, lifetimeSeconds: number): boolean {
  return !Number.isNaN(sentAt) && now - sentAt <= lifetimeSeconds * 1000;
}

/** Forgets the kept answers (sign-out, a 401): from the page; the worker does the same on its side. */
export async function clearOfflineApiCache(): Promise<void> {
  try {
    if (typeof caches !== 'undefined') await caches.delete(OFFLINE_API_CACHE);
  } catch {
    // No Cache Storage (an insecure origin, a private mode): nothing was kept either.
  }
}
