import { LIMITS } from '@safarsaathi/contracts';

declare global {
  interface Window {
    /**
     * Test hook: the inactivity logout delay in milliseconds, read once when the shell starts. Set it
     * before the page loads (Playwright: `page.addInitScript(() => { window.__SAFARSAATHI_INACTIVITY_MS__ = 3000 })`).
     * Anything but a positive number leaves the spec's 10 minutes.
     */
    __SAFARSAATHI_INACTIVITY_MS__?: unknown;
  }
}

function readTimeout(): number {
  const override = typeof window === 'undefined' ? undefined : window.__SAFARSAATHI_INACTIVITY_MS__;
  return typeof override === 'number' && Number.isFinite(override) && override > 0
    ? override
    : LIMITS.inactivityTimeoutMs;
}

/** How long a signed-in user may stay idle before being logged out (spec §4: 600000 ms). */
export const INACTIVITY_TIMEOUT_MS = readTimeout();

/** What counts as activity (spec §4): mouse, key, click, scroll, touch and visibility changes. */
export const ACTIVITY_EVENTS = [
  'mousemove',
  'mousedown',
  'keydown',
  'click',
  'scroll',
  'wheel',
  'touchstart',
  'visibilitychange',
] as const;
