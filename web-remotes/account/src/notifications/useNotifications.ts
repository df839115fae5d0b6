import { BROWSER_EVENTS, LIMITS, type Notification } from '@safarsaathi/contracts';
import { ApiError, useFallbackPolling, useLiveEvent, useWindowEvent } from '@safarsaathi/web-kit';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountApi } from '../api';

const NOTIFICATIONS_KEY = ['notifications'] as const;
const UNREAD_KEY = [...NOTIFICATIONS_KEY, 'unread-count'] as const;
const LIST_KEY = [...NOTIFICATIONS_KEY, 'list'] as const;

/** Spec §8: 401 or 404 give 0 and an empty list; other failures stay silent (logged). */
async function orFallback<T>(call: Promise<T>, fallback: T, what: string): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (!(error instanceof ApiError && (error.status === 401 || error.status === 404))) {
      console.warn(`Could not load ${what}`, error);
    }
    return fallback;
  }
}

/**
 * The bell's data: the unread count and, while `listOpen`, the latest 10 notifications. Both are
 * refetched when a notification is created (live event) and on a `refreshNotifications` window event;
 * the count is polled every 15 s (visible page only) only while the live stream is down.
 */
export function useNotifications(listOpen: boolean) {
  const queryClient = useQueryClient();

  const unread = useQuery({
    queryKey: UNREAD_KEY,
    queryFn: ({ signal }) =>
      orFallback(
        accountApi.notificationUnreadCount(signal).then((answer) => answer.unread_count),
        0,
        'the unread notification count',
      ),
    refetchInterval: useFallbackPolling(LIMITS.notificationUnreadPollMs),
    refetchIntervalInBackground: false,
    retry: false,
  });

  const list = useQuery({
    queryKey: LIST_KEY,
    queryFn: ({ signal }) =>
      orFallback(accountApi.notifications(signal), [] as Notification[], 'notifications'),
    enabled: listOpen,
    staleTime: 0,
    retry: false,
  });

  const refresh = () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
  useWindowEvent(BROWSER_EVENTS.refreshNotifications, () => void refresh());
  useLiveEvent('notification.created', () => void refresh());

  const markRead = useMutation({
    mutationFn: (id: string) => accountApi.markNotificationRead(id),
    onMutate: (id) => {
      const wasUnread = queryClient
        .getQueryData<Notification[]>(LIST_KEY)
        ?.some((n) => n.notification_id === id && !n.is_read);
      queryClient.setQueryData<Notification[]>(LIST_KEY, (items) =>
        items?.map((n) => (n.notification_id === id ? { ...n, is_read: true } : n)),
      );
      if (wasUnread) queryClient.setQueryData<number>(UNREAD_KEY, (count) => Math.max(0, (count ?? 0) - 1));
    },
    onSettled: () => refresh(),
  });

  const markAllRead = useMutation({
    mutationFn: () => accountApi.markAllNotificationsRead(),
    onMutate: () => {
      queryClient.setQueryData<Notification[]>(LIST_KEY, (items) =>
        items?.map((n) => ({ ...n, is_read: true })),
      );
      queryClient.setQueryData<number>(UNREAD_KEY, 0);
    },
    onSettled: () => refresh(),
  });

  return {
    unreadCount: unread.data ?? 0,
    notifications: list.data ?? [],
    loadingList: list.isPending && listOpen,
    markRead: (id: string) => markRead.mutate(id),
    markAllRead: () => markAllRead.mutate(),
    markingAll: markAllRead.isPending,
  };
}
