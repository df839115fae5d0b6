import { BROWSER_EVENTS, LIMITS } from '@safarsaathi/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/client';
import { useWindowEvent } from '../ui/useWindowEvent';
import { useFallbackPolling, useLiveEvent } from '../live/LiveUpdates';

export const CHAT_UNREAD_QUERY_KEY = ['chat', 'unread-count'] as const;

async function fetchChatUnreadCount(): Promise<number> {
  try {
    const { unread_count } = await api.get<{ unread_count?: unknown }>('/api/chat/unread-count');
    return typeof unread_count === 'number' && unread_count > 0 ? unread_count : 0;
  } catch {
    // The chat service may be missing or down (503): the badge just shows nothing.
    return 0;
  }
}

/**
 * Unread chat messages for the Messages badge: refetched on the live chat events, and whenever a
 * `refreshUnreadCount` window event fires; polled every 20 s (visible page only) only while the live
 * stream is down. Any failure counts as 0, silently.
 */
export function useChatUnreadCount(enabled = true): number {
  const queryClient = useQueryClient();
  const { data } = useQuery({
    queryKey: CHAT_UNREAD_QUERY_KEY,
    queryFn: fetchChatUnreadCount,
    enabled,
    refetchInterval: useFallbackPolling(LIMITS.chatUnreadPollMs),
    refetchIntervalInBackground: false,
    retry: false,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: CHAT_UNREAD_QUERY_KEY });
  useWindowEvent(BROWSER_EVENTS.refreshUnreadCount, refresh);
  useLiveEvent('chat.message', refresh);
  useLiveEvent('chat.read', refresh);
  useLiveEvent('conversation.created', refresh);
  return data ?? 0;
}
