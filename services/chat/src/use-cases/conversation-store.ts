/**
 * The conversation operations every use-case builds on: read one for a participant, write one (and then
 * bring both participants' inboxes up to its new revision), and open one between two users.
 */
import type { UpdateQuery } from 'mongoose';
import { CHAT_MESSAGES, type ServiceType } from '@safarsaathi/contracts';
import { notFound, outboxEvent, tooManyRequests, withEvents } from '@safarsaathi/platform';
import {
  conversationIdOf,
  conversationLockKey,
  isParticipant,
  type ConversationRecord,
  type StoredConversation,
} from '../persistence/conversations';
import { entryOf, inboxLockKey, type Inbox } from '../persistence/inboxes';
import { revisedWrite } from '@safarsaathi/platform';
import type { ChatContext } from './context';

/** The conversation if `userId` takes part in it; 404 for anyone else, exactly like a missing one. */
export async function conversationFor(ctx: ChatContext, conversationId: string, userId: string): Promise<StoredConversation> {
  const conversation = await ctx.conversations.findOne({ _id: conversationId }).lean<StoredConversation>();
  if (!conversation || !isParticipant(conversation, userId)) throw notFound(CHAT_MESSAGES.conversationNotFound);
  return conversation;
}

/**
 * Writes a conversation (platform revisedWrite), publishes what it staged, and updates the inboxes of
 * `inboxesOf` (default: both participants). `decide` sees the current document and may refuse by throwing.
 */
export async function writeConversation(
  ctx: ChatContext,
  conversationId: string,
  decide: (current: StoredConversation) => UpdateQuery<StoredConversation> | null,
  options: {
    within?: (written: StoredConversation, before: StoredConversation) => Promise<void>;
    inboxesOf?: (written: StoredConversation) => string[];
  } = {},
): Promise<{ conversation: StoredConversation; changed: boolean }> {
  const result = await revisedWrite(
    ctx.conversations,
    ctx.locks,
    conversationLockKey(conversationId),
    conversationId,
    (current) => {
      if (!current) throw notFound(CHAT_MESSAGES.conversationNotFound);
      const update = decide(current);
      return update ? { ...update, $set: { ...(update.$set as object), updatedAt: new Date() } } : null;
    },
    options.within ? (written, before) => options.within!(written, before!) : undefined,
  );
  const conversation = result.doc!;
  if (result.changed) {
    if ((conversation.pendingEvents?.length ?? 0) > 0) ctx.flushOutbox({ model: ctx.conversations, id: conversationId });
    await syncInboxes(ctx, conversation, options.inboxesOf?.(conversation) ?? conversation.participantIds);
  }
  return { conversation, changed: result.changed };
}

/** Brings each user's inbox entry for this conversation up to the conversation's revision. */
export async function syncInboxes(ctx: ChatContext, conversation: ConversationRecord, userIds: readonly string[] = conversation.participantIds): Promise<void> {
  for (const userId of userIds) {
    await revisedWrite(ctx.inboxes, ctx.locks, inboxLockKey(userId), userId, (inbox: Inbox | null) => {
      const existing = inbox?.conversations?.[conversation._id];
      if (existing && existing.rev >= conversation.rev) return null;
      return { $set: { [`conversations.${conversation._id}`]: entryOf(conversation, userId) } };
    });
  }
}

export type OpenOutcome = { status: 'conversation_exists' | 'conversation_created'; conversation_id: string };

/**
 * The one conversation between two users for a service type: the existing one, or a new one (which
 * counts against the caller's new-conversations limit). Two concurrent calls create one conversation:
 * the second insert meets the first at the same `_id`.
 */
export async function openConversation(
  ctx: ChatContext,
  callerId: string,
  otherId: string,
  serviceType: ServiceType,
  names: Record<string, string>,
): Promise<OpenOutcome> {
  const conversationId = conversationIdOf(serviceType, callerId, otherId);
  const existing = await ctx.conversations.findOne({ _id: conversationId }).lean<StoredConversation>();
  if (existing) {
    // Repairs an inbox a crash left without this conversation; a no-op otherwise.
    await syncInboxes(ctx, existing);
    return { status: 'conversation_exists', conversation_id: conversationId };
  }

  const hit = await ctx.limits.newConversations.hit(callerId);
  if (!hit.allowed) throw tooManyRequests(CHAT_MESSAGES.tooManyConversations, hit.retryAfterSeconds);
  const participantIds = [callerId, otherId].sort() as [string, string];
  const now = new Date();
  const created: ConversationRecord = {
    _id: conversationId,
    rev: 1,
    participantIds,
    service_type: serviceType,
    names,
    deletedIds: [],
    seq: 0,
    reads: { [participantIds[0]]: 0, [participantIds[1]]: 0 },
    lastMessage: null,
    blockedBy: [],
    createdBy: callerId,
    createdAt: now,
    updatedAt: now,
  };
  const event = outboxEvent('chat', 'conversation_created', conversationId, { conversationId, participantIds, service_type: serviceType });
  try {
    await ctx.conversations.create({ ...created, ...withEvents([event]) });
  } catch (error) {
    if ((error as { code?: number }).code !== 11000) {
      await hit.release();
      throw error;
    }
    // The other call created it a moment before: nothing new was opened by this one.
    await hit.release();
    const winner = await ctx.conversations.findOne({ _id: conversationId }).lean<StoredConversation>();
    if (winner) await syncInboxes(ctx, winner);
    return { status: 'conversation_exists', conversation_id: conversationId };
  }
  ctx.flushOutbox({ model: ctx.conversations, id: conversationId });
  await syncInboxes(ctx, created);
  return { status: 'conversation_created', conversation_id: conversationId };
}
