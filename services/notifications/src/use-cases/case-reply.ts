/**
 * Support's reply to a case (issue 38): an e-mail to the address the filer gave on the case and, for a
 * signed-in filer, an in-app notice whose link opens the case (`/help-support?case=<caseId>`, contracts
 * `notificationLink`). Both once per reply: the notice's source and the e-mail's job id are the reply's id,
 * so a redelivered event, or two instances handling it, tell nobody twice.
 */
import type { Queue } from 'bullmq';
import { renderCaseReplyEmail, type EmailJob, type EventData, type Locale } from '@safarsaathi/contracts';
import { enqueueEmail, jobId } from '@safarsaathi/platform';
import type { NewNotification } from '../persistence/notifications';
import { findRecipient, type Recipient, type RecipientModel } from '../persistence/recipients';

export interface CaseReplyDeps {
  recipients: RecipientModel;
  emailQueue: Queue<EmailJob>;
  notify: (record: NewNotification) => Promise<void>;
  /** The product's address: the e-mail's button opens the case. */
  publicUrl?: string;
}

/**
 * The filer's language, if known: the one they chose for their account, else the page's they wrote the case
 * from, else their account's default.
 */
export function replyLocale(recipient: Recipient | null, caseLocale: Locale | undefined): Locale {
  return (
    (recipient?.localeChangedAt ? recipient.locale : undefined) ?? caseLocale ?? recipient?.locale ?? 'en'
  );
}

export async function tellCaseReply(deps: CaseReplyDeps, reply: EventData<'case_replied'>): Promise<void> {
  const recipient = reply.userId ? await findRecipient(deps.recipients, reply.userId) : null;
  // A filer who deleted their account is told nothing: they asked to be forgotten.
  if (recipient?.deleted) return;
  if (reply.userId) {
    await deps.notify({
      userId: reply.userId,
      sourceKey: `case_replied:${reply.replyId}`,
      notification_type: 'support_reply',
      service_type: 'support',
      text: { key: 'support_reply', params: { caseId: reply.caseId } },
    });
  }
  const email = renderCaseReplyEmail(
    { caseId: reply.caseId, issueType: reply.issueType, text: reply.reply },
    recipient?.fullname ?? '',
    replyLocale(recipient, reply.locale),
    deps.publicUrl,
  );
  await enqueueEmail(
    deps.emailQueue,
    { to: reply.emailAddress, purpose: 'case_replied', ...email },
    jobId('case-reply', reply.replyId),
  );
}
