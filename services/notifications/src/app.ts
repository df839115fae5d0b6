import { QUEUES, type ChatUnreadJob, type PushJob } from '@safarsaathi/contracts';
import {
  createEmailQueue,
  createQueue,
  startRetention,
  startService,
  type RunningService,
} from '@safarsaathi/platform';
import { loadNotificationsConfig, type NotificationsConfig } from './config';
import { notificationRoutes } from './routes';
import { notificationStore } from './persistence/notifications';
import { notificationHandlers, notificationSubscriptions } from './events/handlers';
import { recipientModel, type RecipientStore } from './persistence/recipients';
import type { NotificationDepsForUseCases } from './use-cases/notifications';
import { migrateToIdLayout } from './use-cases/layout-migration';
import { startEmailWorker } from './workers/email-worker';
import { startChatUnreadWorker } from './workers/chat-unread-worker';
import { startMatchEmailWorker } from './workers/match-email-worker';
import type { MatchEmailJob } from './use-cases/match-email';
import { chatEmailClaimModel, chatReadModel } from './persistence/chat-unread';
import type { ChatUnreadDeps } from './use-cases/chat-unread';
import { pushStore } from './persistence/push';
import { pushAgent, type PushDeliveryDeps } from './use-cases/push-delivery';
import type { PushSubscriptionDeps } from './use-cases/push-subscriptions';
import { startPushWorker } from './workers/push-worker';
import { notificationRetentionJobs } from './use-cases/retention';

export function startNotificationsService(
  env: NodeJS.ProcessEnv = process.env,
): Promise<RunningService<NotificationsConfig>> {
  const config = loadNotificationsConfig(env);
  return startService('notifications', config, async (deps) => {
    const notifications: NotificationDepsForUseCases = {
      ...notificationStore(deps.mongo),
      locks: deps.locks,
    };
    const recipientStore: RecipientStore = { model: recipientModel(deps.mongo), locks: deps.locks };
    const recipients = recipientStore.model;
    // Before anything reads or writes: documents of the old layout join the `_id` layout (once per database).
    await migrateToIdLayout({ ...deps, notifications, recipients: recipientStore });
    const emailQueue = createEmailQueue(deps.redis, config.QUEUE_PREFIX);
    const pushQueue = createQueue<PushJob>(QUEUES.push, deps.redis, config.QUEUE_PREFIX);
    const push: PushSubscriptionDeps = {
      ...pushStore(deps.mongo),
      locks: deps.locks,
      testReceiverOrigin: config.PUSH_TEST_RECEIVER_ORIGIN,
    };
    const agent = pushAgent();
    const pushDelivery: PushDeliveryDeps = {
      ...push,
      logger: deps.logger,
      recipients,
      vapid: {
        subject: config.VAPID_SUBJECT,
        publicKey: config.VAPID_PUBLIC_KEY,
        privateKey: config.VAPID_PRIVATE_KEY,
      },
      agent,
    };
    const pushWorker = startPushWorker(config, deps.redis, deps.logger, pushDelivery);
    const email = startEmailWorker(config, deps.redis, deps.logger, recipients);
    const chatUnread: ChatUnreadDeps = {
      logger: deps.logger,
      locks: deps.locks,
      recipients,
      reads: chatReadModel(deps.mongo),
      claims: chatEmailClaimModel(deps.mongo),
      emailQueue,
      unreadQueue: createQueue<ChatUnreadJob>(QUEUES.chatUnread, deps.redis, config.QUEUE_PREFIX),
      delayMs: config.CHAT_UNREAD_EMAIL_DELAY_MS,
      push: { queue: pushQueue, delayMs: config.CHAT_UNREAD_PUSH_DELAY_MS },
    };
    const unreadWorker = startChatUnreadWorker(config, deps.redis, deps.logger, chatUnread);
    const matchEmailWait = createQueue<MatchEmailJob>(QUEUES.matchEmail, deps.redis, config.QUEUE_PREFIX);
    const matchEmailWorker = startMatchEmailWorker(config, deps.redis, deps.logger, {
      recipients,
      emailQueue,
      publicUrl: config.PUBLIC_URL,
    });
    // Read notifications past their period (issue 40): a scheduled job, once across instances.
    const retention = await startRetention({
      service: 'notifications',
      jobs: notificationRetentionJobs(notifications),
      redis: deps.redis,
      logger: deps.logger,
      prefix: config.QUEUE_PREFIX,
    });
    return {
      routes: notificationRoutes(notifications, { ...push, publicKey: config.VAPID_PUBLIC_KEY }),
      subscriptions: notificationSubscriptions,
      handlers: notificationHandlers({
        notifications,
        recipients: recipientStore,
        emailQueue,
        chatUnread,
        live: deps.live,
        matchEmailWait,
        pushQueue,
        push,
        logger: deps.logger,
        publicUrl: config.PUBLIC_URL,
      }),
      workers: [email.worker, unreadWorker, matchEmailWorker, pushWorker, retention.worker],
      // This service works the e-mail and push queues, so its metrics report their depth and failed jobs.
      queues: [emailQueue, chatUnread.unreadQueue, matchEmailWait, pushQueue, retention.queue],
      onStop: async () => {
        await retention.queue.close();
        await pushQueue.close();
        agent.destroy();
        await matchEmailWait.close();
        await chatUnread.unreadQueue.close();
        await emailQueue.close();
        email.close();
      },
    };
  });
}
