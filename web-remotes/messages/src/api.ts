import type {
  ChatMessage,
  CompanionRequestView,
  Conversation,
  ConversationRequests,
  ReportConversationRequest,
  MessagesResponse,
} from '@safarsaathi/contracts';
import { api } from '@safarsaathi/web-kit';

const conversationPath = (id: string) => `/api/chat/conversations/${encodeURIComponent(id)}`;

/** The chat calls of spec §7, plus block/unblock and the report through the support service. */
export const chatApi = {
  conversations: (signal?: AbortSignal) => api.get<Conversation[]>('/api/chat/conversations', { signal }),
  /** The newest messages, or those before the sequence number `before` (older ones); never from the HTTP cache. */
  messages: (id: string, options: { before?: number; signal?: AbortSignal } = {}) =>
    api.get<MessagesResponse>(
      `${conversationPath(id)}/messages${options.before ? `?before=${options.before}` : ''}`,
      { signal: options.signal, cache: 'no-store' },
    ),
  send: (id: string, messageText: string) =>
    api.post<{ success: true; message: ChatMessage }>(`${conversationPath(id)}/messages`, {
      message_text: messageText,
    }),
  markRead: (id: string) =>
    api.put<{ success: true; last_read_seq: number }>(`${conversationPath(id)}/mark-read`),
  /** The caller's own requests matched with the other participant's (for their meeting point). */
  requests: (id: string, signal?: AbortSignal) =>
    api.get<ConversationRequests>(`${conversationPath(id)}/requests`, { signal }),
  /** The caller's own companion requests, as the companion screen reads them. */
  companionRequests: (signal?: AbortSignal) =>
    api.get<CompanionRequestView[]>('/api/companions/requests', { signal }),
  block: (id: string) => api.put<Conversation>(`${conversationPath(id)}/block`),
  unblock: (id: string) => api.delete<Conversation>(`${conversationPath(id)}/block`),
  /** A report opens a support case about the conversation (addendum §2.2): the chat service sends it on. */
  report: ({ id, ...request }: ReportConversationRequest & { id: string }) =>
    api.post<{ case_id: string }>(`${conversationPath(id)}/report`, request),
};

export const CHAT_QUERY_ROOT = ['chat'] as const;
export const CONVERSATIONS_KEY = [...CHAT_QUERY_ROOT, 'conversations'] as const;
export const messagesKey = (id: string) => [...CHAT_QUERY_ROOT, 'messages', id] as const;
export const meetingKey = (id: string) => [...CHAT_QUERY_ROOT, 'meeting', id] as const;
