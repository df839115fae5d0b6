/**
 * The `email` queue's worker: delivers e-mails with nodemailer; BullMQ retries with backoff. A code
 * e-mail's job names an encrypted secret instead of carrying the code (EmailSecrets): the worker renders
 * it, and deletes the secret once the e-mail is out.
 */
import nodemailer from 'nodemailer';
import {
  QUEUES,
  emailJobSchema,
  renderCodeEmail,
  type EmailJob,
  type RenderedEmail,
} from '@safarsaathi/contracts';
import { EmailSecrets, createWorker, type Logger, type Redis } from '@safarsaathi/platform';
import type { NotificationsConfig } from '../config';

export function startEmailWorker(config: NotificationsConfig, redis: Redis, logger: Logger) {
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
          return;
        }
        message = renderCodeEmail(code, email.locale);
      } else {
        message = { subject: email.subject, text: email.text, html: email.html };
      }
      await transport.sendMail({ from: config.MAIL_FROM, to: email.to, ...message });
      if ('secretRef' in email) await secrets.delete(email.secretRef);
      logger.info({ jobId: job.id, purpose: email.purpose }, 'e-mail sent');
    },
    redis,
    logger,
    config.EMAIL_CONCURRENCY,
    config.QUEUE_PREFIX,
  );
  return { worker, close: () => transport.close() };
}
