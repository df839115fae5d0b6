/** Support cases through the gateway: validation messages, case id, event and confirmation e-mail. */
import { randomUUID } from 'node:crypto';
import {
  CHAT_MESSAGES,
  SUPPORT_MESSAGES,
  TOPICS,
  FALLBACK_ISSUE_TYPES,
  addDays,
  todayIso,
} from '@safarsaathi/contracts';
import { EventBus, createLogger } from '@safarsaathi/platform';
import {
  ApiClient,
  TopicRecorder,
  createMailClient,
  createSignedInUser,
  freshEmail,
  waitFor,
} from '@safarsaathi/platform/src/testing';
import { startTestStack, type TestStack } from '../../../test/stack';
import { caseModel } from '../src/persistence/cases';
import { conversationModel } from '../src/persistence/conversations';

type Traveller = Awaited<ReturnType<typeof createSignedInUser>>;

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
    const result = await client.post('/help-support/create-case', {
      issueType: 'Account Issues',
      emailAddress: email,
      details,
    });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ success: true, status: SUPPORT_MESSAGES.submitted });
    const caseId = String(result.body.case_id);
    expect(caseId).toMatch(/^SS-[2-9A-HJ-NP-Z]{8}$/);

    const event = await waitFor(async () => recorder.find((e) => e.key === caseId));
    expect(event).toMatchObject({
      type: 'case_created',
      data: { caseId, emailAddress: email, issueType: 'Account Issues' },
    });
    expect((event.data as { userId: string | null }).userId).toEqual(expect.any(String));

    const mail = await createMailClient().waitForMessageTo(email, {
      timeoutMs: 20_000,
      predicate: (m) => m.Subject.includes(caseId),
    });
    expect(mail.Text).toContain('24-48 hours');
  } finally {
    await recorder.stop();
  }
});

/** Two travellers with requests on one flight, and the conversation the first opens from search. */
async function conversationBetween(a: Traveller, b: Traveller): Promise<string> {
  const day = addDays(todayIso(), 30);
  const flight = {
    fromAirport: 'DEL',
    toAirport: 'JFK',
    airline: 'Air India',
    flightNumber: 'AI 101',
    travelDate: day,
    confirmedTicket: true,
    passengerAge: 40,
    passengerGender: 'female',
    languagesKnown: 'Hindi',
    freeService: true,
  };
  expect(
    (
      await a.client.post('/api/companions/requests', {
        ...flight,
        serviceType: 'need',
        passengerName: 'Kamala Devi',
      })
    ).status,
  ).toBe(200);
  const target = await b.client.post('/api/companions/requests', {
    ...flight,
    serviceType: 'provide',
    passengerName: 'Arjun Mehta',
  });
  expect(target.status).toBe(200);
  // Chat waits for the requests to reach it (its projection) before it answers.
  const started = await a.client.post('/api/chat/check-search-contact', {
    target_caseid: target.body.caseid,
    service_type: 'companion',
  });
  expect(started.status).toBe(200);
  return String(started.body.conversation_id);
}

test('a report from the chat dialog comes from a participant of its conversation, and keeps the conversation id on the case', async () => {
  const [reporter, other, outsider] = await Promise.all([
    createSignedInUser(stack.gatewayUrl),
    createSignedInUser(stack.gatewayUrl),
    createSignedInUser(stack.gatewayUrl),
  ]);
  const conversationId = await conversationBetween(reporter, other);
  const report = {
    issueType: 'Service Complaints',
    details: 'The other traveller sent me rude messages in our chat.',
    conversation_id: conversationId,
  };

  const anonymous = await new ApiClient(stack.gatewayUrl).post('/help-support/create-case', {
    ...report,
    emailAddress: freshEmail(),
  });
  expect(anonymous.status).toBe(401);

  // Right after the conversation opened: the report waits for conversation_created to reach support.
  const result = await reporter.client.post('/help-support/create-case', {
    ...report,
    emailAddress: reporter.email,
  });
  expect(result.status).toBe(200);
  const stored = await caseModel(stack.support.deps.mongo)
    .findOne({ caseId: String(result.body.case_id) })
    .lean();
  expect(stored).toMatchObject({
    conversationId,
    issueType: 'Service Complaints',
    userId: expect.any(String),
  });
  // The other participant may report it too.
  expect(
    (await other.client.post('/help-support/create-case', { ...report, emailAddress: other.email })).status,
  ).toBe(200);

  // Anyone else's conversation, or one that does not exist, is not found, and no case is made.
  const cases = caseModel(stack.support.deps.mongo);
  const before = await cases.countDocuments({ conversationId });
  const foreign = await outsider.client.post('/help-support/create-case', {
    ...report,
    emailAddress: outsider.email,
  });
  expect([foreign.status, foreign.body.error]).toEqual([404, CHAT_MESSAGES.conversationNotFound]);
  const unknown = await outsider.client.post('/help-support/create-case', {
    ...report,
    emailAddress: outsider.email,
    conversation_id: 'c0123456789abcdef0123456789abcde',
  });
  expect([unknown.status, unknown.body.error]).toEqual([404, CHAT_MESSAGES.conversationNotFound]);
  expect(await cases.countDocuments({ conversationId })).toBe(before);

  // The reporter's text is required like any case's.
  const empty = await reporter.client.post('/help-support/create-case', {
    ...report,
    emailAddress: reporter.email,
    details: '   ',
  });
  expect(empty.status).toBe(400);
  expect(empty.body.error).toBe(SUPPORT_MESSAGES.detailsTooShort);
});

test('the projection of conversations is idempotent: a redelivered conversation_created changes nothing', async () => {
  const conversations = conversationModel(stack.support.deps.mongo);
  const id = `c${randomUUID().replace(/-/g, '')}`;
  const bus = new EventBus({
    clientId: 'support-test',
    brokers: process.env.KAFKA_BROKERS!.split(','),
    logger: createLogger('support-test', 'silent'),
    topicPrefix: process.env.KAFKA_TOPIC_PREFIX,
  });
  await bus.connect();
  try {
    const envelope = await bus.publish('conversation_created', id, {
      conversationId: id,
      participantIds: ['user-a', 'user-b'],
      service_type: 'companion',
    });
    const first = await waitFor(
      async () => (await conversations.findOne({ _id: id }).lean()) ?? undefined,
      20_000,
      100,
    );
    // The same event again, and a forged later one naming someone else: the first write stands.
    await bus.publishEnvelope(envelope);
    const later = await bus.publish('conversation_created', id, {
      conversationId: id,
      participantIds: ['user-a', 'user-c'],
      service_type: 'companion',
    });
    // Same key, same partition: once the later one is handled, so is the redelivery before it.
    const markers = stack.support.deps.mongo.collection<{ _id: string; processedAt?: Date }>(
      'processed_events',
    );
    await waitFor(
      async () =>
        (await markers.findOne({ _id: { $regex: `\\|${later.id}$` }, processedAt: { $exists: true } })) ??
        undefined,
      20_000,
      100,
    );
    expect(await conversations.findOne({ _id: id }).lean()).toEqual(first);
    expect(first.participantIds).toEqual(['user-a', 'user-b']);
  } finally {
    await bus.disconnect();
  }
});
