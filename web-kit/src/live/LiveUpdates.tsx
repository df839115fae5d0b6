import type { LiveEvent, LiveEventBody, LiveEventType } from '@safarsaathi/contracts';
import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { LiveConnection } from './liveConnection';

type Handler = (event: LiveEvent) => void;

interface LiveUpdates {
  /** The stream is open (in this tab or in the leader tab): screens need not poll. */
  connected: boolean;
  subscribe: (type: LiveEventType, handler: Handler) => () => void;
}

const LiveUpdatesContext = createContext<LiveUpdates | null>(null);

export type SessionEndReason = LiveEventBody<'session.ended'>['reason'];

/**
 * Holds this browser's live stream while `enabled` (signed-in users only: visitors never call
 * /api/events) and hands its events to the screens. Rendered once per page by the shell.
 * `resync` (events were lost) refetches every query; so does the stream coming back after it was down.
 */
export function LiveUpdatesProvider({
  enabled,
  onSessionEnded,
  onRefused,
  children,
}: {
  enabled: boolean;
  onSessionEnded: (reason: SessionEndReason) => void;
  /** The server refused the stream (LiveConnectionOptions.onRefused): e.g. check whether the session ended. */
  onRefused?: () => void;
  children: ReactNode;
}) {
  const queryClient = useQueryClient();
  const [connected, setConnected] = useState(false);
  const handlers = useRef(new Map<LiveEventType, Set<Handler>>());
  const sessionEnded = useRef(onSessionEnded);
  const refused = useRef(onRefused);
  useEffect(() => {
    sessionEnded.current = onSessionEnded;
    refused.current = onRefused;
  });

  useEffect(() => {
    if (!enabled) return;
    let wasConnected = false;
    const connection = new LiveConnection({
      onEvent: (event) => {
        if (event.type === 'resync') void queryClient.invalidateQueries();
        if (event.type === 'session.ended')
          sessionEnded.current((event as LiveEvent<'session.ended'>).body.reason);
        for (const handler of handlers.current.get(event.type) ?? []) handler(event);
      },
      onStatus: (up) => {
        // Back after a break: what changed meanwhile was replayed, but a refetch of what is on screen is cheap.
        if (up && wasConnected) void queryClient.invalidateQueries({ refetchType: 'active' });
        if (up) wasConnected = true;
        setConnected(up);
        document.documentElement.dataset.liveStream = up ? 'connected' : 'down';
      },
      onRefused: () => refused.current?.(),
    });
    document.documentElement.dataset.liveStream = 'down';
    connection.start();
    return () => {
      connection.stop();
      setConnected(false);
      delete document.documentElement.dataset.liveStream;
    };
  }, [enabled, queryClient]);

  const subscribe = useCallback<LiveUpdates['subscribe']>((type, handler) => {
    let set = handlers.current.get(type);
    if (!set) handlers.current.set(type, (set = new Set()));
    set.add(handler);
    return () => set.delete(handler);
  }, []);
  const value = useMemo<LiveUpdates>(() => ({ connected, subscribe }), [connected, subscribe]);
  return <LiveUpdatesContext.Provider value={value}>{children}</LiveUpdatesContext.Provider>;
}

/** Runs `handler` for every live event of `type` (typed body). Does nothing outside the provider. */
export function useLiveEvent<T extends LiveEventType>(
  type: T,
  handler: (body: LiveEventBody<T>, event: LiveEvent<T>) => void,
): void {
  const live = useContext(LiveUpdatesContext);
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  const subscribe = live?.subscribe;
  useEffect(() => {
    if (!subscribe) return;
    return subscribe(type, (event) => latest.current(event.body as LiveEventBody<T>, event as LiveEvent<T>));
  }, [subscribe, type]);
}

/** Whether the live stream is up. False for visitors and while it is down. */
export function useLiveStatus(): boolean {
  return useContext(LiveUpdatesContext)?.connected ?? false;
}

/**
 * A TanStack Query `refetchInterval`: the spec's polling interval while the live stream is down, none
 * while it is up (the screen refetches on the live events instead).
 */
export function useFallbackPolling(intervalMs: number): number | false {
  return useLiveStatus() ? false : intervalMs;
}
