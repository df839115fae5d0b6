import { useEffect, useRef } from 'react';
import { ACTIVITY_EVENTS, INACTIVITY_TIMEOUT_MS } from './inactivity';

/**
 * While `active`, calls `onIdle` once after `timeoutMs` without any activity event. Activity only
 * records a time stamp; one timer re-arms itself for the remaining time, so mouse moves cost nothing.
 */
export function useInactivityLogout(
  active: boolean,
  onIdle: () => void,
  timeoutMs = INACTIVITY_TIMEOUT_MS,
): void {
  const latestOnIdle = useRef(onIdle);
  useEffect(() => {
    latestOnIdle.current = onIdle;
  });

  useEffect(() => {
    if (!active) return;
    let lastActivity = Date.now();
    let timer: number | undefined;
    const markActive = () => {
      lastActivity = Date.now();
    };
    const check = () => {
      const idleFor = Date.now() - lastActivity;
      if (idleFor >= timeoutMs) {
        stop();
        latestOnIdle.current();
      } else {
        timer = window.setTimeout(check, timeoutMs - idleFor);
      }
    };
    const stop = () => {
      window.clearTimeout(timer);
      // Scroll events do not bubble: listen in the capture phase to see scrolling inside any element.
      for (const name of ACTIVITY_EVENTS) document.removeEventListener(name, markActive, { capture: true });
    };
    for (const name of ACTIVITY_EVENTS) {
      document.addEventListener(name, markActive, { capture: true, passive: true });
    }
    timer = window.setTimeout(check, timeoutMs);
    return stop;
  }, [active, timeoutMs]);
}
