import { Router } from 'express';
import { notificationIdParamsSchema, notificationListQuerySchema } from '@safarsaathi/contracts';
import { authedEndpoint } from '@safarsaathi/platform';
import {
  listNotifications,
  markAllRead,
  markRead,
  unreadCount,
  type NotificationDepsForUseCases,
} from './use-cases/notifications';

export function notificationRoutes(deps: NotificationDepsForUseCases): Router {
  const router = Router();
  router.get(
    '/api/notifications',
    authedEndpoint({ query: notificationListQuerySchema }, ({ query }, { identity }) =>
      listNotifications(deps, identity, query.limit),
    ),
  );
  router.get(
    '/api/notifications/unread-count',
    authedEndpoint({}, (_input, { identity }) => unreadCount(deps, identity)),
  );
  router.put(
    '/api/notifications/mark-all-read',
    authedEndpoint({}, (_input, { identity }) => markAllRead(deps, identity)),
  );
  router.put(
    '/api/notifications/:id/read',
    authedEndpoint({ params: notificationIdParamsSchema }, ({ params }, { identity }) =>
      markRead(deps, identity, params.id),
    ),
  );
  return router;
}
