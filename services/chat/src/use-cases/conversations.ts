/** The caller's conversation list, unread count, and Block (safety beyond the spec). */
import type { Conversation, ConversationRequests, Identity } from '@safarsaathi/contracts';
import { unreadOf, type Inbox } from '../persistence/inboxes';
import { otherParticipant, type StoredConversation } from '../persistence/conversations';
import type { ChatRequest } from '../persistence/requests';
import type { ChatContext } from './context';
import { conversationFor, participantOnly, writeConversation } from './conversation-store';
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

/**
 * GET /api/chat/conversations/:id/requests: the caller's own active requests that are matched with an
 * active request of the other participant (both naming each other). The chat dialog shows their meeting
 * point, which it reads from the companion service; the chat service only knows which requests they are.
 */
export async function conversationRequests(
  ctx: ChatContext,
  identity: Identity,
  conversationId: string,
): Promise<ConversationRequests> {
  const userId = identity.userId;
  const conversation = await conversationFor(ctx, conversationId, userId);
  if (conversation.service_type !== 'companion') return { caseids: [] };
  const other = otherParticipant(conversation, userId);
  const user = await ctx.users.findOne({ _id: userId }).lean();
  if (!user?.caseids.length) return { caseids: [] };
  const mine = await ctx.requests
    .find({ _id: { $in: user.caseids }, ownerId: userId, status: 'active', matchedWith: { $ne: null } })
    .lean<ChatRequest[]>();
  if (mine.length === 0) return { caseids: [] };
  const theirs = await ctx.requests
    .find({ _id: { $in: mine.map((request) => request.matchedWith!) }, ownerId: other, status: 'active' })
    .lean<ChatRequest[]>();
  const matchedBack = new Map(theirs.map((request) => [request._id, request.matchedWith]));
  return {
    caseids: mine
      .filter((request) => matchedBack.get(request.matchedWith!) === request._id)
      .map((request) => request._id)
      .sort(),
  };
}
