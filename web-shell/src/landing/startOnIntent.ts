/**
 * The landing page's only script before the visitor does anything (built on its own by
 * web-shell/scripts/prerender-landing.ts, ≈ 2 KB; the landing pages carry it instead of the shell's scripts).
 *
 * Why: the build-time first paint alone scores 100 on Lighthouse's mobile settings, the same page booting the
 * app while the phone loads it 71 (bench/README.md, 2026-11-29): React, MUI, the federation runtime and the
 * remotes cost a mid-range phone seconds of main thread, and a tap in those seconds waits. The first screen
 * (header, hero, its links) needs none of it. So the page downloads the shell's scripts at idle priority and
 * runs them at the visitor's first sign of intent (a touch, a scroll, a key, the mouse, a focus) or as soon as
 * the search widget's frame is in view (a desktop shows it in the first screen). The shell then renders the
 * real page into `#root` as before. A control the visitor focused on the first paint is focused again in the
 * real page, so a keyboard user's Tab is not lost when the markup is replaced.
 */

import { TOOL_ATTRIBUTE, watchFirstPaintTools } from './firstPaintTools';
import { isLoginIntent, watchLoginIsland } from './loginIsland';

/** Where the shell's scripts are named (prerender-landing.ts writes it). */
const APP_SCRIPTS_ATTRIBUTE = 'data-app-scripts';
/** What the frame of the search widget carries in the first paint. */
const SEARCH_FRAME_SELECTOR = '[data-first-paint="search"]';
const INTENT_EVENTS = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'wheel', 'scroll', 'focusin'];

/** Where the easy-reading choice is kept on this device (web-kit's READING_STORAGE_KEY, written by the build). */
const READING_KEY_ATTRIBUTE = 'data-reading-key';

const startTag = document.currentScript;
const appScripts = (startTag?.getAttribute(APP_SCRIPTS_ATTRIBUTE) ?? '').split(' ').filter(Boolean);

/** Large text or high contrast chosen on this device: the first paint shows neither, the app does. */
function readingChosen(): boolean {
  const key = startTag?.getAttribute(READING_KEY_ATTRIBUTE);
  try {
    return key ? /"(large_text|high_contrast)":true/.test(localStorage.getItem(key) ?? '') : false;
  } catch {
    return false; // storage refused (a private window's setting): nothing chosen that the page could know
  }
}

/** How long the real page has to show the focused control again. */
const REFOCUS_WAIT_MS = 10_000;

/**
 * A keyboard user's place, kept across the swap: when the shell replaces the first paint, the control of the
 * real page with the text of the one focused last gets the focus back (else it would fall to the page's start).
 */
function keepFocusAcrossTheSwap(): void {
  const root = document.getElementById('root');
  const firstPaint = root?.firstElementChild;
  if (!root || !firstPaint) return;
  let focused: string | undefined;
  const track = (event: FocusEvent) => {
    if (!(event.target instanceof HTMLElement) || !firstPaint.contains(event.target)) return;
    // The language and easy-reading buttons: firstPaintTools presses the real one, whose menu takes the focus.
    focused = event.target.closest(`[${TOOL_ATTRIBUTE}]`)
      ? undefined
      : (event.target.textContent ?? '').trim();
  };
  document.addEventListener('focusin', track, true);
  const observer = new MutationObserver(() => {
    if (firstPaint.isConnected) return;
    document.removeEventListener('focusin', track, true);
    const current = document.activeElement;
    // Nothing was focused, or the page has focused something itself: leave the focus where it is.
    if (!focused || (current && current !== document.body)) return observer.disconnect();
    const match = [...root.querySelectorAll<HTMLElement>('a[href], button')].find(
      (element) => (element.textContent ?? '').trim() === focused,
    );
    if (!match) return;
    observer.disconnect();
    match.focus();
  });
  // The shell renders its layout first and the page's parts as they load: watch until the control is there.
  observer.observe(root, { childList: true, subtree: true });
  setTimeout(() => observer.disconnect(), REFOCUS_WAIT_MS);
}

let started = false;

/**
 * A sign of intent starts the app, except a touch, key or focus on a login link: its click opens the login
 * island (loginIsland.ts), which starts the app itself once the dialog is on the screen.
 */
function onIntent(event: Event): void {
  if (!isLoginIntent(event.target)) start();
}

function start(): void {
  if (started) return;
  started = true;
  for (const type of INTENT_EVENTS) window.removeEventListener(type, onIntent, true);
  document.documentElement.dataset.app = 'starting';
  for (const src of appScripts) {
    const script = document.createElement('script');
    script.src = src;
    // In order, as the shell's own `defer` tags would run them.
    script.async = false;
    document.head.appendChild(script);
  }
}

keepFocusAcrossTheSwap();
// The first paint's language and easy-reading buttons: a tap starts the app and opens the real one's menu.
watchFirstPaintTools(start);
watchLoginIsland(start);
for (const type of INTENT_EVENTS) window.addEventListener(type, onIntent, { capture: true, passive: true });

// A computer (a mouse that hovers) starts as soon as the search widget's frame is in view: its first screen
// shows the frame, and the start costs it a fraction of a second. A phone waits for the visitor's touch or
// scroll: there the frame is at the fold, the start costs seconds of the main thread, and a tap inside them waits.
// A visitor who chose easy reading gets it at once, on any device.
const frame = document.querySelector(SEARCH_FRAME_SELECTOR);
if (readingChosen()) start();
else if (window.matchMedia('(hover: hover) and (pointer: fine)').matches) {
  if (frame && 'IntersectionObserver' in window) {
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      start();
    });
    observer.observe(frame);
  } else start();
}

// Downloaded while the visitor reads, at the lowest priority, so the start does not wait for the network.
for (const src of appScripts) {
  const link = document.createElement('link');
  link.rel = 'prefetch';
  link.as = 'script';
  link.href = src;
  document.head.appendChild(link);
}

// The service worker as the shell registers it (registerServiceWorker.ts), after the load event, so a
// visitor who only reads still gets the installable, offline app; the shell's own registration later finds
// this one and watches it for updates.
if ('serviceWorker' in navigator && window.isSecureContext)
  window.addEventListener(
    'load',
    () =>
      void navigator.serviceWorker
        .register('/sw.js', { scope: '/', updateViaCache: 'none' })
        .catch((error: unknown) => console.warn('The service worker was not registered', error)),
    { once: true },
  );
