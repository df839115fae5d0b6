/**
 * The paper side of issue 40 in support: the issue type "Privacy and data request", shown in the ops console
 * with its due date 30 days after it was opened; and support's retention jobs with a movable clock: a closed
 * case goes 2 years after it was closed (an open one stays), the shield's flags per sender 2 years after the
 * message, audit entries 3 years after they were written (the audit log's one remover). Each job is a
 * scheduler on the service's retention queue.
 */
import { Queue } from 'bullmq';
import {
  PRIVACY_ISSUE_TYPE,
  retentionQueueName,
  type AdminCasesResponse,
  type AuditEntry,
} from '@safarsaathi/contracts';
import type { ServiceDeps } from '@safarsaathi/platform';
import { ApiClient, createSignedInUser, signIn, waitFor } from '@safarsaathi/platform/src/testing';
import { startTestStack, type TestStack } from '../../../test/stack';
import { auditLog } from '../src/persistence/audit-log';
import { caseModel } from '../src/persistence/cases';
import { senderFlagsModel, type SenderFlags } from '../src/persistence/flagged-messages';
import { expireAuditLog, expireClosedCases, expireSenderFlags } from '../src/use-cases/retention';

const DAY = 86_400_000;
let stack: TestStack;
let admin: ApiClient;
let retention: Parameters<typeof expireClosedCases>[0];
beforeAll(async () => {
  stack = await startTestStack();
  admin = new ApiClient(stack.gatewayUrl);
  await signIn(admin, stack.adminEmail);
  const deps = stack.support.deps as ServiceDeps;
  retention = {
    cases: caseModel(deps.mongo),
    audit: auditLog(deps.mongo),
    senderFlags: senderFlagsModel(deps.mongo),
    publishOutboxNow: deps.publishOutboxNow,
  };
});
afterAll(() => stack?.stop());

async function fileCase(client: ApiClient, email: string, issueType: string): Promise<string> {
  const answer = await client.post<{ case_id: string }>('/help-support/create-case', {
    issueType,
    emailAddress: email,
    details: 'Please send me a copy of what you keep about me, and delete my old trips.',
  });
  expect(answer.status).toBe(200);
  return answer.body.case_id;
}

const listed = async () => (await admin.get<AdminCasesResponse>('/api/admin/cases?type=support')).body.cases;

test('a privacy request is an issue type, and the console shows it with its due date 30 days on', async () => {
  const types = (
    await new ApiClient(stack.gatewayUrl).get<{ issue_types: string[] }>('/help-support/issue-types')
  ).body.issue_types;
  expect(types.slice(0, 2)).toEqual(['Trip-day problem (urgent)', 'Safety concern']);
  expect(types).toContain(PRIVACY_ISSUE_TYPE);

  const { client, email } = await createSignedInUser(stack.gatewayUrl);
  const privacy = await fileCase(client, email, PRIVACY_ISSUE_TYPE);
  const other = await fileCase(client, email, 'General Inquiry');
  const cases = await waitFor(async () => {
    const found = await listed();
    return found.some((item) => item.case_id === privacy) && found.some((item) => item.case_id === other)
      ? found
      : undefined;
  }, 20_000);
  const request = cases.find((item) => item.case_id === privacy)!;
  expect(Date.parse(request.due_at!) - Date.parse(request.created_at)).toBe(30 * DAY);
  expect(cases.find((item) => item.case_id === other)!.due_at).toBeUndefined();
  const detail = await admin.get<{ due_at?: string }>(`/api/admin/cases/${privacy}`);
  expect(detail.body.due_at).toBe(request.due_at);
});

test('a closed case goes 2 years after it was closed, an open one stays; audit entries go after 3 years', async () => {
  const { client, email } = await createSignedInUser(stack.gatewayUrl);
  const closed = await fileCase(client, email, PRIVACY_ISSUE_TYPE);
  const open = await fileCase(client, email, PRIVACY_ISSUE_TYPE);
  const closing = await admin.put(`/api/admin/cases/${closed}`, {
    status: 'closed',
    note: 'Copy sent; trips deleted.',
  });
  expect(closing.status).toBe(200);
  const closedAt = Date.now();
  const exists = async (caseId: string) => (await retention.cases.countDocuments({ caseId })) === 1;
  const audited = async () =>
    (await admin.get<{ entries: AuditEntry[] }>('/api/admin/audit')).body.entries.some(
      (entry) => entry.target === `case ${closed}`,
    );
  await waitFor(async () => ((await audited()) ? true : undefined), 20_000);

  await expireClosedCases(retention, new Date(closedAt + 729 * DAY));
  expect([await exists(closed), await exists(open)]).toEqual([true, true]);
  const done = await expireClosedCases(retention, new Date(closedAt + 731 * DAY));
  expect(done.cases).toBeGreaterThanOrEqual(1);
  expect([await exists(closed), await exists(open)]).toEqual([false, true]);
  expect((await client.get<{ cases: unknown[] }>('/help-support/my-cases')).body.cases).toHaveLength(1);

  // The audit log keeps the entry for 3 years, then its one remover takes it.
  await expireAuditLog(retention, new Date(closedAt + 2 * 365 * DAY));
  expect(await audited()).toBe(true);
  const expired = await expireAuditLog(retention, new Date(closedAt + 3 * 365 * DAY + DAY));
  expect(expired.entries).toBeGreaterThanOrEqual(1);
  expect(await audited()).toBe(false);
});

test('the shield’s flags per sender go 2 years after the message', async () => {
  const now = Date.now();
  const entry = (id: string, daysAgo: number) => ({
    messageId: id,
    conversationId: 'c-retention',
    recipientId: `recipient-${id}`,
    kinds: ['carry'],
    sentAt: new Date(now - daysAgo * DAY).toISOString(),
  });
  await retention.senderFlags.create({ _id: 'sender-mixed', entries: [entry('old', 731), entry('new', 10)] });
  await retention.senderFlags.create({ _id: 'sender-old', entries: [entry('older', 800)] });
  const done = await expireSenderFlags(retention, new Date(now));
  expect(done).toEqual({ senders: 2, flags: 2 });
  const mixed = await retention.senderFlags.findOne({ _id: 'sender-mixed' }).lean<SenderFlags>();
  expect(mixed!.entries.map((item) => item.messageId)).toEqual(['new']);
  expect(await retention.senderFlags.findOne({ _id: 'sender-old' }).lean()).toBeNull();
});

test('the jobs are scheduled on the support service’s retention queue', async () => {
  const queue = new Queue(retentionQueueName('support'), {
    connection: stack.support.deps.redis,
    prefix: process.env.QUEUE_PREFIX,
  });
  try {
    expect((await queue.getJobSchedulers()).map((scheduler) => scheduler.key).sort()).toEqual([
      'audit-log',
      'closed-cases',
      'sender-flags',
    ]);
  } finally {
    await queue.close();
  }
});
