import { startService, type RunningService } from '@safarsaathi/platform';
import { loadNotificationsConfig, type NotificationsConfig } from './config';
import { notificationRoutes } from './routes';
import { startEmailWorker } from './workers/email-worker';

export function startNotificationsService(env: NodeJS.ProcessEnv = process.env): Promise<RunningService<NotificationsConfig>> {
  const config = loadNotificationsConfig(env);
  return startService('notifications', config, (deps) => {
    const email = startEmailWorker(config, deps.redis, deps.logger);
    return { routes: notificationRoutes(), workers: [email.worker], onStop: async () => email.close() };
  });
}
