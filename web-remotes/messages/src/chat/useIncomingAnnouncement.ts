import type { ChatMessage } from '@safarsaathi/contracts';
import { useState } from 'react';

const newestIncoming = (messages: ChatMessage[]): ChatMessage | null =>
  messages.reduce<ChatMessage | null>(
    (newest, message) => (!message.is_mine && (!newest || message.seq > newest.seq) ? message : newest),
    null,
  );

/**
 * The sentence a screen reader says when the other traveller's message arrives while the dialog is
 * open ('Vikram: Hello'). Messages already there when the dialog opened, older pages loaded on demand
 * and one's own messages are not announced. State adjusted while rendering (React's pattern for
 * state derived from changing props), so the announcement renders together with the message.
 */
export function useIncomingAnnouncement(
  messages: ChatMessage[],
  { open, loading }: { open: boolean; loading: boolean },
  senderName: string,
): string {
  // seq: the newest incoming message already accounted for; null until the open dialog has loaded.
  const [state, setState] = useState<{ seq: number | null; text: string }>({ seq: null, text: '' });
  const newest = newestIncoming(messages);
  if (!open) {
    // Reopened later, the dialog starts from what it then shows.
    if (state.seq !== null || state.text) setState({ seq: null, text: '' });
  } else if (!loading) {
    if (state.seq === null) setState({ seq: newest?.seq ?? 0, text: '' });
    else if (newest && newest.seq > state.seq)
      setState({ seq: newest.seq, text: `${senderName}: ${newest.message_text}` });
  }
  return state.text;
}
