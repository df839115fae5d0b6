import { SIGNED_IN_HINT_COOKIE } from '@safarsaathi/contracts';

/**
 * The page-readable "this browser may have a session" cookie (the session itself is httpOnly). The
 * gateway sets or clears it on every page load from the real session; the page sets it when a sign-in
 * succeeds and clears it when the server says there is no session, so a visitor never asks for a user.
 */
export function hasSignedInHint(): boolean {
  return document.cookie.split(';').some((part) => part.trim() === `${SIGNED_IN_HINT_COOKIE}=1`);
}

export function setSignedInHint(signedIn: boolean): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = signedIn
    ? `${SIGNED_IN_HINT_COOKIE}=1; Path=/; SameSite=Lax${secure}`
    : `${SIGNED_IN_HINT_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}`;
}
