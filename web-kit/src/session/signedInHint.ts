import { SIGNED_IN_HINT_COOKIE } from '@safarsaathi/contracts';
import { deletePageCookie, writePageCookie } from '../browser/pageCookie';

/**
 * The page-readable "this browser may have a session" cookie (the session itself is httpOnly). The
 * gateway sets or clears it on every page load from the real session; the page sets it when a sign-in
 * succeeds and clears it when the server says there is no session, so a visitor never asks for a user.
 */
export function hasSignedInHint(): boolean {
  return document.cookie.split(';').some((part) => part.trim() === `${SIGNED_IN_HINT_COOKIE}=1`);
}

export function setSignedInHint(signedIn: boolean): void {
  if (signedIn) writePageCookie(SIGNED_IN_HINT_COOKIE, '1');
  else deletePageCookie(SIGNED_IN_HINT_COOKIE);
}
