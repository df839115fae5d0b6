/**
 * The notifications service's part of `GET /api/me/data` (issue 40; the gateway gathers the parts): the
 * caller's notifications as the bell lists them, and the devices that get pushes, by the push service's
 * host only (the endpoint URL and keys are what lets anyone push to the device).
 */
import type { DataExportPart, Identity } from '@safarsaathi/contracts';
import type { NotificationFeed, NotificationStore } from '../persistence/notifications';
import type { PushDevices, PushStore } from '../persistence/push';

const hostOf = (endpoint: string) => {
  try {
    return new URL(endpoint).host;
  } catch {
    return '';
  }
};

export async function myNotificationsData(
  notifications: NotificationStore,
  push: PushStore,
  identity: Identity,
): Promise<DataExportPart<'notifications'>> {
  const [feed, devices] = await Promise.all([
    notifications.feeds.findOne({ _id: identity.userId }).lean<NotificationFeed>(),
    push.devices.findOne({ _id: identity.userId }).lean<PushDevices>(),
  ]);
  return {
    notifications: (feed?.items ?? []).map((item) => ({
      id: item.id,
      type: item.notification_type,
      title: item.title,
      message: item.message,
      is_read: item.is_read,
      created_at: new Date(item.created_at).toISOString(),
    })),
    push_subscriptions: (devices?.devices ?? []).map((device) => ({
      push_service: hostOf(device.endpoint),
      created_at: new Date(device.created_at).toISOString(),
    })),
  };
}
