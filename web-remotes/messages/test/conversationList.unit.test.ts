import { describe, expect, it } from '@jest/globals';
import type { Conversation } from '@safarsaathi/contracts';
import {
  conversationTime,
  filterConversations,
  serviceTitle,
  unreadSignature,
} from '../src/conversations/conversationList';

const conversation = (id: string, name: string, extra: Partial<Conversation> = {}): Conversation => ({
  conversation_id: id,
  other_participant_name: name,
  service_type: 'companion',
  last_message: null,
  last_message_timestamp: null,
  unread_count: 0,
  created_at: '2026-03-01T10:00:00.000Z',
  blocked_by_me: false,
  can_send: true,
  other_participant_deleted: false,
  ...extra,
});

describe('filterConversations', () => {
  const list = [
    conversation('a', 'Asha Verma'),
    conversation('b', 'Ravi Kumar'),
    conversation('c', 'Zoë Ashton'),
  ];

  it('keeps names containing the text, ignoring case', () => {
    expect(filterConversations(list, 'ASH').map((c) => c.conversation_id)).toEqual(['a', 'c']);
    expect(filterConversations(list, 'kumar').map((c) => c.conversation_id)).toEqual(['b']);
    expect(filterConversations(list, 'zoë').map((c) => c.conversation_id)).toEqual(['c']);
  });

  it('shows everyone for a blank search and nobody for a name no one has', () => {
    expect(filterConversations(list, '   ')).toHaveLength(3);
    expect(filterConversations(list, 'meera')).toEqual([]);
  });
});

describe('conversationTime', () => {
  const now = Date.parse('2026-03-10T12:00:00Z');

  it('says Start conversation before the first message', () => {
    expect(conversationTime(conversation('a', 'Asha'), now)).toBe('Start conversation');
  });

  it('gives the last message relative to now', () => {
    expect(
      conversationTime(
        conversation('a', 'Asha', { last_message: 'Hi', last_message_timestamp: '2026-03-10T09:00:00Z' }),
        now,
      ),
    ).toBe('3 hours ago');
  });
});

describe('serviceTitle', () => {
  it('is the service type followed by the word Service', () => {
    expect(serviceTitle('companion')).toBe('Companion Service');
    expect(serviceTitle('ride')).toBe('Ride Service');
    expect(serviceTitle('document')).toBe('Document Service');
    expect(serviceTitle(undefined)).toBe('Companion Service');
  });
});

describe('unreadSignature', () => {
  it('changes when a count or a last message changes, not when the order does', () => {
    const a = conversation('a', 'Asha', { unread_count: 1, last_message_timestamp: '2026-03-10T09:00:00Z' });
    const b = conversation('b', 'Ravi');
    expect(unreadSignature([a, b])).toBe(unreadSignature([b, a]));
    expect(unreadSignature([a, b])).not.toBe(unreadSignature([{ ...a, unread_count: 2 }, b]));
    expect(unreadSignature([a, b])).not.toBe(
      unreadSignature([a, { ...b, last_message_timestamp: '2026-03-10T11:00:00Z' }]),
    );
  });
});
