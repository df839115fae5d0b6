/**
 * Support's reply reaching its filer (issue 38): a notice only for a signed-in filer, the e-mail to the
 * address on the case in the filer's language, both keyed by the reply; nothing for a deleted account.
 */
import type { EventData } from '@safarsaathi/contracts';
import type { Recipient } from '../src/persistence/recipients';
import { replyLocale, tellCaseReply } from '../src/use-cases/case-reply';

const reply: EventData<'case_replied'> = {
  caseId: 'SS-ABCDEFGH',
  replyId: 'reply-1',
  userId: 'u1',
  emailAddress: 'asha@example.com',
  issueType: 'Trip-day problem (urgent)',
  locale: 'gu',
  reply: 'Please go to the Air India desk at gate 12.',
  adminEmail: 'ops@example.com',
  repliedAt: '2027-01-01T10:00:00.000Z',
};

const recipient = (fields: Partial<Recipient>): Recipient =>
  ({ fullname: 'Asha Verma', emailConsent: false, locale: 'en', rev: 1, ...fields }) as Recipient;

function deps(found: Recipient | null) {
  const notify = jest.fn(async () => undefined);
  const add = jest.fn(async () => undefined);
  const recipients = { findOne: () => ({ lean: async () => found }) };
  return { notify, add, deps: { notify, emailQueue: { add } as never, recipients: recipients as never } };
}

test('the filer’s language: the one chosen for the account, else the page the case came from, else the account’s', () => {
  expect(replyLocale(recipient({ locale: 'hi', localeChangedAt: new Date() }), 'gu')).toBe('hi');
  expect(replyLocale(recipient({ locale: 'en' }), 'gu')).toBe('gu');
  expect(replyLocale(recipient({ locale: 'ta' }), undefined)).toBe('ta');
  expect(replyLocale(null, 'bn')).toBe('bn');
  expect(replyLocale(null, undefined)).toBe('en');
});

test('a signed-in filer: a support_reply notice naming the case, and the e-mail to the case’s address', async () => {
  const { notify, add, deps: d } = deps(recipient({ locale: 'hi', localeChangedAt: new Date() }));
  await tellCaseReply(d, reply);
  expect(notify).toHaveBeenCalledWith({
    userId: 'u1',
    sourceKey: 'case_replied:reply-1',
    notification_type: 'support_reply',
    service_type: 'support',
    text: { key: 'support_reply', params: { caseId: 'SS-ABCDEFGH' } },
  });
  expect(add).toHaveBeenCalledTimes(1);
  const [name, job, options] = add.mock.calls[0] as unknown as [
    string,
    Record<string, string>,
    { jobId: string },
  ];
  expect(name).toBe('case_replied');
  expect(options.jobId).toBe('case-reply-reply-1');
  expect(job).toMatchObject({ to: 'asha@example.com', purpose: 'case_replied' });
  expect(job.text).toContain('नमस्ते Asha Verma');
  expect(job.text).toContain(reply.reply);
});

test('a signed-out filer: the e-mail only, in the language of the page the case came from', async () => {
  const { notify, add, deps: d } = deps(null);
  await tellCaseReply(d, { ...reply, userId: null });
  expect(notify).not.toHaveBeenCalled();
  const job = (add.mock.calls[0] as unknown as [string, Record<string, string>])[1];
  expect(job.html).toMatch(/^<div lang="gu"/);
});

test('a filer who deleted their account is told nothing', async () => {
  const { notify, add, deps: d } = deps(recipient({ deleted: true }));
  await tellCaseReply(d, reply);
  expect(notify).not.toHaveBeenCalled();
  expect(add).not.toHaveBeenCalled();
});
