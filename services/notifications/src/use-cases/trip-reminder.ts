/**
 * The 24-hour trip reminder (addendum §1.5) for both parties of a pair: an in-app notice and an e-mail in
 * each one's language. The companion service stages `trip_reminder_triggered` once per trip; here each party's
 * notice is created once per (trip, user) and the e-mail queued under one job id per (trip, user), so a
 * redelivered event, or two instances handling it, tell nobody twice.
 */
import type { Queue } from 'bullmq';
import {
  renderTripReminderEmail,
  tripReminderNotificationText,
  type EmailJob,
  type EventData,
} from '@safarsaathi/contracts';
import { enqueueEmail, jobId, type Logger } from '@safarsaathi/platform';
import type { NewNotification } from '../persistence/notifications';
import { findRecipient, tripEmailsAllowed, type RecipientModel } from '../persistence/recipients';

export interface TripReminderDeps {
  recipients: RecipientModel;
  emailQueue: Queue<EmailJob>;
  logger: Logger;
  notify: (record: NewNotification) => Promise<void>;
}

export async function tellTripReminder(
  deps: TripReminderDeps,
  reminder: EventData<'trip_reminder_triggered'>,
): Promise<void> {
  for (const party of reminder.parties) {
    await deps.notify({
      userId: party.userId,
      sourceKey: `trip_reminder:${reminder.tripId}`,
      notification_type: 'trip_reminder',
      service_type: 'companion',
      text: tripReminderNotificationText(reminder, party),
    });
    const recipient = await findRecipient(deps.recipients, party.userId);
    // A deleted user (forgotten here) gets no e-mail; the pair was matched long after registration.
    if (!recipient?.email) {
      deps.logger.info({ tripId: reminder.tripId, userId: party.userId }, 'trip reminder: no address');
      continue;
    }
    // Trip e-mails withdrawn (issue 40): the notice above is all they get.
    if (!tripEmailsAllowed(recipient)) continue;
    const email = renderTripReminderEmail(reminder, party, recipient.fullname, recipient.locale);
    await enqueueEmail(
      deps.emailQueue,
      { to: recipient.email, userId: party.userId, purpose: 'trip_reminder', ...email },
      jobId('trip-reminder', reminder.tripId, party.userId),
    );
  }
}
