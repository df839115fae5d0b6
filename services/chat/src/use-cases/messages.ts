/**
 * Reading, sending and marking messages. Only the two participants can do any of it (404 for anyone else).
 * Every message takes the conversation's next sequence number, so both participants see the same order.
 */
import {
  CHAT_LIMITS,
  CHAT_MESSAGES,
  type ChatMessage,
  type Identity,
  type MessagesResponse,
} from '@safarsaathi/contracts';
import { HttpError, forbidden, outboxEvent, stageEvents, tooManyRequests } from '@safarsaathi/platform';
import {
  otherParticipant,
  type ConversationHeader,
  type StoredConversation,
} from '../persistence/conversations';
import { previewOf } from '../persistence/inboxes';
import {
  chunkIdOf,
  chunkIndexOf,
  messageIdOf,
  pageOf,
  type MessageChunk,
  type StoredMessage,
} from '../persistence/message-chunks';
import type { ChatContext } from './context';
import { conversationFor, participantOnly, writeConversation } from './conversation-store';
import { conversationViewOf, messageView } from './views';
import { classifyMessage } from '../safety/classifier';

/** Why nobody can send in this conversation now, or null when they can. */
export function sendingClosedReason(
  conversation: Pick<StoredConversation, 'blockedBy' | 'deletedIds'>,
): string | null {
  if (conversation.deletedIds.length > 0) return CHAT_MESSAGES.otherDeleted;
  if (conversation.blockedBy.length > 0) return CHAT_MESSAGES.sendingClosed;
  return null;
}

/** What the conversation cache holds: the conversation without its messages and outbox, and its newest page. */
interface NewestPage {
  conversation: ConversationHeader;
  messages: StoredMessage[];
}

/** The messages of one page (oldest first); the newest chunk comes with the conversation itself. */
export async function pageMessages(
  ctx: ChatContext,
  conversation: StoredConversation,
  page: ReturnType<typeof pageOf>,
): Promise<StoredMessage[]> {
  const topChunk = chunkIndexOf(conversation.seq);
  const messages: StoredMessage[] = [];
  for (const index of page.chunkIndexes) {
    const chunk =
      index === topChunk
        ? conversation.recent
        : ((await ctx.chunks.findOne({ _id: chunkIdOf(conversation._id, index) }).lean<MessageChunk>())
            ?.messages ?? []);
    for (const message of chunk)
      if (message.seq >= page.from && message.seq <= page.to) messages.push(message);
  }
  return messages.sort((a, b) => a.seq - b.seq);
}

function messagesResponse(
  conversation: ConversationHeader,
  messages: StoredMessage[],
  userId: string,
  from: number,
): MessagesResponse {
  return {
    messages: messages.map((message) => messageView(conversation, message, userId)),
    conversation: conversationViewOf(conversation, userId),
    has_more: from > 1,
  };
}

/**
 * GET /api/chat/conversations/:id/messages: the newest 200 (or the 200 before `before`), oldest first. The
 * newest page (what an open chat dialog polls) comes from the conversation cache when it is current.
 */
export async function listMessages(
  ctx: ChatContext,
  identity: Identity,
  conversationId: string,
  before?: number,
): Promise<MessagesResponse> {
  const userId = identity.userId;
  const cached = before === undefined ? await ctx.conversationCache.read(conversationId) : undefined;
  if (cached && 'value' in cached) {
    const { conversation, messages } = JSON.parse(cached.value) as NewestPage;
    participantOnly(conversation, userId);
    return messagesResponse(
      conversation,
      messages,
      userId,
      pageOf(conversation.seq, CHAT_LIMITS.messagesPageSize).from,
    );
  }
  const conversation = await conversationFor(ctx, conversationId, userId);
  const newest = before === undefined ? conversation.seq : Math.min(conversation.seq, before - 1);
  const page = pageOf(newest, CHAT_LIMITS.messagesPageSize);
  const messages = await pageMessages(ctx, conversation, page);
  // Only a complete page (every sequence number) is kept.
  if (cached && messages.length === page.to - page.from + 1) {
    const {
      recent: _recent,
      pendingEvents: _pending,
      hasPendingEvents: _has,
      outboxVersion: _version,
      ...record
    } = conversation;
    await ctx.conversationCache.store(
      conversationId,
      cached.version,
      JSON.stringify({ conversation: record, messages } satisfies NewestPage),
    );
  }
  return messagesResponse(conversation, messages, userId, page.from);
}

/**
 * Moves a full newest chunk to its own document before the next message starts a new one. Idempotent: a
 * retry after a crash (or a lost race on MongoDB) finds it written already.
 */
