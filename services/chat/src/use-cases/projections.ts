/**
 * The chat service's projections of other services' events: requests (who owns which, active or not,
 * matched with what) and users (name, status, their requests). Every write reads by `_id` and is guarded
 * so that a redelivered or late event changes nothing: a status is only replaced by one of a later
 * event, a match only by one of a higher revision, a case id is added to a set.
 */
import {
  DELETED_MESSAGE_TEXT,
  type EventData,
  type EventEnvelope,
  type TripSummary,
} from '@safarsaathi/contracts';
import type { ChatRequest, RequestStatus } from '../persistence/requests';
import { cancelledStatusOf } from '../persistence/requests';
import { requestLockKey, userLockKey, type ChatUser } from '../persistence/users';
import { inboxLockKey, type Inbox } from '../persistence/inboxes';
import { conversationLockKey } from '../persistence/conversations';
import {
  chunkIdOf,
  chunkIndexOf,
  type MessageChunk,
  type StoredMessage,
} from '../persistence/message-chunks';
import { erasePendingEvents } from '@safarsaathi/platform';
import type { ChatContext } from './context';
import { writeConversation } from './conversation-store';

/** Runs `write` again when a concurrent first write created the same document (MongoDB upserts). */
async function retryingDuplicate(write: () => Promise<void>): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await write();
    } catch (error) {
      if ((error as { code?: number }).code !== 11000 || attempt >= 3) throw error;
    }
  }
}

async function setRequestStatus(
  ctx: ChatContext,
  fields: {
    caseid: string;
    ownerId: string;
    status: RequestStatus;
    service_type?: ChatRequest['service_type'];
  },
  occurredAt: string,
): Promise<void> {
  await ctx.locks.around(requestLockKey(fields.caseid), () =>
    retryingDuplicate(async () => {
      const current = await ctx.requests.findOne({ _id: fields.caseid }).lean<ChatRequest>();
      if (current && current.lastEventAt >= occurredAt) return;
      const set: Partial<ChatRequest> = {
        ownerId: fields.ownerId,
        status: fields.status,
        lastEventAt: occurredAt,
      };
      if (fields.service_type) set.service_type = fields.service_type;
      await ctx.requests.updateOne(
        { _id: fields.caseid },
        { $set: set, $setOnInsert: { matchedWith: null } },
        { upsert: true },
      );
    }),
  );
  await rememberCase(ctx, fields.ownerId, fields.caseid);
}

async function rememberCase(ctx: ChatContext, userId: string, caseid: string): Promise<void> {
  await ctx.locks.around(userLockKey(userId), () =>
    retryingDuplicate(async () => {
      await ctx.users.updateOne(
        { _id: userId },
        { $addToSet: { caseids: caseid }, $setOnInsert: { fullname: '', status: 'active' } },
        { upsert: true },
      );
    }),
  );
}

export async function requestCreated(
  ctx: ChatContext,
  event: EventEnvelope<EventData<'request_created'>>,
): Promise<void> {
  const { caseid, ownerId, service_type } = event.data;
  await setRequestStatus(ctx, { caseid, ownerId, service_type, status: 'active' }, event.occurredAt);
}

export async function requestCancelled(
  ctx: ChatContext,
  event: EventEnvelope<EventData<'request_cancelled'>>,
): Promise<void> {
  const { caseid, ownerId, status } = event.data;
  await setRequestStatus(ctx, { caseid, ownerId, status: cancelledStatusOf(status) }, event.occurredAt);
}

/** The last day of a summary's trip (a yet-to-book range ends on `dateTo`); null without a summary. */
const lastDayOf = (summary: TripSummary | undefined): string | null =>
  summary?.dateTo ?? summary?.date ?? null;

const shownRevision = (request: ChatRequest | null) =>
  request?.matchRevision ?? (request?.matchedWith ? 1 : 0);

/**
 * Both requests of a match name each other. Order-proof by revision (docs/decisions.md "Re-matching"): a
 * side takes the match when its revision is higher than the one it shows; events without revisions count
 * as 1, so they never replace an existing match. When one side already shows a later state the match is
 * over, and neither side is written.
 */
