/** Support cases through the gateway: validation messages, case id, event and confirmation e-mail. */
import { SUPPORT_MESSAGES, TOPICS, FALLBACK_ISSUE_TYPES } from '@safarsaathi/contracts';
import { ApiClient, TopicRecorder, createMailClient, createSignedInUser, freshEmail, waitFor } from '@safarsaathi/platform/src/testing';
import { startTestStack, type TestStack } from '../../../test/stack';
import { caseModel } from '../src/persistence/cases';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(() => stack.stop());

const details = 'My companion request does not show up in the list after I submit it.';

test('issue types are served', async () => {
  const result = await new ApiClient(stack.gatewayUrl).get('/help-support/issue-types');
  expect(result.body).toEqual({ issue_types: [...FALLBACK_ISSUE_TYPES] });
});

test.each([
  [{ issueType: '' }, SUPPORT_MESSAGES.issueTypeRequired],
  [{ issueType: 'Not a type' }, SUPPORT_MESSAGES.issueTypeRequired],
  [{ emailAddress: '' }, SUPPORT_MESSAGES.emailRequired],
  [{ emailAddress: 'someone@nowhere' }, SUPPORT_MESSAGES.emailInvalid],
  [{ details: '   too short, really   ' }, SUPPORT_MESSAGES.detailsTooShort],
])('%j is refused with its message', async (change, message) => {
  const result = await new ApiClient(stack.gatewayUrl).post('/help-support/create-case', {
    issueType: 'Technical Support',
    emailAddress: freshEmail(),
    details,
    ...change,
  });
  expect(result.status).toBe(400);
  expect(result.body.error).toBe(message);
});

test('a case gets a readable id, a case_created event and a confirmation e-mail', async () => {
  const recorder = await TopicRecorder.start([TOPICS.supportCases]);
  try {
    const { client, email } = await createSignedInUser(stack.gatewayUrl);
    const result = await client.post('/help-support/create-case', { issueType: 'Account Issues', emailAddress: email, details });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ success: true, status: SUPPORT_MESSAGES.submitted });
    const caseId = String(result.body.case_id);
    expect(caseId).toMatch(/^SS-[2-9A-HJ-NP-Z]{8}$/);

    const event = await waitFor(async () => recorder.find((e) => e.key === caseId));
    expect(event).toMatchObject({ type: 'case_created', data: { caseId, emailAddress: email, issueType: 'Account Issues' } });
    expect((event.data as { userId: string | null }).userId).toEqual(expect.any(String));

    const mail = await createMailClient().waitForMessageTo(email, { timeoutMs: 20_000, predicate: (m) => m.Subject.includes(caseId) });
    expect(mail.Text).toContain('24-48 hours');
  } finally {
    await recorder.stop();
  }
});

test('a report from the chat dialog needs a signed-in reporter and keeps its conversation id on the case', async () => {
  const report = { issueType: 'Service Complaints', emailAddress: freshEmail(), details: 'The other traveller sent me rude messages in our chat.', conversation_id: 'c0123456789abcdef0123456789abcde' };
  const anonymous = await new ApiClient(stack.gatewayUrl).post('/help-support/create-case', report);
  expect(anonymous.status).toBe(401);

  const { client, email } = await createSignedInUser(stack.gatewayUrl);
  const result = await client.post('/help-support/create-case', { ...report, emailAddress: email });
  expect(result.status).toBe(200);
  const stored = await caseModel(stack.support.deps.mongo).findOne({ caseId: String(result.body.case_id) }).lean();
  expect(stored).toMatchObject({ conversationId: report.conversation_id, issueType: 'Service Complaints', userId: expect.any(String) });

  // The reporter's text is required like any case's.
  const empty = await client.post('/help-support/create-case', { ...report, emailAddress: email, details: '   ' });
  expect(empty.status).toBe(400);
  expect(empty.body.error).toBe(SUPPORT_MESSAGES.detailsTooShort);
});
