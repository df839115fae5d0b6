/**
 * The chat service's part of `GET /api/me/data` (issue 40; the gateway gathers the parts): each of the
 * caller's conversations with all its messages, the other participant by first name only.
 */
import { DELETED_USER_NAME, firstNameOf, type DataExportPart, type Identity } from '@safarsaathi/contracts';
import { isParticipant, otherParticipant, type StoredConversation } from '../persistence/conversations';
import { otherNameOf, type Inbox } from '../persistence/inboxes';
import {
  chunkIdOf,
  chunkIndexOf,
  type MessageChunk,
  type StoredMessage,
} from '../persistence/message-chunks';
import type { ChatContext } from './context';

/** Every message of a conversation, oldest first: the full chunks, then the newest one it holds itself. */
async function allMessages(ctx: ChatContext, conversation: StoredConversation): Promise<StoredMessage[]> {
  const messages: StoredMessage[] = [];
  const newest = conversation.seq > 0 ? chunkIndexOf(conversation.seq) : 0;
  for (let index = 0; index < newest; index += 1) {
    const chunk = await ctx.chunks.findOne({ _id: chunkIdOf(conversation._id, index) }).lean<MessageChunk>();
    messages.push(...(chunk?.messages ?? []));
  }
  messages.push(...conversation.recent);
  return messages.sort((a, b) => a.seq - b.seq);
}

export async function myChatData(ctx: ChatContext, identity: Identity): Promise<DataExportPart<'chat'>> {
  const userId = identity.userId;
  const inbox = await ctx.inboxes.findOne({ _id: userId }).lean<Inbox>();
  const conversations: DataExportPart<'chat'>['conversations'] = [];
  for (const conversationId of Object.keys(inbox?.conversations ?? {}).sort()) {
    const conversation = await ctx.conversations.findOne({ _id: conversationId }).lean<StoredConversation>();
    // The inbox is a summary: the conversation itself says who takes part.
    if (!conversation || !isParticipant(conversation, userId)) continue;
    const other = otherParticipant(conversation, userId);
    const otherName = otherNameOf(conversation, userId);
    conversations.push({
      conversation_id: conversation._id,
      service_type: conversation.service_type,
      other_participant: {
        first_name: conversation.deletedIds.includes(other) ? DELETED_USER_NAME : firstNameOf(otherName, ''),
      },
      created_at: new Date(conversation.createdAt).toISOString(),
      messages: (await allMessages(ctx, conversation)).map((message) => ({
        seq: message.seq,
        from: message.senderId === userId ? ('me' as const) : ('other' as const),
        text: message.text,
        sent_at: new Date(message.sentAt).toISOString(),
      })),
    });
  }
  return { conversations };
}
