import { createEmailQueue, startService, type RunningService } from '@safarsaathi/platform';
import { loadNotificationsConfig, type NotificationsConfig } from './config';
import { notificationRoutes } from './routes';
import { notificationModel } from './persistence/notifications';
import { notificationHandlers } from './events/handlers';
import { recipientModel } from './persistence/recipients';
import { startEmailWorker } from './workers/email-worker';

export function startNotificationsService(env: NodeJS.ProcessEnv = process.env): Promise<RunningService<NotificationsConfig>> {
  const config = loadNotificationsConfig(env);
  return startService('notifications', config, (deps) => {
    const notifications = notificationModel(deps.mongo);
    const emailQueue = createEmailQueue(deps.redis, config.QUEUE_PREFIX);
    const email = startEmailWorker(config, deps.redis, deps.logger);
    return {
      routes: notificationRoutes(notifications),
      handlers: notificationHandlers({ notifications, recipients: recipientModel(deps.mongo), emailQueue, live: deps.live }),
      workers: [email.worker],
      // This service works the e-mail queue, so its metrics report the queue's depth and failed jobs.
      queues: [emailQueue],
      onStop: async () => {
        await emailQueue.close();
        email.close();
      },
    };
  });
}
