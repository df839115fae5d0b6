import { useEffect, useRef } from 'react';

/** Runs `handler` whenever `name` is dispatched on window (e.g. BROWSER_EVENTS.refreshNotifications). */
export function useWindowEvent(name: string, handler: () => void): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    const listener = () => latest.current();
    window.addEventListener(name, listener);
    return () => window.removeEventListener(name, listener);
  }, [name]);
}

/** Fires a browser event that other parts of the app listen to (spec: refreshNotifications, refreshUnreadCount). */
export function dispatchWindowEvent(name: string): void {
  window.dispatchEvent(new Event(name));
}
