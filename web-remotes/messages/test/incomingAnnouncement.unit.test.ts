import { describe, expect, it } from '@jest/globals';
import type { ChatMessage } from '@safarsaathi/contracts';
import { nextAnnouncement, type AnnouncementState } from '../src/chat/useIncomingAnnouncement';

const message = (seq: number, isMine: boolean, text = `message ${seq}`): ChatMessage =>
  ({
    message_id: `m${seq}`,
    seq,
    is_mine: isMine,
    message_text: text,
    sent_at: '2026-11-23T10:00:00.000Z',
    is_read: false,
  }) as ChatMessage;

const OPEN = { open: true, loading: false };
const start: AnnouncementState = { seq: null, text: '' };

/** Feeds the states one after another, as renders would. */
function run(
  steps: Array<{ messages: ChatMessage[]; status?: { open: boolean; loading: boolean } }>,
): string[] {
  let state = start;
  return steps.map(({ messages, status = OPEN }) => {
    state = nextAnnouncement(state, messages, status, 'Kiran') ?? state;
    return state.text;
  });
}

describe('nextAnnouncement', () => {
  it('does not announce what the dialog shows when it opens, then announces a new incoming message', () => {
    const before = [message(1, false), message(2, true)];
    expect(
      run([
        { messages: [], status: { open: true, loading: true } },
        { messages: before },
        { messages: [...before, message(3, false, 'Hello')] },
      ]),
    ).toEqual(['', '', 'Kiran: Hello']);
  });

  it('never announces one’s own messages, nor older pages loaded above', () => {
    const shown = [message(5, false), message(6, true)];
    expect(
      run([
        { messages: shown },
        { messages: [...shown, message(7, true)] },
        { messages: [message(2, false), ...shown, message(7, true)] },
      ]),
    ).toEqual(['', '', '']);
  });

  it('starts afresh after closing: messages that came in meanwhile are not announced on reopening', () => {
    const shown = [message(1, false)];
    const later = [...shown, message(2, false, 'While closed')];
    expect(
      run([
        { messages: shown },
        { messages: shown, status: { open: false, loading: false } },
        { messages: later },
        { messages: [...later, message(3, false, 'Now')] },
      ]),
    ).toEqual(['', '', '', 'Kiran: Now']);
  });

  it('changes nothing when nothing new came (no re-render loop)', () => {
    const state: AnnouncementState = { seq: 3, text: 'Kiran: Hello' };
    expect(nextAnnouncement(state, [message(3, false, 'Hello')], OPEN, 'Kiran')).toBeNull();
    expect(
      nextAnnouncement({ seq: null, text: '' }, [], { open: false, loading: false }, 'Kiran'),
    ).toBeNull();
  });
});
