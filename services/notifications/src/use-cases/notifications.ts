/** The signed-in user's notifications: every query is scoped by the caller's id. */
import type { Identity, Notification } from '@safarsaathi/contracts';
import { isValidObjectId } from 'mongoose';
import { notFound } from '@safarsaathi/platform';
import type { NotificationModel, NotificationRecord } from '../persistence/notifications';

function toView(record: NotificationRecord & { _id: { toString(): string } }): Notification {
  return {
    notification_id: record._id.toString(),
    notification_type: record.notification_type,
    service_type: record.service_type,
    title: record.title,
    message: record.message,
    created_at: record.created_at.toISOString(),
    is_read: record.is_read,
  };
}

export async function listNotifications(model: NotificationModel, identity: Identity, limit: number): Promise<Notification[]> {
  const records = await model.find({ userId: identity.userId }).sort({ created_at: -1 }).limit(limit).lean();
  return records.map(toView);
}

export async function unreadCount(model: NotificationModel, identity: Identity): Promise<{ unread_count: number }> {
  return { unread_count: await model.countDocuments({ userId: identity.userId, is_read: false }) };
}

export async function markAllRead(model: NotificationModel, identity: Identity): Promise<{ success: true }> {
  await model.updateMany({ userId: identity.userId, is_read: false }, { $set: { is_read: true } });
  return { success: true };
}

/** Another user's notification id answers 404, exactly like a missing one. */
export async function markRead(model: NotificationModel, identity: Identity, id: string): Promise<{ success: true }> {
  if (!isValidObjectId(id)) throw notFound('Notification not found');
  const result = await model.updateOne({ _id: id, userId: identity.userId }, { $set: { is_read: true } });
  if (result.matchedCount === 0) throw notFound('Notification not found');
  return { success: true };
}
