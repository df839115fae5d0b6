/**
 * The scam and mule shield through the whole product (issue 37): a message asking the reader to carry a
 * packet is delivered unchanged with `safety_flags` on POST and GET; the reader's one-tap Report attaches
 * that message; and a sender who asks three different people to carry or pay within 30 days gets one ops
 * case of type `safety` (kinds, counts, dates and conversations, never the text), listed with `type=safety`
 * and on the subject's history, opened once however often the events come.
 */
import { TOPICS, addDays, todayIso, type ChatMessage, type EventEnvelope } from '@safarsaathi/contracts';
import {
  ApiClient,
  TopicRecorder,
  createSignedInUser,
  signIn,
  waitFor,
} from '@safarsaathi/platform/src/testing';
import { EventBus, createLogger } from '@safarsaathi/platform';
import { randomInt } from 'node:crypto';
import { startTestStack, type TestStack } from '../../../test/stack';

type Traveller = Awaited<ReturnType<typeof createSignedInUser>>;

let stack: TestStack;
let admin: ApiClient;
let recorder: TopicRecorder;
let bus: EventBus;

beforeAll(async () => {
  stack = await startTestStack();
  admin = new ApiClient(stack.gatewayUrl);
  await signIn(admin, stack.adminEmail);
  recorder = await TopicRecorder.start([TOPICS.chatConversations]);
  bus = new EventBus({
    clientId: 'safety-case-test',
    brokers: process.env.KAFKA_BROKERS!.split(','),
    logger: createLogger('safety-case-test', 'silent'),
    topicPrefix: process.env.KAFKA_TOPIC_PREFIX,
  });
  await bus.connect();
}, 120_000);
afterAll(async () => {
  await bus?.disconnect();
  await recorder?.stop();
  await stack?.stop();
});

/** `sender` offers help on a flight of its own; `reader` needs it; the reader opens their conversation. */
async function conversationBetween(sender: Traveller, reader: Traveller): Promise<string> {
  const flight = {
    fromAirport: 'DEL',
    toAirport: 'YYZ',
    airline: 'Air Canada',
    flightNumber: `AC ${randomInt(100, 999)}`,
    travelDate: addDays(todayIso(), 30),
    confirmedTicket: true,
    passengerAge: 45,
    passengerGender: 'male',
    languagesKnown: 'Hindi',
    freeService: true,
  };
  const offer = await sender.client.post('/api/companions/requests', {
    ...flight,
    serviceType: 'provide',
    passengerName: 'Vikas Kumar',
  });
  expect(offer.status).toBe(200);
  const own = await reader.client.post('/api/companions/requests', {
    ...flight,
    serviceType: 'need',
    passengerName: 'Kamala Devi',
  });
  expect(own.status).toBe(200);
  // Waits until chat knows both requests (the contact flow's second call).
  const started = await reader.client.post('/api/chat/create-search-conversation', {
    target_caseid: offer.body.caseid,
    user_caseid: own.body.caseid,
  });
  expect(started.status).toBe(200);
  return String(started.body.conversation_id);
}

const CARRY = 'Bhai meri cousin ke liye ek chhota packet le jaoge? Bas airport pe de dena.';

test('a carry request is delivered unchanged and marked on POST and GET; the tip’s Report attaches exactly that message', async () => {
  const [sender, reader] = await Promise.all([
    createSignedInUser(stack.gatewayUrl, { fullname: 'Vikas Kumar' }),
    createSignedInUser(stack.gatewayUrl, { fullname: 'Meera Iyer' }),
  ]);
  const conversation = await conversationBetween(sender, reader);
  const path = `/api/chat/conversations/${conversation}/messages`;
  expect(
    (await reader.client.post(path, { message_text: 'Namaste, are you on the same flight?' })).status,
  ).toBe(200);
  const sent = await sender.client.post<{ message: ChatMessage }>(path, { message_text: CARRY });
  expect(sent.status).toBe(200);
  expect(sent.body.message).toMatchObject({ message_text: CARRY, safety_flags: ['carry'], is_mine: true });
  expect((await sender.client.post(path, { message_text: 'See you at the gate!' })).status).toBe(200);

  const read = await reader.client.get<{ messages: ChatMessage[] }>(path);
  expect(read.body.messages.map((m) => [m.message_text, m.safety_flags])).toEqual([
    ['Namaste, are you on the same flight?', []],
    [CARRY, ['carry']],
    ['See you at the gate!', []],
  ]);
  // The event says what was seen, never the text.
  const event = await waitFor(async () =>
    recorder.events.find(
      (e) =>
        e.type === 'message_sent' &&
        (e.data as { seq: number; conversationId: string }).conversationId === conversation &&
        (e.data as { seq: number }).seq === 2,
    ),
  );
  expect(event.data).toMatchObject({ safetyFlags: ['carry'] });
  expect(JSON.stringify(event)).not.toContain('packet');

  const reported = await reader.client.post<{ case_id: string }>(
    `/api/chat/conversations/${conversation}/report`,
    {
      reason: 'scam',
      details: 'This message asked me to carry something, to pay, or to share a code.',
      include_seqs: [2],
    },
  );
  expect(reported.status).toBe(201);
  const opened = await waitFor(async () => {
    const result = await admin.get<{
      attached_messages: Array<{ seq: number; text: string }>;
      reason: string;
    }>(`/api/admin/cases/${reported.body.case_id}`);
    return result.status === 200 ? result.body : undefined;
  }, 20_000);
  expect(opened.reason).toBe('scam');
  expect(opened.attached_messages.map((m) => [m.seq, m.text])).toEqual([[2, CARRY]]);
});

