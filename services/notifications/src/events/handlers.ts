/**
 * Every event this service reacts to, in one place. Notifications are created once per (user, cause);
 * e-mails are queued with a deterministic job id, so a redelivered event never notifies twice.
 */
import type { Queue } from 'bullmq';
import { PRODUCT_NAME, type EmailJob } from '@safarsaathi/contracts';
import { enqueueEmail, jobId, type EventHandlers } from '@safarsaathi/platform';
import { createOnce, type NotificationModel } from '../persistence/notifications';

export function notificationHandlers(notifications: NotificationModel, emailQueue: Queue<EmailJob>): EventHandlers {
  return {
    user_registered: async (event) => {
      await createOnce(notifications, {
        userId: event.data.userId,
        sourceKey: `welcome`,
        notification_type: 'other',
        service_type: 'profile',
        title: `Welcome to ${PRODUCT_NAME}!`,
        message: 'Your registration is complete. Create a companion request or offer help on your next flight.',
      });
    },
    profile_updated: async (event) => {
      await createOnce(notifications, {
        userId: event.data.userId,
        sourceKey: `profile_updated:${event.id}`,
        notification_type: 'profile_updated',
        service_type: 'profile',
        title: 'Profile updated',
        message: event.data.changed.includes('help_preference')
          ? 'Your help preference has been saved.'
          : 'Your profile has been updated.',
      });
    },
    user_deleted: async (event) => {
      await notifications.deleteMany({ userId: event.data.userId });
    },
    case_created: async (event) => {
      const { caseId, emailAddress, issueType } = event.data;
      await enqueueEmail(
        emailQueue,
        {
          to: emailAddress,
          purpose: 'case_created',
          subject: `${PRODUCT_NAME} support: we received your case ${caseId}`,
          text: `Thank you for contacting ${PRODUCT_NAME} support.\n\nYour case id is ${caseId} (${issueType}). We will reply within 24-48 hours.`,
        },
        jobId('case', caseId),
      );
    },
  };
}
