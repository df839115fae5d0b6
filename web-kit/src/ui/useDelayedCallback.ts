import { useCallback, useEffect, useRef } from 'react';

/**
 * Returns `schedule(callback, ms)`: runs the callback after the delay unless the component has
 * unmounted. Scheduling again replaces the pending callback (e.g. a newer message's time-out).
 */
export function useDelayedCallback(): (callback: () => void, ms: number) => void {
  const pending = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(pending.current), []);

  return useCallback((callback: () => void, ms: number) => {
    window.clearTimeout(pending.current);
    pending.current = window.setTimeout(callback, ms);
  }, []);
}
