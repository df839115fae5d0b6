/**
 * The family page follows live (addendum §1.6): one EventSource on the link's public stream, which says
 * only `changed`; the page then refetches the public view. The browser reconnects a dropped stream by
 * itself with its Last-Event-ID (the gateway replays what was missed); an answer that is not a stream
 * (429 past the network's cap, 503, 410 for a link turned off) closes it, and it is tried again later.
 * Whenever it is not open the page polls instead (SHARED_POLL_MS).
 */
import { SHARED_LIVE_CHANGED, sharedLivePath } from '@safarsaathi/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

/** How often the page refetches while the stream is not open. */
export const SHARED_POLL_MS = 20_000;
/** How long after a refused stream it is tried again (the page polls meanwhile). */
const REOPEN_MS = 30_000;

/** The shared page's query of the public view. */
export const sharedTripKey = (token: string) => ['companion', 'shared', token] as const;

/**
 * While `enabled`, follows the link's stream: each `changed` refetches the view; `onStatus` hears whether
 * the stream is open (a stable function, e.g. a state setter).
 */
export function useSharedTripLive(token: string, enabled: boolean, onStatus: (open: boolean) => void): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!enabled || typeof EventSource !== 'function') return;
    const refetch = () => void queryClient.invalidateQueries({ queryKey: sharedTripKey(token) });
    let source: EventSource | undefined;
    let reopen: number | undefined;
    let stopped = false;
    let dropped = false;
    const open = () => {
      source = new EventSource(sharedLivePath(token));
      source.addEventListener(SHARED_LIVE_CHANGED, refetch);
      source.onopen = () => {
        onStatus(true);
        // Back after a gap: one look covers anything the replay could not (the polling stopped with it).
        if (dropped) refetch();
      };
      source.onerror = () => {
        onStatus(false);
        dropped = true;
        if (source?.readyState === EventSource.CLOSED && !stopped) {
          source.close();
          reopen = window.setTimeout(open, REOPEN_MS);
        }
      };
    };
    open();
    return () => {
      stopped = true;
      source?.close();
      window.clearTimeout(reopen);
      onStatus(false);
    };
  }, [token, enabled, onStatus, queryClient]);
}
