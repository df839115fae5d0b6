/** The caller's conversation list, unread count, and Block (safety beyond the spec). */
import type { Conversation, Identity } from '@safarsaathi/contracts';
import { unreadOf, type Inbox } from '../persistence/inboxes';
import type { StoredConversation } from '../persistence/conversations';
import type { ChatContext } from './context';
import { participantOnly, writeConversation } from './conversation-store';
import { byLatestActivity, conversationView, conversationViewOf } from './views';

interface InboxView {
  unreadCount: number;
  /** The serialised conversation list. */
  json: string;
}

/** The caller's conversation list (serialised) and unread count: from the cache, or built from the inbox. */
async function inboxView(ctx: ChatContext, userId: string): Promise<InboxView> {
  const cached = await ctx.inboxCache.read(userId);
  if ('value' in cached) {
    // `${unreadCount}\n${json}` (JSON has no raw line breaks).
    const split = cached.value.indexOf('\n');
    return { unreadCount: Number(cached.value.slice(0, split)), json: cached.value.slice(split + 1) };
  }
  const inbox = await ctx.inboxes.findOne({ _id: userId }).lean<Inbox>();
  const entries = Object.entries(inbox?.conversations ?? {});
  const conversations: Conversation[] = entries
    .map(([id, entry]) => conversationView(id, entry, userId))
    .sort(byLatestActivity);
  const view = {
    unreadCount: entries.reduce((sum, [, entry]) => sum + unreadOf(entry), 0),
    json: JSON.stringify(conversations),
  };
  await ctx.inboxCache.store(userId, cached.version, `${view.unreadCount}\n${view.json}`);
  return view;
}

/** GET /api/chat/conversations: newest activity first, as JSON text (one read by `_id`, or none when cached). */
export async function listConversationsJson(ctx: ChatContext, identity: Identity): Promise<string> {
  return (await inboxView(ctx, identity.userId)).json;
}

/** GET /api/chat/unread-count: every conversation's messages past the caller's read pointer. */
export async function unreadCount(ctx: ChatContext, identity: Identity): Promise<{ unread_count: number }> {
  return { unread_count: (await inboxView(ctx, identity.userId)).unreadCount };
}

/** The other side's open dialog (and the caller's other tabs) learn whether sending is still possible. */
function tellParticipants(ctx: ChatContext, conversation: StoredConversation): void {
  void ctx.live.publishToAll(conversation.participantIds, 'conversation.updated', {
    conversation_id: conversation._id,
  });
}

/** PUT /api/chat/conversations/:id/block: neither participant can send while any block stands. */
export async function block(
  ctx: ChatContext,
  identity: Identity,
  conversationId: string,
): Promise<Conversation> {
  const userId = identity.userId;
  const { conversation, changed } = await writeConversation(ctx, conversationId, (current) => {
    const latest = participantOnly(current, userId);
    return latest.blockedBy.includes(userId) ? null : { $set: { blockedBy: [...latest.blockedBy, userId] } };
  });
  if (changed) tellParticipants(ctx, conversation);
  return conversationViewOf(conversation, userId);
}

/** DELETE /api/chat/conversations/:id/block: lifts the caller's own block only. */
export async function unblock(
  ctx: ChatContext,
  identity: Identity,
  conversationId: string,
): Promise<Conversation> {
  const userId = identity.userId;
  const { conversation, changed } = await writeConversation(ctx, conversationId, (current) => {
    const latest = participantOnly(current, userId);
    return latest.blockedBy.includes(userId)
      ? { $set: { blockedBy: latest.blockedBy.filter((id) => id !== userId) } }
      : null;
  });
  if (changed) tellParticipants(ctx, conversation);
  return conversationViewOf(conversation, userId);
}