export async function matchFound(ctx: ChatContext, data: EventData<'match_found'>): Promise<void> {
  const sides: Array<[string, string, string, number, string | null]> = [
    [
      data.needCaseid,
      data.needUserId,
      data.provideCaseid,
      data.needRevision ?? 1,
      lastDayOf(data.needSummary),
    ],
    [
      data.provideCaseid,
      data.provideUserId,
      data.needCaseid,
      data.provideRevision ?? 1,
      lastDayOf(data.provideSummary),
    ],
  ];
  // Each side is read and written under its own lock; a side that is stale is checked first.
  for (const [caseid, , matchedWith, revision] of sides) {
    const current = await ctx.requests.findOne({ _id: caseid }).lean<ChatRequest>();
    const shown = shownRevision(current);
    if (revision < shown || (revision === shown && current?.matchedWith !== matchedWith)) return;
  }
  for (const [caseid, ownerId, matchedWith, revision, travelDate] of sides) {
    await ctx.locks.around(requestLockKey(caseid), () =>
      retryingDuplicate(async () => {
        const current = await ctx.requests.findOne({ _id: caseid }).lean<ChatRequest>();
        if (revision <= shownRevision(current)) return;
        await ctx.requests.updateOne(
          { _id: caseid },
          {
            $set: { matchedWith, matchRevision: revision, ...(travelDate ? { travelDate } : {}) },
            $setOnInsert: { ownerId, status: 'unknown', service_type: null, lastEventAt: '' },
          },
          { upsert: true },
        );
      }),
    );
    await rememberCase(ctx, ownerId, caseid);
  }
}

/**
 * match_released: the request is no longer matched, so its owner cannot start-chat with the former
 * partner any more. Conversations already open stay as they are (they belong to the two users).
 */
export async function matchReleased(ctx: ChatContext, data: EventData<'match_released'>): Promise<void> {
  await ctx.locks.around(requestLockKey(data.caseid), () =>
    retryingDuplicate(async () => {
      const current = await ctx.requests.findOne({ _id: data.caseid }).lean<ChatRequest>();
      if (data.revision <= shownRevision(current)) return;
      await ctx.requests.updateOne(
        { _id: data.caseid },
        {
          $set: { matchedWith: null, matchRevision: data.revision },
          $setOnInsert: { ownerId: data.userId, status: 'unknown', service_type: null, lastEventAt: '' },
        },
        { upsert: true },
      );
    }),
  );
  await rememberCase(ctx, data.userId, data.caseid);
}

async function conversationIdsOf(ctx: ChatContext, userId: string): Promise<string[]> {
  const inbox = await ctx.inboxes.findOne({ _id: userId }).lean<Inbox>();
  return Object.keys(inbox?.conversations ?? {});
}

/** A user's name, for conversations created later and (once known) for those created before it was. */
export async function userRegistered(ctx: ChatContext, data: EventData<'user_registered'>): Promise<void> {
  const { userId, fullname } = data;
  let deleted = false;
  await ctx.locks.around(userLockKey(userId), () =>
    retryingDuplicate(async () => {
      const current = await ctx.users.findOne({ _id: userId }).lean<ChatUser>();
      deleted = current?.status === 'deleted';
      if (deleted || current?.fullname === fullname) return;
      await ctx.users.updateOne(
        { _id: userId },
        { $set: { fullname }, $setOnInsert: { status: 'active', caseids: [] } },
        { upsert: true },
      );
    }),
  );
  if (deleted) return;
  for (const conversationId of await conversationIdsOf(ctx, userId)) {
    await writeConversation(ctx, conversationId, (latest) =>
      !latest || latest.names[userId] === fullname ? null : { $set: { [`names.${userId}`]: fullname } },
    );
  }
}

