/**
 * The landing page's one inline script (web-shell/scripts/prerender-landing.ts writes it into the page's
 * `<head>`; the gateway's Content-Security-Policy allows exactly it, by its SHA-256: earlyLoginTapHash).
 *
 * Why: the page's start script (web-shell/src/landing/startOnIntent.ts, with the login island) is a separate
 * file, deferred, and a phone paints "Get Started" a few hundred milliseconds before it has arrived. A tap in
 * that moment followed the link to /login and waited seconds for the whole app. This script, run with the
 * page's first bytes, holds such a tap: the link does not navigate, the tap is marked on `<html>`, and the
 * start script opens the login island as soon as it runs. Once the start script has taken charge (it marks
 * `<html>` too) this one lets every click through.
 */

/** Set on `<html>` by a tap on a login link before the start script ran. */
export const EARLY_LOGIN_TAP_ATTRIBUTE = 'data-login-tapped';
/** Set on `<html>` by the start script: from then on it answers the login links itself. */
export const LOGIN_ISLAND_READY_ATTRIBUTE = 'data-login-island';

export const EARLY_LOGIN_TAP_SCRIPT =
  `(function(){var h=document.documentElement;document.addEventListener('click',function(e){` +
  `if(h.hasAttribute('${LOGIN_ISLAND_READY_ATTRIBUTE}')||e.button!==0||e.metaKey||e.ctrlKey||e.shiftKey||e.altKey)return;` +
  `var t=e.target,a=t&&t.closest&&t.closest('#root a[href="/login"]');` +
  `if(!a)return;e.preventDefault();h.setAttribute('${EARLY_LOGIN_TAP_ATTRIBUTE}','')},true)})();`;

/** The CSP source that allows the script (`'sha256-…'`), computed from its text by `digestBase64`. */
export function earlyLoginTapSource(digestBase64: (text: string) => string): string {
  return `'sha256-${digestBase64(EARLY_LOGIN_TAP_SCRIPT)}'`;
}
