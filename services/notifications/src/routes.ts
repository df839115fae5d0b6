import { Router } from 'express';
import {
  DATA_EXPORT_PART_PATH,
  notificationIdParamsSchema,
  notificationListQuerySchema,
  pushPreferencesUpdateSchema,
  pushSubscriptionRequestSchema,
  pushUnsubscribeRequestSchema,
} from '@safarsaathi/contracts';
import { authedEndpoint, endpoint } from '@safarsaathi/platform';
import { myNotificationsData } from './use-cases/my-data';
import {
  listNotifications,
  markAllRead,
  markRead,
  unreadCount,
  type NotificationDepsForUseCases,
} from './use-cases/notifications';
import {
  getPreferences,
  setPreferences,
  subscribe,
  unsubscribe,
  type PushSubscriptionDeps,
} from './use-cases/push-subscriptions';

export function notificationRoutes(
  deps: NotificationDepsForUseCases,
  push: PushSubscriptionDeps & { publicKey: string },
): Router {
  const router = Router();
  // This service's part of the data export (issue 40): the gateway calls it, it is not in its route table.
  router.get(
    DATA_EXPORT_PART_PATH,
    authedEndpoint({}, (_input, { identity }) => myNotificationsData(deps, push, identity)),
  );
  router.get(
    '/api/push/public-key',
    endpoint({}, () => ({ public_key: push.publicKey })),
  );
  router.post(
    '/api/push/subscriptions',
    authedEndpoint(
      { body: pushSubscriptionRequestSchema },
      ({ body }, { identity }) => subscribe(push, identity, body),
      { status: 201 },
    ),
  );
  router.delete(
    '/api/push/subscriptions',
    authedEndpoint({ body: pushUnsubscribeRequestSchema }, ({ body }, { identity }) =>
      unsubscribe(push, identity, body.endpoint),
    ),
  );
  router.get(
    '/api/push/preferences',
    authedEndpoint({}, (_input, { identity }) => getPreferences(push, identity)),
  );
  router.put(
    '/api/push/preferences',
    authedEndpoint({ body: pushPreferencesUpdateSchema }, ({ body }, { identity }) =>
      setPreferences(push, identity, body),
    ),
  );
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
