import type { ChatMessage } from '@safarsaathi/contracts';
import { useState } from 'react';

/** seq: the newest incoming message already accounted for; null until the open dialog has loaded. */
export interface AnnouncementState {
  seq: number | null;
  text: string;
}

const newestIncoming = (messages: ChatMessage[]): ChatMessage | null =>
  messages.reduce<ChatMessage | null>(
    (newest, message) => (!message.is_mine && (!newest || message.seq > newest.seq) ? message : newest),
    null,
  );

/**
 * The next state of the announcement, or null when it stays as it is. What the dialog shows when it
 * opens (or reopens) is the starting point and is not announced; after that, each newer message of the
 * other traveller is ('Name: text'). One's own messages and older pages never are.
 */
export function nextAnnouncement(
  state: AnnouncementState,
  messages: ChatMessage[],
  { open, loading }: { open: boolean; loading: boolean },
  senderName: string,
): AnnouncementState | null {
  if (!open) return state.seq !== null || state.text ? { seq: null, text: '' } : null;
  if (loading) return null;
  const newest = newestIncoming(messages);
  if (state.seq === null) return { seq: newest?.seq ?? 0, text: '' };
  if (newest && newest.seq > state.seq)
    return { seq: newest.seq, text: `${senderName}: ${newest.message_text}` };
  return null;
}

/**
 * The sentence a screen reader says when the other traveller's message arrives while the chat dialog
 * is open. State adjusted while rendering (React's pattern for state derived from changing props), so
 * the announcement renders together with the message.
 */
export function useIncomingAnnouncement(
  messages: ChatMessage[],
  status: { open: boolean; loading: boolean },
  senderName: string,
): string {
  const [state, setState] = useState<AnnouncementState>({ seq: null, text: '' });
  const next = nextAnnouncement(state, messages, status, senderName);
  if (next) setState(next);
  return state.text;
}
