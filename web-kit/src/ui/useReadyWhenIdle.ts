import { useEffect, useState } from 'react';

/** At the latest this long after mounting, even on a page that is never idle. */
const IDLE_TIMEOUT_MS = 5_000;

/**
 * False until the page's first idle moment after mounting, then true. For work worth doing before the visitor
 * asks for it, but not while the page is starting: a menu mounted hidden (`keepMounted`) once the page is idle
 * opens in a third of the time at its first tap, its styles and code already warm (a throttled phone's
 * language menu: 0.42 s at the first opening, 0.12 s at the second; docs/performance.md).
 */
export function useReadyWhenIdle(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    // Safari has no requestIdleCallback: a second after mounting stands in for the first idle moment.
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = setTimeout(() => setReady(true), 1_000);
      return () => clearTimeout(timer);
    }
    const idle = window.requestIdleCallback(() => setReady(true), { timeout: IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(idle);
  }, []);
  return ready;
}
