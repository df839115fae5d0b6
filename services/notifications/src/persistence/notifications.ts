/** Notifications, one document per user and cause; `sourceKey` makes creating one from an event idempotent. */
import { Schema, type Connection, type Model } from 'mongoose';
import type { Notification } from '@safarsaathi/contracts';

export interface NotificationRecord {
  userId: string;
  sourceKey: string;
  notification_type: Notification['notification_type'];
  service_type: Notification['service_type'];
  title: string;
  message: string;
  is_read: boolean;
  created_at: Date;
}

const notificationSchema = new Schema<NotificationRecord>(
  {
    userId: { type: String, required: true },
    sourceKey: { type: String, required: true },
    notification_type: { type: String, required: true },
    service_type: { type: String, required: true },
    title: { type: String, required: true },
    message: { type: String, required: true },
    is_read: { type: Boolean, default: false },
    created_at: { type: Date, required: true },
  },
  { collection: 'notifications', versionKey: false },
);
notificationSchema.index({ userId: 1, sourceKey: 1 }, { unique: true });
notificationSchema.index({ userId: 1, created_at: -1 });
notificationSchema.index({ userId: 1, is_read: 1 });

export type NotificationModel = Model<NotificationRecord>;

export function notificationModel(connection: Connection): NotificationModel {
  return (connection.models.Notification as NotificationModel) ?? connection.model<NotificationRecord>('Notification', notificationSchema);
}

/** Creates the notification unless one with the same (user, source) exists; its id when created, else null. */
export async function createOnce(
  model: NotificationModel,
  record: Omit<NotificationRecord, 'is_read' | 'created_at'>,
): Promise<string | null> {
  try {
    const created = await model.create({ ...record, is_read: false, created_at: new Date() });
    return created._id.toString();
  } catch (error) {
    if ((error as { code?: number }).code === 11000) return null;
    throw error;
  }
}