export async function userStatusChanged(
  ctx: ChatContext,
  data: EventData<'user_status_changed'>,
): Promise<void> {
  await ctx.locks.around(userLockKey(data.userId), () =>
    retryingDuplicate(async () => {
      const current = await ctx.users.findOne({ _id: data.userId }).lean<ChatUser>();
      if (current?.status === 'deleted') return;
      const status = data.status === 'Block' ? 'blocked' : 'active';
      await ctx.users.updateOne(
        { _id: data.userId },
        { $set: { status }, $setOnInsert: { fullname: '', caseids: [] } },
        { upsert: true },
      );
    }),
  );
}

/** A message of the erased user, its text gone; anything else as it is (the same object). */
function erasedIfTheirs(message: StoredMessage, userId: string): StoredMessage {
  if (message.senderId !== userId || (message.deleted && message.text === '')) return message;
  const { flags: _flags, ...rest } = message;
  return { ...rest, text: '', deleted: true };
}

/**
 * user_deleted (issue 40): a deleted user's conversations show 'Deleted user' and take no new messages; the
 * text of every message they wrote is gone (it reads "Message deleted"), in the conversation and in its older
 * chunks, and the last message shown in the other participant's list says so; the other participant's own
 * messages stay theirs. Their inbox and the cached copies of those conversations go. Found through their
 * inbox, which is deleted last, so a redelivery after a crash does it all again (each write is idempotent).
 */
export async function userDeleted(ctx: ChatContext, data: EventData<'user_deleted'>): Promise<void> {
  const { userId } = data;
  await ctx.locks.around(userLockKey(userId), () =>
    retryingDuplicate(async () => {
      await ctx.users.updateOne(
        { _id: userId },
        { $set: { status: 'deleted', fullname: '' }, $setOnInsert: { caseids: [] } },
        { upsert: true },
      );
    }),
  );
  for (const conversationId of await conversationIdsOf(ctx, userId)) {
    const { conversation } = await writeConversation(
      ctx,
      conversationId,
      (latest) => {
        if (!latest) return null;
        const set: Record<string, unknown> = {};
        if (!latest.deletedIds.includes(userId)) set.deletedIds = [...latest.deletedIds, userId];
        if (latest.names[userId]) set[`names.${userId}`] = '';
        const recent = latest.recent.map((message) => erasedIfTheirs(message, userId));
        if (recent.some((message, i) => message !== latest.recent[i])) set.recent = recent;
        if (latest.lastMessage?.senderId === userId && latest.lastMessage.text !== DELETED_MESSAGE_TEXT)
          set['lastMessage.text'] = DELETED_MESSAGE_TEXT;
        return Object.keys(set).length > 0 ? { $set: set } : null;
      },
      // The erased user's own inbox is deleted below, not written again.
      { inboxesOf: (written) => written.participantIds.filter((id) => id !== userId) },
    ).catch((error: unknown) => {
      // Gone meanwhile: nothing of theirs is left in it.
      if ((error as { status?: number }).status === 404) return { conversation: null };
      throw error;
    });
    await ctx.locks.around(conversationLockKey(conversationId), async () => {
      for (let index = 0; index < chunkIndexOf(conversation?.seq ?? 1); index += 1) {
        const chunk = await ctx.chunks
          .findOne({ _id: chunkIdOf(conversationId, index) })
          .lean<MessageChunk>();
        if (!chunk) continue;
        const messages = chunk.messages.map((message) => erasedIfTheirs(message, userId));
        if (messages.some((message, i) => message !== chunk.messages[i]))
          await ctx.chunks.updateOne({ _id: chunk._id }, { $set: { messages } });
      }
      await erasePendingEvents(ctx.conversations, conversationId, userId, ctx.locks.enabled);
    });
    await ctx.conversationCache.forget(conversationId);
    // The other participant's cached list named them and showed their last words until its TTL.
    for (const other of conversation?.participantIds ?? [])
      if (other !== userId) await ctx.inboxCache.forget(other);
  }
  await ctx.locks.around(inboxLockKey(userId), () => ctx.inboxes.deleteOne({ _id: userId }));
  await ctx.inboxCache.forget(userId);
}
