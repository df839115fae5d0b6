import {
  BROWSER_EVENTS,
  CHAT_MESSAGES,
  HTTP_MESSAGES,
  LIMITS,
  type ChatMessage,
  type Conversation,
  type MessagesResponse,
} from '@safarsaathi/contracts';
import {
  ApiError,
  dispatchWindowEvent,
  errorMessage,
  useFallbackPolling,
  useLiveEvent,
} from '@safarsaathi/web-kit';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { CONVERSATIONS_KEY, chatApi, messagesKey } from '../api';
import { mergeMessages } from './messageDays';

const refreshUnreadCount = () => dispatchWindowEvent(BROWSER_EVENTS.refreshUnreadCount);
const isVisible = () => typeof document === 'undefined' || document.visibilityState === 'visible';

/**
 * One open conversation (spec §4 Chat): loads the messages, marks them read, refetches on the live
 * stream's `chat.message` / `chat.read` for this conversation (and polls every 3 s only while the stream
 * is down and the page visible), fires `refreshUnreadCount` when a poll brings more
 * messages, sends, loads older pages, and blocks or unblocks.
 */
export function useConversation(conversationId: string, open: boolean) {
  const queryClient = useQueryClient();
  const key = useMemo(() => messagesKey(conversationId), [conversationId]);

  const latest = useQuery({
    queryKey: key,
    queryFn: async ({ signal }) => {
      try {
        return await chatApi.messages(conversationId, { signal });
      } catch (error) {
        if (!signal.aborted) console.error(CHAT_MESSAGES.fetchFailed, error);
        throw error;
      }
    },
    enabled: open && Boolean(conversationId),
    refetchInterval: useFallbackPolling(LIMITS.chatMessagePollMs),
    refetchIntervalInBackground: false,
    retry: false,
  });
  // A new message, the other side's read pointer (the ticks) or a block: refetch the newest page at once.
  const refetchOnNews = (body: { conversation_id: string }) => {
    if (open && body.conversation_id === conversationId)
      void queryClient.invalidateQueries({ queryKey: key });
  };
  useLiveEvent('chat.message', refetchOnNews);
  useLiveEvent('chat.read', refetchOnNews);
  useLiveEvent('conversation.updated', refetchOnNews);

  // Older pages, fetched on demand with ?before=<oldest seq shown>.
  const [older, setOlder] = useState<ChatMessage[]>([]);
  const [olderHasMore, setOlderHasMore] = useState<boolean | null>(null);
  const loadOlder = useMutation({
    mutationFn: (before: number) => chatApi.messages(conversationId, { before }),
    onSuccess: (page) => {
      setOlder((current) => mergeMessages(page.messages, current));
      setOlderHasMore(page.has_more);
    },
    onError: (error) => console.error(CHAT_MESSAGES.fetchFailed, error),
  });

  const messages = useMemo(() => mergeMessages(older, latest.data?.messages ?? []), [older, latest.data]);
  const hasMore = olderHasMore ?? latest.data?.has_more ?? false;
  const newestSeq = messages.at(-1)?.seq ?? 0;

  // A poll with more messages than before: the unread badge may have changed.
  const seenSeq = useRef<number | null>(null);
  useEffect(() => {
    if (!latest.data) return;
    if (seenSeq.current !== null && newestSeq > seenSeq.current) refreshUnreadCount();
    seenSeq.current = newestSeq;
  }, [latest.data, newestSeq]);

  // Read on opening, then whenever the other traveller's newest message is newer than the last marked.
  const markedSeq = useRef<number | null>(null);
  const newestIncomingSeq = useMemo(
    () => messages.reduce((seq, message) => (message.is_mine ? seq : Math.max(seq, message.seq)), 0),
    [messages],
  );
  const markRead = useMutation({
    mutationFn: () => chatApi.markRead(conversationId),
    onSuccess: () => {
      refreshUnreadCount();
      void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY });
    },
    onError: (error) => console.error('Failed to mark the conversation read', error),
  });
  const { mutate: mark, isPending: marking } = markRead;
  // Messages that arrived while the page was hidden are read when it is shown again.
  const [visible, setVisible] = useState(isVisible);
  useEffect(() => {
    const update = () => setVisible(isVisible());
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);
  useEffect(() => {
    if (!open || !latest.data || marking || !visible) return;
    if (markedSeq.current !== null && newestIncomingSeq <= markedSeq.current) return;
    markedSeq.current = newestIncomingSeq;
    mark();
  }, [open, latest.data, newestIncomingSeq, marking, mark, visible]);

  const setConversation = useCallback(
    (conversation: Conversation) => {
      queryClient.setQueryData<MessagesResponse>(key, (data) => (data ? { ...data, conversation } : data));
      void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY });
    },
    [queryClient, key],
  );

  const [sendError, setSendError] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: (text: string) => chatApi.send(conversationId, text),
    onSuccess: ({ message }) => {
      setSendError(null);
      // Shown at once; the refetch brings the server's view (read state, the other side's replies).
      queryClient.setQueryData<MessagesResponse>(key, (data) =>
        data ? { ...data, messages: mergeMessages(data.messages, [message]) } : data,
      );
      void queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (error) => {
      console.error(CHAT_MESSAGES.sendFailed, error);
      setSendError(errorMessage(error, CHAT_MESSAGES.sendFailed));
      // Sending may have been closed meanwhile (blocked, deleted profile): show why.
      if (error instanceof ApiError && error.status === 403)
        void queryClient.invalidateQueries({ queryKey: key });
    },
  });

  const block = useMutation({
    mutationFn: (blocked: boolean) =>
      blocked ? chatApi.block(conversationId) : chatApi.unblock(conversationId),
    onSuccess: setConversation,
    onError: (error) => console.error('Failed to change the block', error),
  });

  return {
    conversation: latest.data?.conversation,
    messages,
    loading: latest.isPending && open,
    loadFailed: latest.isError && !latest.data,
    hasMore,
    loadOlder: () => messages[0] && loadOlder.mutate(messages[0].seq),
    loadingOlder: loadOlder.isPending,
    send: (text: string) => send.mutateAsync(text),
    sending: send.isPending,
    sendError,
    clearSendError: () => setSendError(null),
    setBlocked: (blocked: boolean) => block.mutate(blocked),
    blockPending: block.isPending,
    blockError: block.isError ? errorMessage(block.error, HTTP_MESSAGES.serverError) : null,
  };
}