async function archiveChunk(ctx: ChatContext, conversation: StoredConversation): Promise<void> {
  const index = chunkIndexOf(conversation.seq);
  try {
    await ctx.chunks.create({
      _id: chunkIdOf(conversation._id, index),
      conversationId: conversation._id,
      index,
      messages: conversation.recent,
    });
  } catch (error) {
    if ((error as { code?: number }).code !== 11000) throw error;
  }
}

/**
 * POST /api/chat/conversations/:id/messages (the text is already trimmed and 1–2,000 characters). The answer
 * carries the message's `safety_flags`, so the sender sees at once that it was marked and why.
 */
export async function sendMessage(
  ctx: ChatContext,
  identity: Identity,
  conversationId: string,
  text: string,
): Promise<{ success: true; message: ChatMessage }> {
  const userId = identity.userId;
  // Counted first (one read fewer on the hot path); a refused message gives its place back below.
  const hit = await ctx.limits.messages.hit(userId);
  if (!hit.allowed) throw tooManyRequests(CHAT_MESSAGES.tooManyMessages, hit.retryAfterSeconds);

  const sentAt = new Date();
  // The shield looks at the message as it is sent (nothing is blocked or changed: safety/classifier.ts).
  const flags = classifyMessage(text);
  let stored: StoredMessage | undefined;
  try {
    const { conversation } = await writeConversation(ctx, conversationId, async (current) => {
      const latest = participantOnly(current, userId);
      const reason = sendingClosedReason(latest);
      if (reason) throw forbidden(reason);
      const seq = latest.seq + 1;
      const opensChunk = latest.seq > 0 && chunkIndexOf(seq) > chunkIndexOf(latest.seq);
      if (opensChunk) await archiveChunk(ctx, latest);
      stored = { seq, senderId: userId, text, sentAt, ...(flags.length > 0 ? { flags } : {}) };
      const event = outboxEvent('chat', 'message_sent', conversationId, {
        conversationId,
        messageId: messageIdOf(conversationId, seq),
        seq,
        senderId: userId,
        recipientIds: [otherParticipant(latest, userId)],
        sentAt: sentAt.toISOString(),
        // The labels only, never the text: support counts them towards the automatic safety case.
        ...(flags.length > 0 ? { safetyFlags: flags } : {}),
      });
      // The message, its sequence number and its event: one write.
      return stageEvents([event], {
        $set: {
          seq,
          recent: opensChunk ? [stored] : [...latest.recent, stored],
          // The sender has obviously seen the conversation up to their own message.
          [`reads.${userId}`]: seq,
          lastMessage: { seq, senderId: userId, text: previewOf(text), sentAt },
        },
      });
    });
    // The recipient's open dialog and badges, and the sender's other tabs.
    void ctx.live.publishToAll(conversation.participantIds, 'chat.message', {
      conversation_id: conversationId,
      seq: stored!.seq,
    });
    return { success: true, message: messageView(conversation, stored!, userId) };
  } catch (error) {
    // Refused (not a participant, blocked): the attempt does not count against the limit.
    if (error instanceof HttpError) await hit.release();
    throw error;
  }
}

/** PUT /api/chat/conversations/:id/mark-read: the caller's read pointer moves to the newest message. */
export async function markRead(
  ctx: ChatContext,
  identity: Identity,
  conversationId: string,
): Promise<{ success: true; last_read_seq: number }> {
  const userId = identity.userId;
  const readAt = new Date();
  const { conversation, changed } = await writeConversation(
    ctx,
    conversationId,
    (current) => {
      const latest = participantOnly(current, userId);
      if ((latest.reads[userId] ?? 0) >= latest.seq) return null;
      const event = outboxEvent('chat', 'messages_read', conversationId, {
        conversationId,
        readerId: userId,
        lastReadSeq: latest.seq,
        readAt: readAt.toISOString(),
      });
      return stageEvents([event], { $set: { [`reads.${userId}`]: latest.seq } });
    },
    // Only the reader's own summary changes (the other side's entry catches up with its next change).
    { inboxesOf: () => [userId] },
  );
  const lastReadSeq = conversation.reads[userId] ?? 0;
  // The writer's ticks, and the reader's own badges in their other tabs.
  if (changed)
    void ctx.live.publishToAll(conversation.participantIds, 'chat.read', {
      conversation_id: conversationId,
      last_read_seq: lastReadSeq,
    });
  return { success: true, last_read_seq: lastReadSeq };
}
