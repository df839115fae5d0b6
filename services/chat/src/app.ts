import {
  SlidingWindowLimit,
  startRetention,
  startService,
  type RunningService,
  type ServiceDeps,
} from '@safarsaathi/platform';
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
import { chatRetentionJobs } from './use-cases/retention';

const DAY_MS = 24 * 3600_000;

/** The chat use-cases' context from the service's dependencies (app.ts; tests build it the same way). */
export function chatContext(deps: ServiceDeps<ChatConfig>): ChatContext {
  const config = deps.config;
  return {
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
      messages: new SlidingWindowLimit(deps.redis, 'chat-messages', config.CHAT_MESSAGES_PER_MINUTE, 60_000),
      reports: new SlidingWindowLimit(deps.redis, 'chat-reports', config.CHAT_REPORTS_PER_HOUR, 3600_000),
    },
    flushOutbox: deps.flushOutbox,
    live: deps.live,
  };
}

/** Starts the chat service; tests pass their own env (e.g. PORT=0). */
export function startChatService(env: NodeJS.ProcessEnv = process.env): Promise<RunningService<ChatConfig>> {
  const config = loadChatConfig(env);
  return startService(
    'chat',
    config,
    async (deps) => {
      const ctx = chatContext(deps);
      // Message texts past their period (issue 40): a scheduled job, once across instances.
      const retention = await startRetention({
        service: 'chat',
        jobs: chatRetentionJobs(ctx),
        redis: deps.redis,
        logger: deps.logger,
        prefix: config.QUEUE_PREFIX,
      });
      return {
        routes: chatRoutes(ctx),
        subscriptions: chatSubscriptions,
        handlers: chatHandlers(ctx),
        outboxModels: [{ model: ctx.conversations, lockKey: conversationLockKey }],
        outboxSweepMs: config.CHAT_OUTBOX_SWEEP_MS,
        workers: [retention.worker],
        queues: [retention.queue],
        onStop: () => retention.queue.close(),
      };
      // Every write to a shared document holds deps.locks (revisedWrite, inbox and projection writes, the
      // relay's lock-keyed source), so FerretDB may serve this service on several connections at once.
    },
    { poolSizeOnFerretDb: 4 },
  );
}
