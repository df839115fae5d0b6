/**
 * Chat text retention (issue 40) with a movable clock: the job is called with `now` in the future. A
 * conversation's words go 180 days after its last message, or after the last travel date of the trip its
 * two travellers were matched for when that is later; every message (older chunks included) then reads
 * "Message deleted", the inboxes' previews too, and the shield's flags go with the words. The job is a
 * scheduler on the service's retention queue.
 */
import { Queue } from 'bullmq';
import {
  DELETED_MESSAGE_TEXT,
  addDays,
  retentionQueueName,
  todayIso,
  type ChatMessage,
  type CompanionSubmissionInput,
  type EventData,
} from '@safarsaathi/contracts';
import { EventBus, createLogger, type ServiceDeps } from '@safarsaathi/platform';
import { createSignedInUser, waitFor, type ApiClient } from '@safarsaathi/platform/src/testing';
import { startTestStack, type TestStack } from '../../../test/stack';
import { chatContext } from '../src/app';
import type { ChatConfig } from '../src/config';
import type { StoredConversation } from '../src/persistence/conversations';
import type { Inbox } from '../src/persistence/inboxes';
import type { MessageChunk } from '../src/persistence/message-chunks';
import type { ChatContext } from '../src/use-cases/context';
import { expireMessageTexts } from '../src/use-cases/retention';

const DAY = 86_400_000;
let stack: TestStack;
let ctx: ChatContext;
let bus: EventBus;
beforeAll(async () => {
  stack = await startTestStack({ CHAT_MESSAGES_PER_MINUTE: '1000' });
  ctx = chatContext(stack.chat.deps as ServiceDeps<ChatConfig>);
  bus = new EventBus({
    clientId: 'chat-retention-test',
    brokers: process.env.KAFKA_BROKERS!.split(','),
    logger: createLogger('chat-retention-test', 'silent'),
    topicPrefix: process.env.KAFKA_TOPIC_PREFIX,
  });
  await bus.connect();
});
afterAll(async () => {
  await bus?.disconnect();
  await stack?.stop();
});

const request = (role: 'need' | 'provide', travelDate: string): CompanionSubmissionInput => ({
  serviceType: role,
  airline: 'Air India',
  flightNumber: 'AI 101',
  travelDate,
  confirmedTicket: true,
  passengerName: role === 'need' ? 'Kamala Rao' : 'Ravi Nair',
  passengerAge: role === 'need' ? 72 : 34,
  passengerGender: role === 'need' ? 'female' : 'male',
  languagesKnown: 'Tamil, English',
  fromAirport: 'DEL',
  toAirport: 'JFK',
});

async function posted(client: ApiClient, input: CompanionSubmissionInput): Promise<string> {
  const answer = await client.post<{ caseid: string }>('/api/companions/requests', input);
  expect(answer.status).toBe(200);
  return answer.body.caseid;
}

/** Two travellers with a request each, in a conversation; `matchedFor`: matched for a trip on that day. */
async function conversation(travelDate: string, matchedFor?: string) {
  const asha = await createSignedInUser(stack.gatewayUrl, { fullname: 'Asha Rao' });
  const ravi = await createSignedInUser(stack.gatewayUrl, { fullname: 'Ravi Nair' });
  const users = stack.auth.deps.mongo.collection('users');
  const idOf = async (email: string) => String((await users.findOne({ email }))!._id);
  const need = await posted(asha.client, request('need', travelDate));
  const provide = await posted(ravi.client, request('provide', travelDate));
  if (matchedFor) {
    const summary = (firstName: string) => ({
      firstName,
      flight: 'AI 101',
      date: matchedFor,
      dateTo: null,
      from: 'DEL',
      to: 'JFK',
    });
    const match: EventData<'match_found'> = {
      matchId: `${need}:${provide}`,
      needCaseid: need,
      needUserId: await idOf(asha.email),
      provideCaseid: provide,
      provideUserId: await idOf(ravi.email),
      match_details: {
        overall_status: 'complete_match',
        main_flight: { status: 'same_flight' },
        layovers: [],
      },
      needSummary: summary('Kamala'),
      provideSummary: summary('Ravi'),
    };
    await bus.publish('match_found', `${need}:${provide}`, match);
    await waitFor(
      async () => ((await ctx.requests.findOne({ _id: need }).lean())?.travelDate ? true : undefined),
      20_000,
    );
  }
  const id = await waitFor(async () => {
    const answer = await asha.client.post<{ conversation_id: string }>(
      '/api/chat/create-search-conversation',
      {
        target_caseid: provide,
        user_caseid: need,
      },
    );
    return answer.status === 200 ? answer.body.conversation_id : undefined;
  }, 20_000);
  return { asha, ravi, id };
}

const stored = (id: string) => ctx.conversations.findOne({ _id: id }).lean<StoredConversation>();
const messagesOf = async (client: ApiClient, id: string) =>
  (await client.get<{ messages: ChatMessage[] }>(`/api/chat/conversations/${id}/messages`)).body.messages;

