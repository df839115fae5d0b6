/** The `email` queue's worker: delivers rendered e-mails with nodemailer; BullMQ retries with backoff. */
import nodemailer from 'nodemailer';
import { QUEUES, emailJobSchema, type EmailJob } from '@safarsaathi/contracts';
import { createWorker, type Logger, type Redis } from '@safarsaathi/platform';
import type { NotificationsConfig } from '../config';

export function startEmailWorker(config: NotificationsConfig, redis: Redis, logger: Logger) {
  const transport = nodemailer.createTransport(config.SMTP_URL);
  const worker = createWorker<EmailJob>(
    QUEUES.email,
    async (job) => {
      const email = emailJobSchema.parse(job.data);
      await transport.sendMail({ from: config.MAIL_FROM, to: email.to, subject: email.subject, text: email.text, html: email.html });
      logger.info({ jobId: job.id, purpose: email.purpose }, 'e-mail sent');
    },
    redis,
    logger,
    config.EMAIL_CONCURRENCY,
    config.QUEUE_PREFIX,
  );
  return { worker, close: () => transport.close() };
}
