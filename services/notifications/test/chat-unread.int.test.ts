/**
 * The unread-message e-mail, end to end: messages sent through the gateway, message_sent and messages_read
 * over Kafka, delayed checks on the `chat-unread` queue (BullMQ), e-mails in the mail catcher. The delay is
 * 3 s here instead of 15 minutes.
 */
import { randomUUID } from 'node:crypto';
import type { Queue } from 'bullmq';
import { QUEUES, TOPICS, addDays, todayIso, type ChatUnreadJob } from '@safarsaathi/contracts';
import {
  EventBus,
  createEmailQueue,
  createLogger,
  createQueue,
  createRedis,
  jobId,
  type Redis,
} from '@safarsaathi/platform';
import {
  ApiClient,
  TopicRecorder,
  createMailClient,
  createSignedInUser,
  freshEmail,
  freshMobileDigits,
  readCodeFromMail,
  testGroup,
  waitFor,
} from '@safarsaathi/platform/src/testing';
import { startTestStack, type TestStack } from '../../../test/stack';
import { recipientModel } from '../src/persistence/recipients';
import { chatEmailClaimModel, chatReadModel } from '../src/persistence/chat-unread';
import { checkUnread, type ChatUnreadDeps } from '../src/use-cases/chat-unread';

type Person = { client: ApiClient; email: string };

let stack: TestStack;
let redis: Redis;
let unreadQueue: Queue<ChatUnreadJob>;
let bus: EventBus;
let recorder: TopicRecorder;

beforeAll(async () => {
  stack = await startTestStack({ CHAT_UNREAD_EMAIL_DELAY_MS: '3000' });
  redis = createRedis(process.env.REDIS_URL!, createLogger('chat-unread-test', 'silent'));
  unreadQueue = createQueue<ChatUnreadJob>(QUEUES.chatUnread, redis, process.env.QUEUE_PREFIX);
  bus = new EventBus({
    clientId: 'chat-unread-test',
    brokers: process.env.KAFKA_BROKERS!.split(','),
    logger: createLogger('t', 'silent'),
    topicPrefix: process.env.KAFKA_TOPIC_PREFIX,
  });
  await bus.connect();
  recorder = await TopicRecorder.start([TOPICS.chatConversations]);
});

afterAll(async () => {
  await recorder.stop();
  await bus.disconnect();
  await unreadQueue.close();
  redis.disconnect();
  await stack.stop();
});

function companionRequest(role: 'need' | 'provide') {
  return {
    serviceType: role,
    fromAirport: 'BOM',
    toAirport: 'LHR',
    airline: 'Air India',
    flightNumber: 'AI 131',
    travelDate: addDays(todayIso(), 20),
    confirmedTicket: true,
    passengerName: 'Test Traveller',
    passengerAge: 60,
    passengerGender: 'female',
    languagesKnown: 'Marathi',
    freeService: true,
    connectingFlights: [],
  };
}

/** Someone who signed in without ticking the e-mail consent box. */
async function withoutConsent(fullname: string): Promise<Person> {
  const client = new ApiClient(stack.gatewayUrl);
  const email = freshEmail('noconsent');
  const requestedAt = Date.now();
  expect((await client.post('/api/auth/register', { emailAddress: email })).status).toBe(200);
  const code = await readCodeFromMail(email, requestedAt);
  expect((await client.post('/api/auth/verify-otp', { emailAddress: email, otp: code })).status).toBe(200);
  const registered = await client.post('/api/auth/register-user', {
    emailAddress: email,
    fullname,
    phone_number: `+91${freshMobileDigits()}`,
    accepted_terms: true,
  });
  expect(registered.status).toBe(200);
  return { client, email };
}

/** `a` contacts `b` from search (both hold a request); answers the conversation id. */
async function conversation(a: Person, b: Person): Promise<string> {
  await a.client.post('/api/companions/requests', companionRequest('need'));
  const target = String(
    (await b.client.post('/api/companions/requests', companionRequest('provide'))).body.caseid,
  );
  const started = await waitFor(
    async () => {
      const result = await a.client.post('/api/chat/check-search-contact', {
        target_caseid: target,
        service_type: 'companion',
      });
      return result.body.conversation_id ? String(result.body.conversation_id) : undefined;
    },
    20_000,
    300,
  );
  return started;
}

async function send(user: Person, id: string, text: string): Promise<string> {
  const result = await user.client.post<{ message: { message_id: string } }>(
    `/api/chat/conversations/${id}/messages`,
    { message_text: text },
  );
  expect(result.status).toBe(200);
  return result.body.message.message_id;
}

/** Waits until the delayed check for this message and recipient has run (so an absent e-mail means none). */
async function checked(messageId: string): Promise<void> {
  const event = await waitFor(
    async () =>
      recorder.find(
        (e) => e.type === 'message_sent' && (e.data as { messageId: string }).messageId === messageId,
      ),
    20_000,
  );
  const { recipientIds } = event.data as { recipientIds: string[] };
  await waitFor(
    async () => {
      const job = await unreadQueue.getJob(jobId('chat-unread', messageId, recipientIds[0]!));
      return job && (await job.isCompleted()) ? true : undefined;
    },
    20_000,
    200,
  );
}