test('the words go 180 days after the last message: every chunk, the previews and the flags', async () => {
  const { asha, ravi, id } = await conversation(addDays(todayIso(), 3));
  // 55 messages: a full chunk moves to message_chunks, the rest stay in the conversation.
  for (let n = 1; n <= 55; n += 1) {
    const sender = n % 2 === 1 ? asha : ravi;
    const text = n === 5 ? 'Please carry a parcel for my cousin, I will pay you 5000' : `message ${n}`;
    expect(
      (await sender.client.post(`/api/chat/conversations/${id}/messages`, { message_text: text })).status,
    ).toBe(200);
  }
  const before = await stored(id);
  const lastSent = new Date(before!.lastMessage!.sentAt).getTime();
  const chunk = await ctx.chunks.findOne({ _id: `${id}:0` }).lean<MessageChunk>();
  expect(chunk!.messages).toHaveLength(50);
  expect(chunk!.messages[4]!.flags?.length).toBeGreaterThan(0);

  // 179 days on: nothing changes (travel was three days from now, so it counts from the last message).
  expect(await expireMessageTexts(ctx, new Date(lastSent + 179 * DAY))).toEqual({
    conversations: 0,
    messages: 0,
  });
  expect((await messagesOf(asha.client, id))[0]!.message_text).toBe('message 1');

  // 181 days on: every text is gone.
  const done = await expireMessageTexts(ctx, new Date(lastSent + 181 * DAY));
  expect(done.conversations).toBeGreaterThanOrEqual(1);
  const after = await stored(id);
  expect(after!.recent.every((message) => message.text === '' && message.deleted && !message.flags)).toBe(
    true,
  );
  expect(after!.lastMessage!.text).toBe(DELETED_MESSAGE_TEXT);
  const emptied = await ctx.chunks.findOne({ _id: `${id}:0` }).lean<MessageChunk>();
  expect(emptied!.messages.every((message) => message.text === '' && message.deleted && !message.flags)).toBe(
    true,
  );
  expect(emptied!.messages.map((message) => message.seq)).toEqual(
    chunk!.messages.map((message) => message.seq),
  );
  for (const client of [asha.client, ravi.client]) {
    const messages = await messagesOf(client, id);
    expect(messages).toHaveLength(55);
    expect(new Set(messages.map((message) => message.message_text))).toEqual(new Set([DELETED_MESSAGE_TEXT]));
    expect(messages.every((message) => message.safety_flags.length === 0)).toBe(true);
  }
  const users = stack.auth.deps.mongo.collection('users');
  const ashaId = String((await users.findOne({ email: asha.email }))!._id);
  const inbox = await ctx.inboxes.findOne({ _id: ashaId }).lean<Inbox>();
  expect(inbox!.conversations[id]!.lastText).toBe(DELETED_MESSAGE_TEXT);
  expect(JSON.stringify(await stored(id))).not.toContain('parcel');

  // Done once: the next run has nothing to do for it, and a new message lives its own 180 days.
  expect((await expireMessageTexts(ctx, new Date(lastSent + 182 * DAY))).messages).toBe(0);
  expect(
    (await ravi.client.post(`/api/chat/conversations/${id}/messages`, { message_text: 'Still there?' }))
      .status,
  ).toBe(200);
  await expireMessageTexts(ctx, new Date(Date.now() + 179 * DAY));
  expect((await messagesOf(asha.client, id)).at(-1)!.message_text).toBe('Still there?');
});

test('a conversation about a trip is kept until 180 days after its travel date, when that comes later', async () => {
  const travel = addDays(todayIso(), 40);
  const { asha, id } = await conversation(travel, travel);
  expect(
    (await asha.client.post(`/api/chat/conversations/${id}/messages`, { message_text: 'See you at gate 14' }))
      .status,
  ).toBe(200);
  const lastSent = new Date((await stored(id))!.lastMessage!.sentAt).getTime();
  // Past the last message's 180 days, not past the trip's: kept.
  await expireMessageTexts(ctx, new Date(lastSent + 200 * DAY));
  expect((await messagesOf(asha.client, id))[0]!.message_text).toBe('See you at gate 14');
  // Past both.
  await expireMessageTexts(ctx, new Date(Date.parse(`${addDays(travel, 181)}T12:00:00Z`)));
  expect((await messagesOf(asha.client, id))[0]!.message_text).toBe(DELETED_MESSAGE_TEXT);
});

test('the job is scheduled on the chat service’s retention queue (one schedule however many instances)', async () => {
  const queue = new Queue(retentionQueueName('chat'), {
    connection: stack.chat.deps.redis,
    prefix: process.env.QUEUE_PREFIX,
  });
  try {
    const schedulers = await queue.getJobSchedulers();
    expect(schedulers.filter((scheduler) => scheduler.key === 'chat-message-text')).toHaveLength(1);
    expect(schedulers.find((scheduler) => scheduler.key === 'chat-message-text')?.every).toBe(6 * 3600_000);
  } finally {
    await queue.close();
  }
});
