/** The `chat-unread` queue's worker: each job is due when its message has waited unread long enough. */
import { QUEUES, chatUnreadJobSchema, type ChatUnreadJob } from '@safarsaathi/contracts';
import { createWorker, type Logger, type Redis } from '@safarsaathi/platform';
import type { NotificationsConfig } from '../config';
import { UNREAD_CHECK, checkUnread, checkUnreadForPush, type ChatUnreadDeps } from '../use-cases/chat-unread';

export function startChatUnreadWorker(
  config: NotificationsConfig,
  redis: Redis,
  logger: Logger,
  deps: ChatUnreadDeps,
) {
  return createWorker<ChatUnreadJob>(
    QUEUES.chatUnread,
    async (job) => {
      const data = chatUnreadJobSchema.parse(job.data);
      const outcome =
        job.name === UNREAD_CHECK.push ? await checkUnreadForPush(deps, data) : await checkUnread(deps, data);
      logger.debug({ jobId: job.id, outcome }, 'unread chat message checked');
      return outcome;
    },
    redis,
    logger,
    2,
    config.QUEUE_PREFIX,
  );
}