test('carry or pay requests to three different people within 30 days open one safety case, listed by type and on the subject’s history, never twice', async () => {
  const sender = await createSignedInUser(stack.gatewayUrl, { fullname: 'Vikas Kumar' });
  const readers = await Promise.all(
    ['Asha Rao', 'Ravi Nair', 'Lena Das'].map((fullname) =>
      createSignedInUser(stack.gatewayUrl, { fullname }),
    ),
  );
  const conversations: string[] = [];
  for (const [index, reader] of readers.entries()) {
    const conversation = await conversationBetween(sender, reader);
    conversations.push(conversation);
    const text = index === 1 ? 'Send the refundable deposit of 2000 rupees to my UPI first.' : CARRY;
    const sent = await sender.client.post<{ message: ChatMessage }>(
      `/api/chat/conversations/${conversation}/messages`,
      {
        message_text: text,
      },
    );
    expect(sent.body.message.safety_flags).toEqual(index === 1 ? ['money'] : ['carry']);
  }
  const senderId = String(
    (await stack.auth.deps.mongo.collection('users').findOne({ email: sender.email }))!._id,
  );
  const safetyCases = async () =>
    (
      await admin.get<{
        cases: Array<{ case_id: string; type: string; summary: string; subject?: { user_id: string } }>;
      }>('/api/admin/cases?type=safety')
    ).body.cases.filter((c) => c.subject?.user_id === senderId);
  const [listed] = await waitFor(async () => {
    const found = await safetyCases();
    return found.length > 0 ? found : undefined;
  }, 20_000);
  expect(listed).toMatchObject({ type: 'safety', subject: { user_id: senderId } });
  const detail = (
    await admin.get<{ details: string; subject_history: { cases: Array<{ case_id: string }> } | null }>(
      `/api/admin/cases/${listed!.case_id}`,
    )
  ).body;
  expect(detail.details).toContain('with 3 people within 30 days: carry ×2, money ×1');
  for (const conversation of conversations) expect(detail.details).toContain(conversation);
  expect(detail.details).not.toContain('packet');
  expect(detail.details).not.toContain('UPI first');

  // The same events delivered again (a redelivery after a restart): still one case.
  const sent = recorder.events.filter(
    (e): e is EventEnvelope<{ conversationId: string }> =>
      e.type === 'message_sent' &&
      conversations.includes((e.data as { conversationId: string }).conversationId),
  );
  for (const event of sent) await bus.publishEnvelope({ ...event, id: crypto.randomUUID() });
  const fourth = await createSignedInUser(stack.gatewayUrl, { fullname: 'Kiran Shah' });
  const marker = await conversationBetween(sender, fourth);
  await sender.client.post(`/api/chat/conversations/${marker}/messages`, { message_text: CARRY });
  // Once the fourth person's message reached support (its entry is in the set), nothing more was opened.
  await waitFor(async () => {
    const flags = await stack.support.deps.mongo
      .collection('sender_flags')
      .findOne({ _id: senderId as never });
    return (flags?.entries as unknown[] | undefined)?.length === 4 ? true : undefined;
  }, 20_000);
  expect(await safetyCases()).toHaveLength(1);

  // On the subject's history: a report about the sender lists the safety case.
  const reported = await readers[0]!.client.post<{ case_id: string }>(
    `/api/chat/conversations/${conversations[0]}/report`,
    { reason: 'scam', details: 'He keeps asking me to take a packet for his cousin.' },
  );
  expect(reported.status).toBe(201);
  const history = await waitFor(async () => {
    const result = await admin.get<{ subject_history: { cases: Array<{ case_id: string }> } | null }>(
      `/api/admin/cases/${reported.body.case_id}`,
    );
    return result.status === 200 ? result.body.subject_history : undefined;
  }, 20_000);
  expect(history?.cases.map((c) => c.case_id)).toContain(listed!.case_id);
});
