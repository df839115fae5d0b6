/**
 * The landing page's login island at work (its markup: scripts/prerender-landing.ts; the contract with the app:
 * web-kit's login/loginIsland.ts). Bundled into the landing page's start script, no library: it must stay small.
 *
 * Why: a first-time visitor's first tap is usually "Get Started", and before the island it waited for the whole
 * app (4–7 s on a throttled phone, bench/README.md). Now the tap opens the build-time dialog at once, with the
 * e-mail field focused, and only then starts the app. The visitor types and ticks the consent while the app
 * starts; "Send OTP" pressed before the app is up is remembered (the button says it is busy) and sent by the app's
 * dialog when it takes over. The rules are the app's: Send OTP waits for an address and the consent; the address
 * itself is judged by the app's schema when it sends.
 */
import {
  LOGIN_ISLAND_CONSENT_ID,
  LOGIN_ISLAND_EMAIL_ID,
  LOGIN_ISLAND_ID,
  LOGIN_ISLAND_SEND_ATTRIBUTE,
} from '../../../web-kit/src/login/loginIsland';
import {
  EARLY_LOGIN_TAP_ATTRIBUTE,
  LOGIN_ISLAND_READY_ATTRIBUTE,
} from '../../../contracts/src/early-login-tap';

/** The first paint's links that the island answers (the header's Login and the hero's Get Started). */
export const LOGIN_LINK_SELECTOR = 'a[href="/login"]';

/** Whether an event's target is one of the first paint's login links. */
function isLoginLink(target: EventTarget | null): boolean {
  return target instanceof Element && Boolean(target.closest(`#root ${LOGIN_LINK_SELECTOR}`));
}

/**
 * Whether an event belongs to signing in through the island: a login link (its tap opens the island) or the
 * island itself (the e-mail field's focus as it opens). Such an event must not start the app at once: the
 * island starts it after the dialog's first frame.
 */
export function isLoginIntent(target: EventTarget | null): boolean {
  return isLoginLink(target) || (target instanceof Element && Boolean(target.closest(`#${LOGIN_ISLAND_ID}`)));
}

/**
 * Makes the island answer the first paint's login links. `onOpened`: called once the dialog is on the screen
 * (the landing page starts the app then, so the opening never waits behind the app's scripts).
 */
export function watchLoginIsland(onOpened: () => void): void {
  const dialog = document.getElementById(LOGIN_ISLAND_ID);
  const email = document.getElementById(LOGIN_ISLAND_EMAIL_ID);
  const consent = document.getElementById(LOGIN_ISLAND_CONSENT_ID);
  const form = dialog?.querySelector('form');
  const send = form?.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (
    !(dialog instanceof HTMLDialogElement) ||
    typeof dialog.showModal !== 'function' ||
    !(email instanceof HTMLInputElement) ||
    !(consent instanceof HTMLInputElement) ||
    !form ||
    !send
  )
    return; // no island (or a browser without <dialog>): the links go to /login, which works without it

  const update = () => {
    send.disabled =
      !email.value.trim() || !consent.checked || dialog.hasAttribute(LOGIN_ISLAND_SEND_ATTRIBUTE);
  };
  email.addEventListener('input', update);
  consent.addEventListener('change', update);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (send.disabled) return;
    // The app sends it when it takes over (a moment later); until then the button shows it is on its way.
    dialog.setAttribute(LOGIN_ISLAND_SEND_ATTRIBUTE, '');
    send.setAttribute('aria-busy', 'true');
    update();
  });
  dialog.querySelector('[data-close]')?.addEventListener('click', () => dialog.close());

  const open = () => {
    if (dialog.open) return;
    dialog.showModal();
    email.focus();
    // After the dialog's first frame: the app's scripts run behind it, not before it.
    requestAnimationFrame(() => setTimeout(onOpened, 0));
  };
  document.addEventListener(
    'click',
    (event) => {
      if (!isLoginLink(event.target)) return;
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      // Taken over by the app already (its dialog is the one now): the link goes to /login as it would.
      if (!dialog.isConnected) return;
      event.preventDefault();
      open();
    },
    true,
  );
  update();
  // From now on the login links are this script's; a tap the page's inline script held before is answered now.
  const root = document.documentElement;
  root.setAttribute(LOGIN_ISLAND_READY_ATTRIBUTE, '');
  if (root.hasAttribute(EARLY_LOGIN_TAP_ATTRIBUTE)) {
    root.removeAttribute(EARLY_LOGIN_TAP_ATTRIBUTE);
    open();
  }
}
