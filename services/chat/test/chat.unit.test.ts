/** The chat service's rules that need no infrastructure: ids, pages, views, closing reasons, texts. */
import {
  CHAT_LIMITS,
  CHAT_MESSAGES,
  DEFAULT_PARTICIPANT_NAME,
  DELETED_USER_NAME,
  conversationSchema,
  chatMessageSchema,
  unreadMessageEmail,
} from '@safarsaathi/contracts';
import { conversationIdOf, type ConversationRecord } from '../src/persistence/conversations';
import { chunkIndexOf, pageOf } from '../src/persistence/message-chunks';
import { entryOf, previewOf, unreadOf } from '../src/persistence/inboxes';
import { cancelledStatusOf } from '../src/persistence/requests';
import { byLatestActivity, conversationViewOf, messageView } from '../src/use-cases/views';
import { sendingClosedReason } from '../src/use-cases/messages';

function conversation(overrides: Partial<ConversationRecord> = {}): ConversationRecord {
  const at = new Date('2026-11-20T10:00:00Z');
  return {
    _id: 'cabc',
    rev: 3,
    participantIds: ['alice', 'bob'],
    service_type: 'companion',
    names: { alice: 'Alice Rao', bob: 'Bob Nair' },
    deletedIds: [],
    seq: 5,
    reads: { alice: 5, bob: 2 },
    lastMessage: { seq: 5, senderId: 'alice', text: 'see you', sentAt: at },
    recent: [],
    blockedBy: [],
    createdBy: 'alice',
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}

test('one conversation id per pair and service type, whoever asks, and it does not show the user ids', () => {
  const id = conversationIdOf('companion', 'alice', 'bob');
  expect(conversationIdOf('companion', 'bob', 'alice')).toBe(id);
  expect(conversationIdOf('ride', 'alice', 'bob')).not.toBe(id);
  expect(conversationIdOf('companion', 'alice', 'carol')).not.toBe(id);
  expect(id).toMatch(/^c[0-9a-f]{31}$/);
  expect(id).not.toContain('alice');
});

test('pages: the newest 200 up to a point, and the chunks holding them', () => {
  expect(pageOf(0, 200)).toEqual({ from: 1, to: 0, chunkIndexes: [] });
  expect(pageOf(3, 200)).toEqual({ from: 1, to: 3, chunkIndexes: [0] });
  expect(pageOf(240, 200)).toEqual({ from: 41, to: 240, chunkIndexes: [0, 1, 2, 3, 4] });
  expect(pageOf(250, 200)).toEqual({ from: 51, to: 250, chunkIndexes: [1, 2, 3, 4] });
  expect([chunkIndexOf(1), chunkIndexOf(50), chunkIndexOf(51)]).toEqual([0, 0, 1]);
});

test('a conversation as each participant sees it', () => {
  const record = conversation();
  const forBob = conversationViewOf(record, 'bob');
  expect(conversationSchema.parse(forBob)).toEqual({
    conversation_id: 'cabc',
    other_participant_name: 'Alice Rao',
    service_type: 'companion',
    last_message: 'see you',
    last_message_timestamp: '2026-11-20T10:00:00.000Z',
    unread_count: 3,
    created_at: '2026-11-20T10:00:00.000Z',
    blocked_by_me: false,
    can_send: true,
    other_participant_deleted: false,
  });
  expect(conversationViewOf(record, 'alice')).toMatchObject({
    other_participant_name: 'Bob Nair',
    unread_count: 0,
  });

  const blocked = conversation({ blockedBy: ['bob'] });
  expect(conversationViewOf(blocked, 'bob')).toMatchObject({ blocked_by_me: true, can_send: false });
  expect(conversationViewOf(blocked, 'alice')).toMatchObject({ blocked_by_me: false, can_send: false });

  const deleted = conversation({ deletedIds: ['alice'], names: { bob: 'Bob Nair' } });
  expect(conversationViewOf(deleted, 'bob')).toMatchObject({
    other_participant_name: DELETED_USER_NAME,
    other_participant_deleted: true,
    can_send: false,
  });
  expect(conversationViewOf(conversation({ names: {} }), 'bob').other_participant_name).toBe(
    DEFAULT_PARTICIPANT_NAME,
  );
});

test('ticks: my message is read once the other pointer passes it; no sender e-mail', () => {
  const record = conversation();
  const mine = messageView(record, { seq: 2, senderId: 'alice', text: 'hi', sentAt: new Date() }, 'alice');
  const unseen = messageView(
    record,
    { seq: 3, senderId: 'alice', text: 'there', sentAt: new Date() },
    'alice',
  );
  expect(chatMessageSchema.parse(mine)).toMatchObject({
    message_id: 'cabc-2',
    seq: 2,
    is_mine: true,
    is_read: true,
  });
  expect(unseen).toMatchObject({ is_mine: true, is_read: false });
  expect(
    messageView(record, { seq: 3, senderId: 'alice', text: 'there', sentAt: new Date() }, 'bob'),
  ).toMatchObject({ is_mine: false, is_read: false });
  expect(Object.keys(mine)).not.toContain('sender_email');
});

test('the list is newest activity first; conversations without messages by their creation', () => {
  const old = conversationViewOf(
    conversation({
      _id: 'old',
      lastMessage: { seq: 1, senderId: 'alice', text: 'a', sentAt: new Date('2026-11-01T00:00:00Z') },
    }),
    'bob',
  );
  const fresh = conversationViewOf(
    conversation({ _id: 'fresh', lastMessage: null, seq: 0, createdAt: new Date('2026-11-10T00:00:00Z') }),
    'bob',
  );
  const latest = conversationViewOf(conversation({ _id: 'latest' }), 'bob');
  expect([old, fresh, latest].sort(byLatestActivity).map((c) => c.conversation_id)).toEqual([
    'latest',
    'fresh',
    'old',
  ]);
});

test('inbox entries, unread counts and previews', () => {
  const entry = entryOf(conversation(), 'bob');
  expect(entry).toMatchObject({ rev: 3, otherId: 'alice', lastSeq: 5, readSeq: 2 });
  expect(unreadOf(entry)).toBe(3);
  expect(unreadOf({ lastSeq: 2, readSeq: 5 })).toBe(0);
  expect(previewOf('x'.repeat(500))).toHaveLength(CHAT_LIMITS.lastMessagePreviewChars);
  expect(previewOf('short')).toBe('short');
});

test('why sending is closed', () => {
  expect(sendingClosedReason(conversation())).toBeNull();
  expect(sendingClosedReason(conversation({ blockedBy: ['alice'] }))).toBe(CHAT_MESSAGES.sendingClosed);
  expect(sendingClosedReason(conversation({ deletedIds: ['bob'] }))).toBe(CHAT_MESSAGES.otherDeleted);
});

test('request_cancelled statuses', () => {
  expect(cancelledStatusOf('cancelled')).toBe('cancelled');
  expect(cancelledStatusOf('hidden')).toBe('hidden');
  expect(cancelledStatusOf('inactive')).toBe('inactive');
  expect(cancelledStatusOf('whatever')).toBe('cancelled');
});

test('the unread e-mail names the sender and points to Messages', () => {
  const email = unreadMessageEmail('Geeta Menon', 'Harish');
  expect(email.subject).toBe('Geeta Menon sent you a message on SafarSaathi');
  expect(email.text).toContain('Hello Harish');
  expect(email.text).toContain('Messages');
});
