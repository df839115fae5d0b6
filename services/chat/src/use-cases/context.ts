import type {
  DocumentLocks,
  LivePublisher,
  Logger,
  OutboxTarget,
  SlidingWindowLimit,
} from '@safarsaathi/platform';
import type { ChatConfig } from '../config';
import type { ConversationModel } from '../persistence/conversations';
import type { MessageChunkModel } from '../persistence/message-chunks';
import type { InboxModel } from '../persistence/inboxes';
import type { ChatRequestModel } from '../persistence/requests';
import type { ChatUserModel } from '../persistence/users';
import type { VersionedCache } from '../persistence/read-caches';

/** Everything the chat use-cases need, built once in app.ts. */
export interface ChatContext {
  config: ChatConfig;
  logger: Logger;
  locks: DocumentLocks;
  conversations: ConversationModel;
  chunks: MessageChunkModel;
  inboxes: InboxModel;
  requests: ChatRequestModel;
  users: ChatUserModel;
  /** Per user: the serialised conversation list and unread count. */
  inboxCache: VersionedCache;
  /** Per conversation: the conversation with its newest page of messages. */
  conversationCache: VersionedCache;
  limits: {
    /** New conversations a user may open per 24 hours. */
    newConversations: SlidingWindowLimit;
    /** Messages a user may send per minute. */
    messages: SlidingWindowLimit;
    /** Reports a user may send per hour (each opens a support case and e-mails the reporter). */
    reports: SlidingWindowLimit;
  };
  /** Publishes the events just staged on a document now. */
  flushOutbox: (target?: OutboxTarget) => void;
  /** Tells the participants' open browsers what changed (ids and sequence numbers, never a text). */
  live: LivePublisher;
}
