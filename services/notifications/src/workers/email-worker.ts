/**
 * The `email` queue's worker: delivers e-mails with nodemailer; BullMQ retries with backoff. A code
 * e-mail's job names an encrypted secret instead of carrying the code (EmailSecrets): the worker renders
 * it, and deletes the secret once the e-mail is out.
 */
import nodemailer from 'nodemailer';
import {
  QUEUES,
  TRIP_EMAIL_PURPOSES,
  emailJobSchema,
  renderCodeEmail,
  type EmailJob,
  type RenderedEmail,
} from '@safarsaathi/contracts';
import { EmailSecrets, createWorker, stripJobData, type Logger, type Redis } from '@safarsaathi/platform';
import type { NotificationsConfig } from '../config';
import { findRecipient, tripEmailsAllowed, type RecipientModel } from '../persistence/recipients';

export function startEmailWorker(
  config: NotificationsConfig,
  redis: Redis,
  logger: Logger,
  recipients: RecipientModel,
) {
  const transport = nodemailer.createTransport(config.SMTP_URL);
  const secrets = new EmailSecrets(redis, config.INTERNAL_HMAC_SECRET);
  const worker = createWorker<EmailJob>(
    QUEUES.email,
    async (job) => {
      const email = emailJobSchema.parse(job.data);
      let message: RenderedEmail;
      if ('secretRef' in email) {
        const code = await secrets.get(email.secretRef);
        if (code === undefined) {
          // Expired (the code with it) or already sent by an earlier attempt: nothing left to deliver.
          logger.warn({ jobId: job.id, purpose: email.purpose }, 'e-mail secret gone; not sent');
          await stripJobData(job, { purpose: email.purpose });
          return;
        }
        message = renderCodeEmail(code, email.locale);
      } else {
        // Checked again at sending (issue 40): trip e-mails queued before a withdrawal do not go out.
        if (email.userId && TRIP_EMAIL_PURPOSES.includes(email.purpose)) {
          const recipient = await findRecipient(recipients, email.userId);
          if (!recipient || recipient.deleted || !tripEmailsAllowed(recipient)) {
            logger.info({ jobId: job.id, purpose: email.purpose }, 'e-mail not sent: trip e-mails withdrawn');
            await stripJobData(job, { purpose: email.purpose });
            return 'no-consent';
          }
        }
        message = { subject: email.subject, text: email.text, html: email.html };
      }
      await transport.sendMail({ from: config.MAIL_FROM, to: email.to, ...message });
      if ('secretRef' in email) await secrets.delete(email.secretRef);
      // The sent job keeps its id (a redelivered event finds it and sends nothing) but not the address or
      // words (issue 40): a completed job is kept a while, and erasure must not have to find it.
      await stripJobData(job, { purpose: email.purpose });
      logger.info({ jobId: job.id, purpose: email.purpose }, 'e-mail sent');
    },
    redis,
    logger,
    config.EMAIL_CONCURRENCY,
    config.QUEUE_PREFIX,
  );
  return { worker, close: () => transport.close() };
}
