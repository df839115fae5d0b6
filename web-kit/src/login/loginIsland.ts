/**
 * The login island: the landing page's build-time login dialog (web-shell/scripts/prerender-landing.ts writes
 * its markup, web-shell/src/landing/loginIsland.ts makes it work), which opens at the first tap on "Get Started"
 * or "Login" while the app is still starting, so the visitor types an address at once instead of waiting
 * seconds for React, MUI and the remotes (docs/performance.md). When the app's own login dialog has mounted it
 * takes over: what was typed and ticked, and a "Send OTP" already pressed, carry over, and the island goes.
 *
 * This module is the contract between the two: element ids and attributes only, no imports, no state in
 * JavaScript (the island is bundled on its own and the shell and the `site` remote read the DOM).
 */

/** The island's `<dialog>`, outside `#root` (the shell's first render replaces `#root`, not the island). */
export const LOGIN_ISLAND_ID = 'login-island';
export const LOGIN_ISLAND_EMAIL_ID = 'login-island-email';
export const LOGIN_ISLAND_CONSENT_ID = 'login-island-consent';
/** Set on the dialog when "Send OTP" was pressed before the app could send it. */
export const LOGIN_ISLAND_SEND_ATTRIBUTE = 'data-send-requested';

/** What the island holds when the app takes over. */
export interface LoginIslandState {
  emailAddress: string;
  emailConsent: boolean;
  /** "Send OTP" was pressed: the app sends the code as soon as it has the form. */
  sendRequested: boolean;
}

function island(): HTMLDialogElement | null {
  if (typeof document === 'undefined') return null;
  const element = document.getElementById(LOGIN_ISLAND_ID);
  return element instanceof HTMLDialogElement ? element : null;
}

/** Whether the visitor has the island open now (the shell then opens the app's dialog in its place). */
export function loginIslandOpen(): boolean {
  return island()?.open ?? false;
}

/** What the open island holds, without taking it (undefined: no island open). */
export function peekLoginIsland(): LoginIslandState | undefined {
  const dialog = island();
  if (!dialog?.open) return undefined;
  const email = document.getElementById(LOGIN_ISLAND_EMAIL_ID);
  const consent = document.getElementById(LOGIN_ISLAND_CONSENT_ID);
  return {
    emailAddress: email instanceof HTMLInputElement ? email.value : '',
    emailConsent: consent instanceof HTMLInputElement ? consent.checked : false,
    sendRequested: dialog.hasAttribute(LOGIN_ISLAND_SEND_ATTRIBUTE),
  };
}

/**
 * Takes the island over: returns what it holds and removes it, in one go, so no key typed in between is lost
 * (call it in a layout effect, then focus the app's own field). Undefined when no island is open (never
 * opened, or closed by the visitor before the app came).
 */
export function takeLoginIsland(): LoginIslandState | undefined {
  const state = peekLoginIsland();
  const dialog = island();
  if (dialog) {
    // A modal dialog makes the rest of the page inert: it must be gone before the app's field takes the focus.
    if (dialog.open) dialog.close();
    dialog.remove();
  }
  return state;
}
