/** The caller's conversation list, unread count, and Block (safety beyond the spec). */
import type { Conversation, Identity } from '@safarsaathi/contracts';
import { unreadOf, type Inbox } from '../persistence/inboxes';
import type { ChatContext } from './context';
import { participantOnly, writeConversation } from './conversation-store';
import { byLatestActivity, conversationView, conversationViewOf } from './views';

async function inboxOf(ctx: ChatContext, userId: string): Promise<Inbox | null> {
  return ctx.inboxes.findOne({ _id: userId }).lean<Inbox>();
}

/** GET /api/chat/conversations: newest activity first; one read by `_id`. */
export async function listConversations(ctx: ChatContext, identity: Identity): Promise<Conversation[]> {
  const inbox = await inboxOf(ctx, identity.userId);
  return Object.entries(inbox?.conversations ?? {})
    .map(([id, entry]) => conversationView(id, entry, identity.userId))
    .sort(byLatestActivity);
}

/** GET /api/chat/unread-count: every conversation's messages past the caller's read pointer. */
export async function unreadCount(ctx: ChatContext, identity: Identity): Promise<{ unread_count: number }> {
  const inbox = await inboxOf(ctx, identity.userId);
  const entries = Object.values(inbox?.conversations ?? {});
  return { unread_count: entries.reduce((sum, entry) => sum + unreadOf(entry), 0) };
}

/** PUT /api/chat/conversations/:id/block: neither participant can send while any block stands. */
export async function block(ctx: ChatContext, identity: Identity, conversationId: string): Promise<Conversation> {
  const userId = identity.userId;
  const { conversation } = await writeConversation(ctx, conversationId, (current) => {
    const latest = participantOnly(current, userId);
    return latest.blockedBy.includes(userId) ? null : { $set: { blockedBy: [...latest.blockedBy, userId] } };
  });
  return conversationViewOf(conversation, userId);
}

/** DELETE /api/chat/conversations/:id/block: lifts the caller's own block only. */
export async function unblock(ctx: ChatContext, identity: Identity, conversationId: string): Promise<Conversation> {
  const userId = identity.userId;
  const { conversation } = await writeConversation(ctx, conversationId, (current) => {
    const latest = participantOnly(current, userId);
    return latest.blockedBy.includes(userId) ? { $set: { blockedBy: latest.blockedBy.filter((id) => id !== userId) } } : null;
  });
  return conversationViewOf(conversation, userId);
}
