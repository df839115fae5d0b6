import { SlidingWindowLimit, startService, type RunningService } from '@safarsaathi/platform';
import { loadChatConfig, type ChatConfig } from './config';
import { conversationLockKey, conversationModel } from './persistence/conversations';
import { messageChunkModel } from './persistence/message-chunks';
import { inboxModel } from './persistence/inboxes';
import { chatRequestModel } from './persistence/requests';
import { chatUserModel } from './persistence/users';
import { VersionedCache } from './persistence/read-caches';
import { chatRoutes } from './routes';
import { chatHandlers, chatSubscriptions } from './events/handlers';
import type { ChatContext } from './use-cases/context';

const DAY_MS = 24 * 3600_000;

/** Starts the chat service; tests pass their own env (e.g. PORT=0). */
export function startChatService(env: NodeJS.ProcessEnv = process.env): Promise<RunningService<ChatConfig>> {
  const config = loadChatConfig(env);
  return startService(
    'chat',
    config,
    (deps) => {
      const ctx: ChatContext = {
        config,
        logger: deps.logger,
        locks: deps.locks,
        conversations: conversationModel(deps.mongo),
        chunks: messageChunkModel(deps.mongo),
        inboxes: inboxModel(deps.mongo),
        requests: chatRequestModel(deps.mongo),
        users: chatUserModel(deps.mongo),
        inboxCache: new VersionedCache(deps.redis, 'inbox'),
        conversationCache: new VersionedCache(deps.redis, 'conversation'),
        limits: {
          newConversations: new SlidingWindowLimit(
            deps.redis,
            'chat-new-conversations',
            config.CHAT_NEW_CONVERSATIONS_PER_DAY,
            DAY_MS,
          ),
          messages: new SlidingWindowLimit(
            deps.redis,
            'chat-messages',
            config.CHAT_MESSAGES_PER_MINUTE,
            60_000,
          ),
          reports: new SlidingWindowLimit(deps.redis, 'chat-reports', config.CHAT_REPORTS_PER_HOUR, 3600_000),
        },
        flushOutbox: deps.flushOutbox,
        live: deps.live,
      };
      return {
        routes: chatRoutes(ctx),
        subscriptions: chatSubscriptions,
        handlers: chatHandlers(ctx),
        outboxModels: [{ model: ctx.conversations, lockKey: conversationLockKey }],
        outboxSweepMs: config.CHAT_OUTBOX_SWEEP_MS,
      };
      // Every write to a shared document holds deps.locks (revisedWrite, inbox and projection writes, the
      // relay's lock-keyed source), so FerretDB may serve this service on several connections at once.
    },
    { poolSizeOnFerretDb: 4 },
  );
}
