import { Router } from 'express';
import { notificationIdParamsSchema, notificationListQuerySchema } from '@safarsaathi/contracts';
import { authedEndpoint } from '@safarsaathi/platform';
import type { NotificationModel } from './persistence/notifications';
import { listNotifications, markAllRead, markRead, unreadCount } from './use-cases/notifications';

export function notificationRoutes(notifications: NotificationModel): Router {
  const router = Router();
  router.get(
    '/api/notifications',
    authedEndpoint({ query: notificationListQuerySchema }, ({ query }, { identity }) =>
      listNotifications(notifications, identity, query.limit),
    ),
  );
  router.get('/api/notifications/unread-count', authedEndpoint({}, (_input, { identity }) => unreadCount(notifications, identity)));
  router.put('/api/notifications/mark-all-read', authedEndpoint({}, (_input, { identity }) => markAllRead(notifications, identity)));
  router.put(
    '/api/notifications/:id/read',
    authedEndpoint({ params: notificationIdParamsSchema }, ({ params }, { identity }) => markRead(notifications, identity, params.id)),
  );
  return router;
}
