import { BROWSER_EVENTS, LIMITS } from '@safarsaathi/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/client';
import { useWindowEvent } from '../ui/useWindowEvent';

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
 * Unread chat messages for the Messages badge: polled every 20 s while the page is visible, and
 * again whenever a `refreshUnreadCount` window event fires. Any failure counts as 0, silently.
 */
export function useChatUnreadCount(enabled = true): number {
  const queryClient = useQueryClient();
  const { data } = useQuery({
    queryKey: CHAT_UNREAD_QUERY_KEY,
    queryFn: fetchChatUnreadCount,
    enabled,
    refetchInterval: LIMITS.chatUnreadPollMs,
    refetchIntervalInBackground: false,
    retry: false,
  });
  useWindowEvent(BROWSER_EVENTS.refreshUnreadCount, () => {
    void queryClient.invalidateQueries({ queryKey: CHAT_UNREAD_QUERY_KEY });
  });
  return data ?? 0;
}