const unreadMails = async (email: string) =>
  (await createMailClient().searchTo(email)).filter((m) => /sent you a message/.test(m.Subject));

test('one e-mail for unread messages: the sender named, the text never; one per conversation; never twice for a message', async () => {
  const geeta = await createSignedInUser(stack.gatewayUrl, { fullname: 'Geeta Menon' });
  const harish = await createSignedInUser(stack.gatewayUrl, { fullname: 'Harish Menon' });
  const id = await conversation(geeta, harish);
  const first = await send(geeta, id, 'Secret gate number 12');
  const second = await send(geeta, id, 'Another private line');

  const mail = await createMailClient().waitForMessageTo(harish.email, {
    timeoutMs: 20_000,
    predicate: (m) => /sent you a message/.test(m.Subject),
  });
  expect(mail.Subject).toBe('Geeta Menon sent you a message on SafarSaathi');
  expect(mail.Text).toContain('Messages');
  expect(mail.Text).not.toContain('Secret');
  expect(mail.Text).not.toContain('private line');
  await checked(first);
  await checked(second);
  expect(await unreadMails(harish.email)).toHaveLength(1);
  // The sender read nothing of their own: no e-mail to them.
  expect(await unreadMails(geeta.email)).toHaveLength(0);

  // message_sent delivered again: as is, and as a copy under a new event id after its job was cleaned up.
  const sent = recorder.find(
    (e) => e.type === 'message_sent' && (e.data as { messageId: string }).messageId === first,
  )!;
  await bus.publishEnvelope(sent);
  const recipientId = (sent.data as { recipientIds: string[] }).recipientIds[0]!;
  await (await unreadQueue.getJob(jobId('chat-unread', first, recipientId)))!.remove();
  const copy = { ...sent, id: randomUUID() };
  await bus.publishEnvelope(copy);
  const markers = stack.notifications.deps.mongo.collection<{ _id: string }>('processed_events');
  await waitFor(
    async () =>
      (await markers.findOne({ _id: `${testGroup('notifications-test')}:message_sent|${copy.id}` })) ??
      undefined,
    20_000,
  );
  await checked(first);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  expect(await unreadMails(harish.email)).toHaveLength(1);
});

test('no e-mail when the message is read in time, or without e-mail consent', async () => {
  const reader = await createSignedInUser(stack.gatewayUrl, { fullname: 'Quick Reader' });
  const writer = await createSignedInUser(stack.gatewayUrl, { fullname: 'Asha Writer' });
  const id = await conversation(writer, reader);
  const read = await send(writer, id, 'read me soon');
  expect((await reader.client.put(`/api/chat/conversations/${id}/mark-read`)).status).toBe(200);
  await checked(read);
  expect(await unreadMails(reader.email)).toHaveLength(0);

  const unconsenting = await withoutConsent('Private Person');
  const other = await createSignedInUser(stack.gatewayUrl, { fullname: 'Ravi Writer' });
  const second = await conversation(other, unconsenting);
  const unread = await send(other, second, 'you will not hear about this');
  await checked(unread);
  expect(await unreadMails(unconsenting.email)).toHaveLength(0);
});

test('the claim: a message is never e-mailed twice, even after the window; a newer one is, once the window has passed', async () => {
  const { deps } = stack.notifications;
  const recipients = recipientModel(deps.mongo);
  const emailQueue = createEmailQueue(redis, process.env.QUEUE_PREFIX);
  const unread: ChatUnreadDeps = {
    logger: deps.logger,
    locks: deps.locks,
    recipients,
    reads: chatReadModel(deps.mongo),
    claims: chatEmailClaimModel(deps.mongo),
    emailQueue,
    unreadQueue,
    delayMs: 0,
  };
  try {
    const recipientId = `recipient-${randomUUID()}`;
    const email = freshEmail('claim');
    await recipients.create({ _id: recipientId, email, fullname: 'Claim Test', emailConsent: true });
    const conversationId = `c${randomUUID().replace(/-/g, '').slice(0, 31)}`;
    const job = (seq: number): ChatUnreadJob => ({
      conversationId,
      messageId: `${conversationId}-${seq}`,
      seq,
      senderId: 'someone',
      recipientId,
    });
    const now = Date.now();
    const hours = (h: number) => new Date(now + h * 3600_000);

    expect(await checkUnread(unread, job(1), hours(0))).toBe('queued');
    expect(await checkUnread(unread, job(2), hours(1))).toBe('too-soon');
    expect(await checkUnread(unread, job(1), hours(7))).toBe('already-emailed');
    expect(await checkUnread(unread, job(3), hours(7))).toBe('queued');
    expect(await checkUnread(unread, job(2), hours(14))).toBe('already-emailed');
    await unread.reads.updateOne(
      { _id: `${conversationId}:${recipientId}` },
      { $set: { lastReadSeq: 4 } },
      { upsert: true },
    );
    expect(await checkUnread(unread, job(4), hours(21))).toBe('read');

    await waitFor(async () => ((await unreadMails(email)).length === 2 ? true : undefined), 20_000);
  } finally {
    await emailQueue.close();
  }
});
