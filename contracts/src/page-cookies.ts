/**
 * The cookies the page itself reads and writes (not httpOnly, nothing secret in them), kept apart from the
 * zod schemas so the service worker can bundle them (it decides a page's first paint from them, as the
 * gateway does).
 */

/**
 * Value '1': "this browser may have a session". The web app asks for the user only when it is there, so a
 * visitor's pages make no call that is bound to answer 401. The session itself stays in the httpOnly
 * SESSION_COOKIE.
 */
export const SIGNED_IN_HINT_COOKIE = 'ss_signed_in';

/**
 * The language the page was last in (the page writes it; its remembered choice lives in localStorage, which
 * never reaches the server). With it the gateway answers `/` with the landing page's first paint in that
 * language.
 */
export const LOCALE_COOKIE = 'ss_locale';

/**
 * How long a session lives from its sign-in (the session cookie's Max-Age and its record in Redis; auth's
 * SESSION_TTL_SECONDS defaults to it). The service worker's offline copy of a user's answers is never used
 * once older than this: the session it was kept for has ended by then, wherever it was ended.
 */
export const SESSION_LIFETIME_SECONDS = 7 * 24 * 3600;
