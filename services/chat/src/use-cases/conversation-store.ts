/**
 * The conversation operations every use-case builds on: read one for a participant, write one (and, in
 * the same lock, bring the participants' inbox entries up to its new revision), and open one between two
 * users.
 *
 * Lock order on FerretDB: a conversation's lock, then an inbox's. Every inbox write happens while its
 * conversation's lock is held, so entries of one conversation are written in revision order and need no
 * read first; the inbox's own lock keeps two conversations' writes to one inbox from losing each other.
 */
import type { UpdateQuery } from 'mongoose';
import { CHAT_MESSAGES, type ServiceType } from '@safarsaathi/contracts';
import { notFound, outboxEvent, revisedWrite, tooManyRequests, withEvents } from '@safarsaathi/platform';
import {
  conversationIdOf,
  conversationLockKey,
  isParticipant,
  type ConversationRecord,
  type StoredConversation,
} from '../persistence/conversations';
import { entryOf, inboxLockKey } from '../persistence/inboxes';
import type { ChatContext } from './context';

/** The conversation if `userId` takes part in it; 404 for anyone else, exactly like a missing one. */
export async function conversationFor(
  ctx: ChatContext,
  conversationId: string,
  userId: string,
): Promise<StoredConversation> {
  const conversation = await ctx.conversations.findOne({ _id: conversationId }).lean<StoredConversation>();
  return participantOnly(conversation, userId);
}

export function participantOnly<T extends Pick<ConversationRecord, 'participantIds'>>(
  conversation: T | null,
  userId: string,
): T {
  if (!conversation || !isParticipant(conversation, userId))
    throw notFound(CHAT_MESSAGES.conversationNotFound);
  return conversation;
}

/**
 * Writes the inbox entries of `userIds` for this conversation revision. Call it holding the conversation's
 * lock (on FerretDB): then entries arrive in revision order and a plain `$set` by `_id` is right. On
 * MongoDB (no locks) the filter keeps a newer entry from being replaced by an older one.
 */
async function writeInboxEntries(
  ctx: ChatContext,
  conversation: ConversationRecord,
  userIds: readonly string[],
): Promise<void> {
  const path = `conversations.${conversation._id}`;
  for (const userId of userIds) {
    const update = { $set: { [path]: entryOf(conversation, userId) }, $inc: { rev: 1 } };
    if (ctx.locks.enabled) {
      await ctx.locks.around(inboxLockKey(userId), () =>
        ctx.inboxes.updateOne({ _id: userId }, update, { upsert: true }),
      );
    } else {
      try {
        await ctx.inboxes.updateOne(
          {
            _id: userId,
            $or: [{ [`${path}.rev`]: { $lt: conversation.rev } }, { [path]: { $exists: false } }],
          },
          update,
          { upsert: true },
        );
      } catch (error) {
        // The inbox holds a newer entry already (the upsert met the existing `_id`): nothing to do.
        if ((error as { code?: number }).code !== 11000) throw error;
      }
    }
    await ctx.inboxCache.changed(userId);
  }
}

/**
 * Writes a conversation (platform revisedWrite) and, in the same lock, the inboxes of `inboxesOf`
 * (default: both participants); then publishes what it staged. `decide` sees the current document (null
 * when there is none) and may refuse by throwing.
 */
export async function writeConversation(
  ctx: ChatContext,
  conversationId: string,
  decide: (
    current: StoredConversation | null,
  ) => UpdateQuery<StoredConversation> | null | Promise<UpdateQuery<StoredConversation> | null>,
  options: { inboxesOf?: (written: StoredConversation) => readonly string[] } = {},
): Promise<{ conversation: StoredConversation; changed: boolean }> {
  const result = await revisedWrite(
    ctx.conversations,
    ctx.locks,
    conversationLockKey(conversationId),
    conversationId,
    async (current) => {
      const update = await decide(current);
      return update ? { ...update, $set: { ...(update.$set as object), updatedAt: new Date() } } : null;
    },
    // Inside the conversation's lock, right after its write.
    (written) => writeInboxEntries(ctx, written, options.inboxesOf?.(written) ?? written.participantIds),
  );
  const conversation = result.doc;
  if (!conversation) throw notFound(CHAT_MESSAGES.conversationNotFound);
  if (result.changed) {
    await ctx.conversationCache.changed(conversationId);
    // The document as written carries its pending events: the relay need not read them back.
    if ((conversation.pendingEvents?.length ?? 0) > 0)
      ctx.flushOutbox({ model: ctx.conversations, id: conversationId, events: conversation.pendingEvents });
  }
  return { conversation, changed: result.changed };
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
  const lockKey = conversationLockKey(conversationId);
  /** Rewrites both inbox entries from the stored conversation: repairs an inbox a crash left without it. */
  const repairInboxes = () =>
    ctx.locks.around(lockKey, async () => {
      const stored = await ctx.conversations.findOne({ _id: conversationId }).lean<StoredConversation>();
      if (stored) await writeInboxEntries(ctx, stored, stored.participantIds);
    });
  if (await ctx.conversations.exists({ _id: conversationId })) {
    await repairInboxes();
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
    recent: [],
    blockedBy: [],
    createdBy: callerId,
    createdAt: now,
    updatedAt: now,
  };
  const event = outboxEvent('chat', 'conversation_created', conversationId, {
    conversationId,
    participantIds,
    service_type: serviceType,
  });
  try {
    await ctx.locks.around(lockKey, async () => {
      await ctx.conversations.create({ ...created, ...withEvents([event]) });
      await writeInboxEntries(ctx, created, participantIds);
    });
  } catch (error) {
    // Nothing new was opened by this call.
    await hit.release();
    if ((error as { code?: number }).code !== 11000) throw error;
    // The other call created it a moment before.
    await repairInboxes();
    return { status: 'conversation_exists', conversation_id: conversationId };
  }
  await ctx.conversationCache.changed(conversationId);
  ctx.flushOutbox({ model: ctx.conversations, id: conversationId, events: [event] });
  void ctx.live.publishToAll(participantIds, 'conversation.created', { conversation_id: conversationId });
  return { status: 'conversation_created', conversation_id: conversationId };
}
