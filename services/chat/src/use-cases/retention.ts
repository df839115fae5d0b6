/**
 * Chat text retention (issue 40; the period is the data catalogue's `chat_messages`, 180 days): once a
 * conversation's last message and the last travel date of the trip its two travellers were matched for are
 * both that long past, the words of every message are removed. Each message stays in its place and reads
 * "Message deleted" (as an erased sender's do, docs/decisions.md "Your data, your rights"), so the
 * conversation keeps its shape, its read ticks and its numbering; what the shield flagged goes with the words.
 *
 * The older chunks are rewritten first, the conversation (its newest chunk and last message, and through it
 * both inboxes' previews) last: a run stopped half-way finds the conversation not done and does it again.
 */
import { DELETED_MESSAGE_TEXT, addDays, retentionDays } from '@safarsaathi/contracts';
import type { RetentionJob } from '@safarsaathi/platform';
import { conversationLockKey, type StoredConversation } from '../persistence/conversations';
import {
  chunkIdOf,
  chunkIndexOf,
  type MessageChunk,
  type StoredMessage,
} from '../persistence/message-chunks';
import type { ChatRequest } from '../persistence/requests';
import type { ChatUser } from '../persistence/users';
import type { ChatContext } from './context';
import { writeConversation } from './conversation-store';

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The message without its words (the same object when they are gone already). */
function withoutText(message: StoredMessage): StoredMessage {
  if (message.deleted && message.text === '') return message;
  const { flags: _flags, ...rest } = message;
  return { ...rest, text: '', deleted: true };
}

/**
 * The last travel day of the trips the two were matched for: requests of one whose match (as chat last
 * heard of it) is a request of the other. Null when they never were (a conversation from search).
 */
async function lastTravelDate(ctx: ChatContext, participantIds: readonly string[]): Promise<string | null> {
  const users = await Promise.all(
    participantIds.map((id) => ctx.users.findOne({ _id: id }).lean<ChatUser>()),
  );
  const [mine, theirs] = users.map((user) => new Set(user?.caseids ?? []));
  let last: string | null = null;
  const later = (date: string | null | undefined) => {
    if (date && (!last || date > last)) last = date;
  };
  for (const caseid of mine ?? []) {
    const request = await ctx.requests.findOne({ _id: caseid }).lean<ChatRequest>();
    if (!request?.matchedWith || !theirs?.has(request.matchedWith)) continue;
    later(request.travelDate);
    later((await ctx.requests.findOne({ _id: request.matchedWith }).lean<ChatRequest>())?.travelDate);
  }
  return last;
}

const allGone = (conversation: Pick<StoredConversation, 'recent' | 'lastMessage'>) =>
  conversation.recent.every((message) => message.deleted && message.text === '') &&
  (!conversation.lastMessage || conversation.lastMessage.text === DELETED_MESSAGE_TEXT);

/** Removes the words of every conversation past its period at `now`. */
export async function expireMessageTexts(
  ctx: ChatContext,
  now: Date,
): Promise<{ conversations: number; messages: number }> {
  const days = retentionDays('chat_messages');
  const cutoff = new Date(now.getTime() - days * 86_400_000);
  const candidates = await ctx.conversations
    .find({ 'lastMessage.sentAt': { $lt: cutoff } }, { _id: 1 })
    .lean<Array<{ _id: string }>>();
  let conversations = 0;
  let messages = 0;
  for (const { _id: conversationId } of candidates) {
    const current = await ctx.conversations.findOne({ _id: conversationId }).lean<StoredConversation>();
    if (!current?.lastMessage || allGone(current)) continue;
    if (new Date(current.lastMessage.sentAt).getTime() >= cutoff.getTime()) continue;
    const travelled = await lastTravelDate(ctx, current.participantIds);
    if (travelled && addDays(travelled, days) >= isoDay(now)) continue;

    await ctx.locks.around(conversationLockKey(conversationId), async () => {
      for (let index = 0; index < chunkIndexOf(current.seq); index += 1) {
        const chunk = await ctx.chunks
          .findOne({ _id: chunkIdOf(conversationId, index) })
          .lean<MessageChunk>();
        if (!chunk) continue;
        const emptied = chunk.messages.map(withoutText);
        const changed = emptied.filter((message, i) => message !== chunk.messages[i]).length;
        if (changed === 0) continue;
        await ctx.chunks.updateOne({ _id: chunk._id }, { $set: { messages: emptied } });
        messages += changed;
      }
    });
    await writeConversation(
      ctx,
      conversationId,
      (latest) => {
        // A message sent since it was read above: the conversation is alive again, its time starts anew.
        if (!latest?.lastMessage || new Date(latest.lastMessage.sentAt).getTime() >= cutoff.getTime())
          return null;
        const recent = latest.recent.map(withoutText);
        messages += recent.filter((message, i) => message !== latest.recent[i]).length;
        return { $set: { recent, 'lastMessage.text': DELETED_MESSAGE_TEXT } };
      },
      // An erased participant's inbox is gone and stays gone.
      { inboxesOf: (written) => written.participantIds.filter((id) => !written.deletedIds.includes(id)) },
    );
    conversations += 1;
  }
  return { conversations, messages };
}

export function chatRetentionJobs(ctx: ChatContext): RetentionJob[] {
  return [{ name: 'chat-message-text', run: (now) => expireMessageTexts(ctx, now) }];
}
