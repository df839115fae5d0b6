/**
 * The chat service through the gateway, on real Kafka, FerretDB/MongoDB and Redis: requests posted to the
 * companion service reach the chat projections over Kafka; matches and synthetic requests are published
 * to this run's topics like the search and companion services would.
 */
import { randomUUID } from 'node:crypto';
import {
  CHAT_LIMITS,
  CHAT_MESSAGES,
  DELETED_MESSAGE_TEXT,
  DELETED_USER_NAME,
  TEXT_MESSAGES,
  TOPICS,
  addDays,
  todayIso,
  type ChatMessage,
  type Conversation,
  type EventData,
  type MessagesResponse,
} from '@safarsaathi/contracts';
import { EventBus, createLogger, signIdentity } from '@safarsaathi/platform';
import {
  ApiClient,
  TopicRecorder,
  createSignedInUser,
  testDatabase,
  testGroup,
  waitFor,
} from '@safarsaathi/platform/src/testing';
import { startTestStack, testEnv, type TestStack } from '../../../test/stack';
import { startChatService } from '../src/app';
import { conversationModel } from '../src/persistence/conversations';
import { chatRequestModel } from '../src/persistence/requests';

type Traveller = Awaited<ReturnType<typeof createSignedInUser>>;

let stack: TestStack;
let bus: EventBus;
let recorder: TopicRecorder;

beforeAll(async () => {
  // A shorter wait for projections than in production, so refusals of unknown case ids stay quick.
  stack = await startTestStack({ CHAT_PROJECTION_WAIT_MS: '2500' });
  bus = new EventBus({
    clientId: 'chat-test',
    brokers: process.env.KAFKA_BROKERS!.split(','),
    logger: createLogger('chat-test', 'silent'),
    topicPrefix: process.env.KAFKA_TOPIC_PREFIX,
  });
  await bus.connect();
  recorder = await TopicRecorder.start([TOPICS.chatConversations, TOPICS.companionRequests]);
});

afterAll(async () => {
  await recorder.stop();
  await bus.disconnect();
  await stack.stop();
});

const inDays = (days: number) => addDays(todayIso(), days);

function companionRequest(role: 'need' | 'provide', overrides: Record<string, unknown> = {}) {
  return {
    serviceType: role,
    fromAirport: 'DEL',
    toAirport: 'JFK',
    airline: 'Air India',
    flightNumber: 'AI 101',
    travelDate: inDays(30),
    confirmedTicket: true,
    passengerName: role === 'need' ? 'Kamala Devi' : 'Arjun Mehta',
    passengerAge: role === 'need' ? 74 : 31,
    passengerGender: role === 'need' ? 'female' : 'male',
    languagesKnown: 'Hindi, English',
    freeService: true,
    connectingFlights: [],
    ...overrides,
  };
}

async function traveller(fullname: string): Promise<Traveller> {
  return createSignedInUser(stack.gatewayUrl, { fullname });
}

interface Posted {
  caseid: string;
  /** The owner's user id (the API never shows it; the chat projection knows it). */
  userId: string;
}

/** Posts a companion request and waits until the chat service has heard of it. */
async function requestOf(user: Traveller, role: 'need' | 'provide' = 'need'): Promise<Posted> {
  const result = await user.client.post('/api/companions/requests', companionRequest(role));
  expect(result.status).toBe(200);
  const caseid = String(result.body.caseid);
  const request = await projected(caseid, (r) => r.status === 'active');
  return { caseid, userId: request.ownerId };
}

async function projected(
  caseid: string,
  predicate: (request: { status: string; matchedWith: string | null; ownerId: string }) => boolean,
) {
  const requests = chatRequestModel(stack.chat.deps.mongo);
  return waitFor(
    async () => {
      const request = await requests.findOne({ _id: caseid }).lean();
      return request && predicate(request) ? request : undefined;
    },
    20_000,
    100,
  );
}

/** A request of a synthetic owner (no account), published as the companion service would. */
async function syntheticRequest(
  ownerId = `synthetic-${randomUUID()}`,
): Promise<{ caseid: string; ownerId: string }> {
  const caseid = `SC-T${randomUUID().slice(0, 8).toUpperCase()}`;
  const data: EventData<'request_created'> = {
    caseid,
    ownerId,
    ownerFirstName: 'Synthetic',
    service_type: 'companion',
    role: 'provide',
    from_airport: 'DEL',
    to_airport: 'JFK',
    date: inDays(30),
    tentative_from_date: null,
    tentative_to_date: null,
    confirmed_ticket: true,
    airlines: 'Air India',
    flight_number: 'AI101',
    layovers: [],
    passenger_name: 'Synthetic Person',
    passenger_age: 40,
    passenger_gender: 'male',
    languages_known: 'Hindi',
    companion_price: 0,
    description: null,
    createdAt: new Date().toISOString(),
  };
  await bus.publish('request_created', caseid, data);
  await projected(caseid, (r) => r.status === 'active');
  return { caseid, ownerId };
}

async function publishMatch(need: Posted, provide: Posted) {
  const envelope = await bus.publish('match_found', `${need.caseid}:${provide.caseid}`, {
    matchId: `${need.caseid}:${provide.caseid}`,
    needCaseid: need.caseid,
    needUserId: need.userId,
    provideCaseid: provide.caseid,
    provideUserId: provide.userId,
    match_details: { overall_status: 'match', main_flight: { status: 'same_route' }, layovers: [] },
  });
  await projected(need.caseid, (r) => r.matchedWith === provide.caseid);
  return envelope;
}

/** Waits until the chat consumer has handled the event with this id. */
async function handled(type: string, eventId: string): Promise<void> {
  const markers = stack.chat.deps.mongo.collection<{ _id: string }>('processed_events');
  await waitFor(
    async () => (await markers.findOne({ _id: `${testGroup('chat-test')}:${type}|${eventId}` })) ?? undefined,
    20_000,
  );
}

/** Two travellers with active requests and a conversation between them (started by `a` from search). */
async function conversationBetween(a: Traveller, b: Traveller): Promise<string> {
  return (await conversationWithIds(a, b)).id;
}

async function conversationWithIds(
  a: Traveller,
  b: Traveller,
): Promise<{ id: string; aId: string; bId: string }> {
  const own = await requestOf(a, 'need');
  const target = await requestOf(b, 'provide');
  const started = await a.client.post('/api/chat/check-search-contact', {
    target_caseid: target.caseid,
    service_type: 'companion',
  });
  expect(started.status).toBe(200);
  return { id: String(started.body.conversation_id), aId: own.userId, bId: target.userId };
}

const send = (user: Traveller, id: string, text: string) =>
  user.client.post<{ success: true; message: ChatMessage; error?: string }>(
    `/api/chat/conversations/${id}/messages`,
    { message_text: text },
  );
const messagesOf = (user: Traveller, id: string, query = '') =>
  user.client.get<MessagesResponse>(`/api/chat/conversations/${id}/messages${query}`);
const conversationsOf = async (user: Traveller) =>
  (await user.client.get<Conversation[]>('/api/chat/conversations')).body;
const unreadOf = async (user: Traveller) =>
  (await user.client.get<{ unread_count: number }>('/api/chat/unread-count')).body.unread_count;

describe('starting a conversation', () => {
  test('from search: need_case_creation without a request, then one conversation whichever call comes next', async () => {
    const seeker = await traveller('Meera Iyer');
    const companion = await traveller('Rahul Verma');
    const provided = await requestOf(companion, 'provide');
    const target = provided.caseid;

    const before = await seeker.client.post('/api/chat/check-search-contact', {
      target_caseid: target,
      service_type: 'companion',
      target_user_email: companion.email,
    });
    expect(before.status).toBe(200);
    expect(before.body).toEqual({ status: 'need_case_creation' });

    // Right after submitting a request (the contact flow): the chat service may not have heard of it yet.
    const submitted = await seeker.client.post('/api/companions/requests', companionRequest('need'));
    const own = String(submitted.body.caseid);
    const created = await seeker.client.post('/api/chat/create-search-conversation', {
      target_caseid: target,
      user_caseid: own,
      target_user_email: 'ignored@example.test',
    });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      status: 'conversation_created',
      conversation_id: expect.stringMatching(/^c[0-9a-f]{31}$/),
    });
    const id = String(created.body.conversation_id);

    const again = await seeker.client.post('/api/chat/check-search-contact', {
      target_caseid: target,
      service_type: 'companion',
    });
    expect(again.body).toEqual({ status: 'conversation_exists', conversation_id: id });
    // The other direction and the matched pair meet the same conversation.
    const back = await companion.client.post('/api/chat/check-search-contact', {
      target_caseid: own,
      service_type: 'companion',
    });
    expect(back.body).toEqual({ status: 'conversation_exists', conversation_id: id });
    const seekerId = (await projected(own, (r) => r.status === 'active')).ownerId;
    await publishMatch({ caseid: own, userId: seekerId }, provided);
    const matched = await companion.client.post('/api/chat/start-chat', {
      service_type: 'companion',
      user_caseid: target,
      matched_caseid: own,
    });
    expect(matched.body).toEqual({ status: 'conversation_exists', conversation_id: id });

    const [listed] = await conversationsOf(companion);
    expect(listed).toMatchObject({
      conversation_id: id,
      other_participant_name: 'Meera Iyer',
      service_type: 'companion',
      last_message: null,
      unread_count: 0,
      can_send: true,
      blocked_by_me: false,
      other_participant_deleted: false,
    });
    expect((await conversationsOf(seeker))[0]).toMatchObject({
      conversation_id: id,
      other_participant_name: 'Rahul Verma',
    });

    const event = await waitFor(async () =>
      recorder.find((e) => e.type === 'conversation_created' && e.key === id),
    );
    expect((event.data as { participantIds: string[] }).participantIds.sort()).toEqual(
      [seekerId, provided.userId].sort(),
    );
    expect(recorder.events.filter((e) => e.type === 'conversation_created' && e.key === id)).toHaveLength(1);
  });

  test('start-chat with a match, right after match_found, and the same id from search afterwards', async () => {
    const seeker = await traveller('Kamala Devi');
    const companion = await traveller('Arjun Mehta');
    const { caseid: need, userId: needUserId } = await requestOf(seeker, 'need');
    const { caseid: provide, userId: provideUserId } = await requestOf(companion, 'provide');
    // Not matched (yet): refused.
    const early = await seeker.client.post('/api/chat/start-chat', {
      service_type: 'companion',
      user_caseid: need,
      matched_caseid: provide,
    });
    expect(early.status).toBe(409);
    expect(early.body.error).toBe(CHAT_MESSAGES.notMatched);

    // Published without waiting: start-chat waits for the match to reach the chat service.
    void bus.publish('match_found', `${need}:${provide}`, {
      matchId: `${need}:${provide}`,
      needCaseid: need,
      needUserId,
      provideCaseid: provide,
      provideUserId,
      match_details: {
        overall_status: 'complete_match',
        main_flight: { status: 'same_flight' },
        layovers: [],
      },
    });
    const started = await seeker.client.post('/api/chat/start-chat', {
      service_type: 'companion',
      user_caseid: need,
      matched_caseid: provide,
    });
    expect(started.status).toBe(200);
    expect(started.body.status).toBe('conversation_created');
    const fromSearch = await companion.client.post('/api/chat/check-search-contact', {
      target_caseid: need,
      service_type: 'companion',
    });
    expect(fromSearch.body).toEqual({
      status: 'conversation_exists',
      conversation_id: started.body.conversation_id,
    });
  });

  test('refusals: foreign or unknown own case ids, a case not matched with it, oneself, unavailable targets, bad bodies', async () => {
    const a = await traveller('Priya Nair');
    const b = await traveller('Suresh Pillai');
    const aPosted = await requestOf(a, 'need');
    const bPosted = await requestOf(b, 'provide');
    const [aCase, bCase] = [aPosted.caseid, bPosted.caseid];
    const other = await syntheticRequest();

    const foreign = await a.client.post('/api/chat/create-search-conversation', {
      target_caseid: other.caseid,
      user_caseid: bCase,
    });
    expect([foreign.status, foreign.body.error]).toEqual([404, CHAT_MESSAGES.ownRequestRequired]);
    const foreignStart = await a.client.post('/api/chat/start-chat', {
      service_type: 'companion',
      user_caseid: bCase,
      matched_caseid: aCase,
    });
    expect([foreignStart.status, foreignStart.body.error]).toEqual([404, CHAT_MESSAGES.ownRequestRequired]);
    const unknown = await a.client.post('/api/chat/create-search-conversation', {
      target_caseid: other.caseid,
      user_caseid: 'SC-NOSUCHCASE',
    });
    expect([unknown.status, unknown.body.error]).toEqual([404, CHAT_MESSAGES.ownRequestRequired]);

    // A real match, but with another request than the one named.
    await publishMatch(aPosted, bPosted);
    const wrongMatch = await a.client.post('/api/chat/start-chat', {
      service_type: 'companion',
      user_caseid: aCase,
      matched_caseid: other.caseid,
    });
    expect([wrongMatch.status, wrongMatch.body.error]).toEqual([409, CHAT_MESSAGES.notMatched]);

    const self = await a.client.post('/api/chat/check-search-contact', {
      target_caseid: aCase,
      service_type: 'companion',
    });
    expect([self.status, self.body.error]).toEqual([409, CHAT_MESSAGES.withYourself]);
    const selfCreate = await a.client.post('/api/chat/create-search-conversation', {
      target_caseid: aCase,
      user_caseid: aCase,
    });
    expect([selfCreate.status, selfCreate.body.error]).toEqual([409, CHAT_MESSAGES.withYourself]);

    const gone = await b.client.put(`/api/companions/requests/${bCase}/cancel`);
    expect(gone.status).toBe(200);
    await projected(bCase, (r) => r.status === 'cancelled');
    const cancelledTarget = await a.client.post('/api/chat/check-search-contact', {
      target_caseid: bCase,
      service_type: 'companion',
    });
    expect([cancelledTarget.status, cancelledTarget.body.error]).toEqual([
      404,
      CHAT_MESSAGES.targetUnavailable,
    ]);
    const cancelledOwn = await b.client.post('/api/chat/create-search-conversation', {
      target_caseid: aCase,
      user_caseid: bCase,
    });
    expect([cancelledOwn.status, cancelledOwn.body.error]).toEqual([404, CHAT_MESSAGES.ownRequestRequired]);
    const otherService = await a.client.post('/api/chat/check-search-contact', {
      target_caseid: other.caseid,
      service_type: 'ride',
    });
    expect(otherService.status).toBe(404);

    for (const [path, body] of [
      ['/api/chat/check-search-contact', { service_type: 'companion' }],
      ['/api/chat/check-search-contact', { target_caseid: other.caseid, service_type: 'boat' }],
      ['/api/chat/create-search-conversation', { target_caseid: other.caseid }],
      ['/api/chat/start-chat', { user_caseid: aCase }],
    ] as const) {
      const result = await a.client.post(path, body);
      expect(result.status).toBe(400);
      expect(result.body.error).toEqual(expect.any(String));
    }
    expect((await new ApiClient(stack.gatewayUrl).get('/api/chat/conversations')).status).toBe(401);
  });

  test('two racing calls from both sides create one conversation', async () => {
    const a = await traveller('Lakshmi Rao');
    const b = await traveller('Vikram Singh');
    const aPosted = await requestOf(a, 'need');
    const bPosted = await requestOf(b, 'provide');
    const [aCase, bCase] = [aPosted.caseid, bPosted.caseid];
    await publishMatch(aPosted, bPosted);

    const results = await Promise.all([
      a.client.post('/api/chat/check-search-contact', { target_caseid: bCase, service_type: 'companion' }),
      b.client.post('/api/chat/start-chat', {
        service_type: 'companion',
        user_caseid: bCase,
        matched_caseid: aCase,
      }),
      a.client.post('/api/chat/start-chat', {
        service_type: 'companion',
        user_caseid: aCase,
        matched_caseid: bCase,
      }),
      b.client.post('/api/chat/create-search-conversation', { target_caseid: aCase, user_caseid: bCase }),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const ids = new Set(results.map((r) => r.body.conversation_id));
    expect(ids.size).toBe(1);
    expect(results.filter((r) => r.body.status === 'conversation_created')).toHaveLength(1);
    const [id] = [...ids] as string[];
    expect(await conversationModel(stack.chat.deps.mongo).countDocuments({ _id: id })).toBe(1);
    expect((await conversationsOf(a)).map((c) => c.conversation_id)).toEqual([id]);
    expect((await conversationsOf(b)).map((c) => c.conversation_id)).toEqual([id]);
  });

  test('at most 10 new conversations a day: the 11th is 429 with Retry-After; existing ones still open', async () => {
    const opener = await traveller('Anil Kapoor');
    await requestOf(opener, 'need');
    const targets = [];
    for (let i = 0; i < CHAT_LIMITS.newConversationsPerDay + 1; i += 1)
      targets.push(await syntheticRequest());
    for (const target of targets.slice(0, CHAT_LIMITS.newConversationsPerDay)) {
      const result = await opener.client.post('/api/chat/check-search-contact', {
        target_caseid: target.caseid,
        service_type: 'companion',
      });
      expect(result.body.status).toBe('conversation_created');
    }
    const refused = await opener.client.post('/api/chat/check-search-contact', {
      target_caseid: targets.at(-1)!.caseid,
      service_type: 'companion',
    });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe(CHAT_MESSAGES.tooManyConversations);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3600);
    const existing = await opener.client.post('/api/chat/check-search-contact', {
      target_caseid: targets[0]!.caseid,
      service_type: 'companion',
    });
    expect(existing.body.status).toBe('conversation_exists');
    expect(await conversationsOf(opener)).toHaveLength(CHAT_LIMITS.newConversationsPerDay);
  });
});

describe('messages', () => {
  test('sending and reading: order, trimming, exact text, newest page with a cursor, no-store, no e-mail or phone', async () => {
    const a = await traveller('Geeta Menon');
    const b = await traveller('Harish Menon');
    const { id, aId, bId } = await conversationWithIds(a, b);

    const typed = '  Namaste! <b>Are</b> you on AI 101?\nI will wait at gate 12 😊  ';
    const first = await send(a, id, typed);
    expect(first.status).toBe(200);
    expect(first.body.message).toMatchObject({
      seq: 1,
      message_text: typed.trim(),
      is_mine: true,
      is_read: false,
    });
    expect((await send(b, id, 'Yes, see you there')).body.message.seq).toBe(2);
    expect((await send(a, id, 'x'.repeat(CHAT_LIMITS.messageMaxChars))).status).toBe(200);

    const read = await messagesOf(b, id);
    expect(read.status).toBe(200);
    expect(read.headers.get('cache-control')).toBe('no-store');
    expect(read.body.messages.map((m) => [m.seq, m.is_mine])).toEqual([
      [1, false],
      [2, true],
      [3, false],
    ]);
    expect(read.body.messages[0]!.message_text).toBe(typed.trim());
    // Replying moved b's own pointer to 2: only the third message is unread.
    expect(read.body.conversation).toMatchObject({
      conversation_id: id,
      other_participant_name: 'Geeta Menon',
      unread_count: 1,
      can_send: true,
    });
    expect(read.body.has_more).toBe(false);

    const older = await messagesOf(b, id, '?before=3');
    expect(older.body.messages.map((m) => m.seq)).toEqual([1, 2]);
    expect((await messagesOf(b, id, '?before=abc')).status).toBe(400);

    const list = await b.client.get<Conversation[]>('/api/chat/conversations');
    expect(list.headers.get('cache-control')).toBe('no-store');
    const [listed] = list.body;
    expect(listed).toMatchObject({
      last_message: 'x'.repeat(CHAT_LIMITS.lastMessagePreviewChars),
      unread_count: 1,
    });
    const serialized = JSON.stringify([read.body, await messagesOf(a, id), await conversationsOf(a), listed]);
    for (const secret of [a.email, b.email, a.phone.slice(-10), b.phone.slice(-10)])
      expect(serialized).not.toContain(secret);

    // Delivery is at least once: one event per message id, however often it arrived.
    const events = await waitFor(async () => {
      const sent = [
        ...new Map(
          recorder.events.filter((e) => e.type === 'message_sent' && e.key === id).map((e) => [e.id, e]),
        ).values(),
      ];
      return sent.length >= 3 ? sent : undefined;
    });
    expect(events.map((e) => (e.data as { seq: number }).seq)).toEqual([1, 2, 3]);
    expect(events[0]!.data).toEqual({
      conversationId: id,
      messageId: first.body.message.message_id,
      seq: 1,
      senderId: aId,
      recipientIds: [bId],
      sentAt: expect.any(String),
    });
    // No message text travels over Kafka.
    const raw = recorder.raw
      .filter((r) => r.value.includes(id))
      .map((r) => r.value)
      .join('\n');
    expect(raw).not.toContain('Namaste');
    expect(raw).not.toContain('see you there');
  });

  test('the newest 200 come first, older ones with before', async () => {
    const a = await traveller('Deepa Shah');
    const b = await traveller('Mohan Shah');
    const id = await conversationBetween(a, b);
    // Written straight into the store like 240 earlier sends (the per-minute limit would take 8 minutes):
    // four full chunks in their own documents, the fifth inside the conversation.
    const conversations = conversationModel(stack.chat.deps.mongo);
    const chunks = stack.chat.deps.mongo.collection<{
      _id: string;
      conversationId: string;
      index: number;
      messages: unknown[];
    }>('message_chunks');
    const sentAt = new Date();
    const aId = (await conversations.findOne({ _id: id }).lean())!.createdBy;
    const chunkOf = (index: number, count: number) =>
      Array.from({ length: count }, (_, i) => ({
        seq: index * 50 + i + 1,
        senderId: aId,
        text: `message ${index * 50 + i + 1}`,
        sentAt,
      }));
    for (let index = 0; index < 4; index += 1)
      await chunks.insertOne({
        _id: `${id}:${index}`,
        conversationId: id,
        index,
        messages: chunkOf(index, 50),
      });
    await conversations.updateOne(
      { _id: id },
      { $set: { seq: 240, recent: chunkOf(4, 40) }, $inc: { rev: 1 } },
    );

    const newest = await messagesOf(b, id);
    expect(newest.body.messages).toHaveLength(CHAT_LIMITS.messagesPageSize);
    expect(newest.body.messages[0]!.seq).toBe(41);
    expect(newest.body.messages.at(-1)!.message_text).toBe('message 240');
    expect(newest.body.has_more).toBe(true);
    const older = await messagesOf(b, id, '?before=41');
    expect(older.body.messages.map((m) => m.seq)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(older.body.has_more).toBe(false);
    // The next message continues the sequence after them; the 251st opens a new chunk.
    expect((await send(b, id, 'and one more')).body.message.seq).toBe(241);
    for (let i = 242; i <= 251; i += 1)
      expect((await send(i % 2 ? a : b, id, `message ${i}`)).body.message.seq).toBe(i);
    expect(await chunks.countDocuments({ _id: `${id}:4` })).toBe(1);
    const after = await messagesOf(a, id);
    expect(after.body.messages.map((m) => m.seq)).toEqual(Array.from({ length: 200 }, (_, i) => i + 52));
    expect((await conversations.findOne({ _id: id }).lean())!.recent.map((m) => m.seq)).toEqual([251]);
  });

  test('concurrent messages from both sides, through two chat instances, get distinct consecutive sequence numbers', async () => {
    const a = await traveller('Kiran Bedi');
    const b = await traveller('Arun Bedi');
    const { id, aId, bId } = await conversationWithIds(a, b);
    // A second instance of the chat service on the same database: the writes must not lose each other.
    const second = await startChatService(testEnv({ MONGO_DB: testDatabase('chat') }));
    try {
      const direct = (userId: string, text: string) =>
        fetch(`${second.url}/api/chat/conversations/${id}/messages`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...signIdentity(
              { userId, email: `${userId}@example.test`, role: 'user', sessionId: 'test' },
              second.deps.config.INTERNAL_HMAC_SECRET,
            ),
          },
          body: JSON.stringify({ message_text: text }),
        }).then(async (response) => ({
          status: response.status,
          body: (await response.json()) as { message: ChatMessage },
        }));
      // 24 writers queue for one conversation's lock; past its 5 s wait the service answers 503 "busy, try
      // again" before writing anything (platform/src/document-locks.ts), which a loaded CI machine reached
      // once (2026-11-29). A client tries again, so these do too, at most twice: what is checked is that no
      // write is lost or numbered twice across the two instances.
      const tryAgainWhenBusy = async <T extends { status: number }>(post: () => Promise<T>): Promise<T> => {
        let answer = await post();
        for (let again = 0; answer.status === 503 && again < 2; again += 1) answer = await post();
        return answer;
      };
      const results = await Promise.all([
        ...Array.from({ length: 6 }, (_, i) => tryAgainWhenBusy(() => send(a, id, `a via gateway ${i}`))),
        ...Array.from({ length: 6 }, (_, i) => tryAgainWhenBusy(() => direct(aId, `a direct ${i}`))),
        ...Array.from({ length: 6 }, (_, i) => tryAgainWhenBusy(() => send(b, id, `b via gateway ${i}`))),
        ...Array.from({ length: 6 }, (_, i) => tryAgainWhenBusy(() => direct(bId, `b direct ${i}`))),
      ]);
      expect(results.map((r) => r.status)).toEqual(Array(24).fill(200));
      expect(results.map((r) => r.body.message.seq).sort((x, y) => x - y)).toEqual(
        Array.from({ length: 24 }, (_, i) => i + 1),
      );

      const forA = (await messagesOf(a, id)).body;
      const forB = (await messagesOf(b, id)).body;
      expect(forA.messages.map((m) => m.seq)).toEqual(Array.from({ length: 24 }, (_, i) => i + 1));
      expect(forA.messages.map((m) => m.message_text)).toEqual(forB.messages.map((m) => m.message_text));
      const [listedA] = await conversationsOf(a);
      const [listedB] = await conversationsOf(b);
      const last = forA.messages.at(-1)!;
      for (const listed of [listedA, listedB]) expect(listed!.last_message).toBe(last.message_text);
      // Whoever sent last has read everything; the other has read up to their own last message.
      const unread = [await unreadOf(a), await unreadOf(b)];
      const lastOwn = (user: 'a' | 'b') =>
        Math.max(...forA.messages.filter((m) => m.message_text.startsWith(user)).map((m) => m.seq));
      expect(unread).toEqual([24 - lastOwn('a'), 24 - lastOwn('b')]);
    } finally {
      await second.stop();
    }
  });

  test('blank and over-long texts are refused with a clear message', async () => {
    const a = await traveller('Ritu Das');
    const b = await traveller('Sanjay Das');
    const id = await conversationBetween(a, b);
    for (const text of ['', '   ', '\n\t ']) {
      const result = await send(a, id, text);
      expect([result.status, result.body]).toEqual([
        400,
        expect.objectContaining({ error: CHAT_MESSAGES.messageBlank }),
      ]);
    }
    const long = await send(a, id, 'y'.repeat(CHAT_LIMITS.messageMaxChars + 1));
    expect([long.status, long.body.error]).toEqual([400, CHAT_MESSAGES.messageTooLong]);
    const missing = await a.client.post(`/api/chat/conversations/${id}/messages`, {});
    expect([missing.status, missing.body.error]).toEqual([400, CHAT_MESSAGES.messageBlank]);
    expect((await messagesOf(a, id)).body.messages).toEqual([]);
  });

  test('direction overrides and isolates (U+202A-U+202E, U+2066-U+2069) are refused; the marks mixed Urdu text needs are kept', async () => {
    const a = await traveller('Imran Qureshi');
    const b = await traveller('Zoya Ansari');
    const id = await conversationBetween(a, b);
    // "Meet at gate 12" + RIGHT-TO-LEFT OVERRIDE: the rest would read reversed in the other's window.
    for (const text of [
      'Meet at gate 12 \u202eexe.gpj',
      '\u2067rtl\u2069 isolate',
      'embedding \u202a',
      '\u202d',
    ]) {
      const result = await send(a, id, text);
      expect([result.status, result.body.error, (result.body as { code?: string }).code]).toEqual([
        400,
        TEXT_MESSAGES.directionControls,
        'text.directionControls',
      ]);
    }
    expect((await messagesOf(a, id)).body.messages).toEqual([]);
    const marked = 'Shukriya \u200fشکریہ\u200f, see you at the gate';
    const sent = await send(a, id, marked);
    expect(sent.status).toBe(200);
    expect((await messagesOf(b, id)).body.messages.map((message) => message.message_text)).toEqual([marked]);
  });

  test('only the two participants can read, post, mark, block or unblock (404 for anyone else)', async () => {
    const a = await traveller('Farah Khan');
    const b = await traveller('Imran Khan');
    const id = await conversationBetween(a, b);
    expect((await send(a, id, 'private')).status).toBe(200);
    // A participant's read fills the conversation cache: the outsider is refused from the cache as well.
    expect((await messagesOf(b, id)).status).toBe(200);
    const outsider = await traveller('Curious George');
    for (const conversationId of [id, 'cnosuchconversation0000000000000']) {
      const attempts = [
        await outsider.client.get(`/api/chat/conversations/${conversationId}/messages`),
        await outsider.client.post(`/api/chat/conversations/${conversationId}/messages`, {
          message_text: 'hello?',
        }),
        await outsider.client.put(`/api/chat/conversations/${conversationId}/mark-read`),
        await outsider.client.put(`/api/chat/conversations/${conversationId}/block`),
        await outsider.client.delete(`/api/chat/conversations/${conversationId}/block`),
      ];
      for (const attempt of attempts)
        expect([attempt.status, attempt.body.error]).toEqual([404, CHAT_MESSAGES.conversationNotFound]);
    }
    expect(await conversationsOf(outsider)).toEqual([]);
    const [mine] = (await messagesOf(a, id)).body.messages;
    expect(mine).toMatchObject({ message_text: 'private', is_read: false });
    expect((await messagesOf(b, id)).body.conversation.blocked_by_me).toBe(false);
  });

  test('unread counts and ticks through mark-read', async () => {
    const a = await traveller('Nisha Verma');
    const b = await traveller('Karan Verma');
    const { id, bId } = await conversationWithIds(a, b);
    const c = await traveller('Tara Bose');
    const second = await conversationBetween(c, b);

    await send(a, id, 'one');
    await send(a, id, 'two');
    await send(c, second, 'hello from Tara');
    expect(await unreadOf(b)).toBe(3);
    expect(await unreadOf(a)).toBe(0);
    const listed = await conversationsOf(b);
    expect(listed.map((conversation) => [conversation.conversation_id, conversation.unread_count])).toEqual([
      [second, 1],
      [id, 2],
    ]);
    expect((await messagesOf(a, id)).body.messages.map((m) => m.is_read)).toEqual([false, false]);

    const marked = await b.client.put(`/api/chat/conversations/${id}/mark-read`);
    expect(marked.body).toEqual({ success: true, last_read_seq: 2 });
    expect(await unreadOf(b)).toBe(1);
    expect((await conversationsOf(b)).find((x) => x.conversation_id === id)!.unread_count).toBe(0);
    // The sender's ticks.
    expect((await messagesOf(a, id)).body.messages.map((m) => m.is_read)).toEqual([true, true]);

    // Replying moves the replier's own pointer; the first sender now has one unread.
    await send(b, id, 'three');
    expect(await unreadOf(b)).toBe(1);
    expect(await unreadOf(a)).toBe(1);
    expect((await messagesOf(b, id)).body.messages.at(-1)).toMatchObject({
      seq: 3,
      is_mine: true,
      is_read: false,
    });
    await a.client.put(`/api/chat/conversations/${id}/mark-read`);
    expect((await messagesOf(b, id)).body.messages.at(-1)!.is_read).toBe(true);
    expect(await unreadOf(a)).toBe(0);

    const read = await waitFor(async () =>
      recorder.find(
        (e) =>
          e.type === 'messages_read' && e.key === id && (e.data as { readerId: string }).readerId === bId,
      ),
    );
    expect(read.data).toMatchObject({ conversationId: id, lastReadSeq: 2 });
  });

  test('at most 30 messages a minute: the 31st is 429 with Retry-After', async () => {
    const a = await traveller('Rohan Joshi');
    const b = await traveller('Sneha Joshi');
    const id = await conversationBetween(a, b);
    for (let i = 1; i <= CHAT_LIMITS.messagesPerMinute; i += 1)
      expect((await send(a, id, `message ${i}`)).status).toBe(200);
    const refused = await send(a, id, 'one too many');
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe(CHAT_MESSAGES.tooManyMessages);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    // The other participant is not limited by it.
    expect((await send(b, id, 'I am here')).status).toBe(200);
  });
});

describe('safety', () => {
  test('block: neither side can send; only the blocker can unblock', async () => {
    const a = await traveller('Usha Rani');
    const b = await traveller('Pankaj Roy');
    const id = await conversationBetween(a, b);
    await send(b, id, 'hello');

    const blocked = await a.client.put<Conversation>(`/api/chat/conversations/${id}/block`);
    expect(blocked.status).toBe(200);
    expect(blocked.body).toMatchObject({ conversation_id: id, blocked_by_me: true, can_send: false });
    for (const user of [a, b]) {
      const refused = await send(user, id, 'can I?');
      expect([refused.status, refused.body.error]).toEqual([403, CHAT_MESSAGES.sendingClosed]);
    }
    expect((await conversationsOf(b))[0]).toMatchObject({ blocked_by_me: false, can_send: false });
    // The other side's "unblock" lifts nothing.
    expect((await b.client.delete<Conversation>(`/api/chat/conversations/${id}/block`)).body).toMatchObject({
      can_send: false,
    });
    expect((await send(b, id, 'still?')).status).toBe(403);

    const unblocked = await a.client.delete<Conversation>(`/api/chat/conversations/${id}/block`);
    expect(unblocked.body).toMatchObject({ blocked_by_me: false, can_send: true });
    expect((await send(b, id, 'thank you')).status).toBe(200);
    expect((await messagesOf(a, id)).body.messages.map((m) => m.message_text)).toEqual([
      'hello',
      'thank you',
    ]);
  });

  test("a deleted user's conversations show 'Deleted user' and refuse new messages", async () => {
    const a = await traveller('Jaya Prakash');
    const b = await traveller('Leaving Soon');
    const id = await conversationBetween(a, b);
    await send(b, id, 'bye');
    expect((await b.client.delete('/users/delete-account')).status).toBe(200);

    // Erasure (issue 40): her words read "Message deleted", in the list's last message too.
    const [conversation] = await waitFor(async () => {
      const list = await conversationsOf(a);
      return list[0]?.other_participant_deleted && list[0].last_message === DELETED_MESSAGE_TEXT
        ? list
        : undefined;
    }, 20_000);
    expect(conversation).toMatchObject({
      other_participant_name: DELETED_USER_NAME,
      can_send: false,
      last_message: DELETED_MESSAGE_TEXT,
    });
    const refused = await send(a, id, 'are you there?');
    expect([refused.status, refused.body.error]).toEqual([403, CHAT_MESSAGES.otherDeleted]);
    expect((await messagesOf(a, id)).body.conversation.other_participant_name).toBe(DELETED_USER_NAME);
  });
});

describe('events', () => {
  test('re-matching in any order: the released pair can no longer start a chat as a match, their conversation stays; late and repeated events change nothing', async () => {
    const processed = async (type: string, eventId: string) => {
      const markers = stack.chat.deps.mongo.collection<{ _id: string; processedAt?: Date }>(
        'processed_events',
      );
      await waitFor(
        async () =>
          (await markers.findOne({ _id: `${testGroup('chat-test')}:${type}|${eventId}` }))?.processedAt
            ? true
            : undefined,
        20_000,
      );
    };
    const seeker = await traveller('Meera Iyer');
    const first = await traveller('Rahul Verma');
    const second = await traveller('Vikram Das');
    const n = await requestOf(seeker, 'need');
    const c1 = await requestOf(first, 'provide');
    const c2 = await requestOf(second, 'provide');
    const matchOf = (
      provide: Posted,
      needRevision: number,
      provideRevision: number,
    ): EventData<'match_found'> => ({
      matchId: `${n.caseid}:${provide.caseid}`,
      needCaseid: n.caseid,
      needUserId: n.userId,
      provideCaseid: provide.caseid,
      provideUserId: provide.userId,
      match_details: { overall_status: 'match', main_flight: { status: 'same_route' }, layovers: [] },
      needRevision,
      provideRevision,
    });
    const firstMatch = await bus.publish('match_found', n.caseid, matchOf(c1, 1, 1));
    await projected(c1.caseid, (r) => r.matchedWith === n.caseid);
    const started = await first.client.post('/api/chat/start-chat', {
      service_type: 'companion',
      user_caseid: c1.caseid,
      matched_caseid: n.caseid,
    });
    expect(started.body.status).toBe('conversation_created');
    const conversationId = String(started.body.conversation_id);
    expect((await send(first, conversationId, 'Happy to help at the gate')).status).toBe(200);

    // The release arrives before the upgrade's match_found, and the first match_found again after both.
    const release = await bus.publish('match_released', c1.caseid, {
      matchId: firstMatch.data.matchId as string,
      caseid: c1.caseid,
      userId: c1.userId,
      formerCaseid: n.caseid,
      revision: 2,
      reopened: true,
    });
    await projected(c1.caseid, (r) => r.matchedWith === null);
    expect(await projected(n.caseid, () => true)).toMatchObject({ matchedWith: c1.caseid });
    await bus.publish('match_found', n.caseid, matchOf(c2, 2, 1));
    await projected(n.caseid, (r) => r.matchedWith === c2.caseid);
    const late = { ...firstMatch, id: randomUUID() };
    const releasedAgain = { ...release, id: randomUUID() };
    await bus.publishEnvelope(late);
    await bus.publishEnvelope(releasedAgain);
    await processed('match_found', late.id);
    await processed('match_released', releasedAgain.id);
    expect(await projected(n.caseid, () => true)).toMatchObject({ matchedWith: c2.caseid, matchRevision: 2 });
    expect(await projected(c1.caseid, () => true)).toMatchObject({ matchedWith: null, matchRevision: 2 });

    for (const [user, own, other] of [
      [seeker, n, c1],
      [first, c1, n],
    ] as const) {
      const refused = await user.client.post('/api/chat/start-chat', {
        service_type: 'companion',
        user_caseid: own.caseid,
        matched_caseid: other.caseid,
      });
      expect([refused.status, refused.body.error]).toEqual([409, CHAT_MESSAGES.notMatched]);
    }
    // The conversation they had belongs to the two of them: still listed, readable and open.
    expect((await conversationsOf(seeker)).map((c) => c.conversation_id)).toContain(conversationId);
    expect((await messagesOf(seeker, conversationId)).body.messages.map((m) => m.message_text)).toEqual([
      'Happy to help at the gate',
    ]);
    const fresh = await seeker.client.post('/api/chat/start-chat', {
      service_type: 'companion',
      user_caseid: n.caseid,
      matched_caseid: c2.caseid,
    });
    expect(fresh.body.status).toBe('conversation_created');
  });

  test('a redelivered match_found or request_created changes nothing', async () => {
    const a = await traveller('Om Prakash');
    const b = await traveller('Sita Ram');
    const aPosted = await requestOf(a, 'need');
    const bPosted = await requestOf(b, 'provide');
    const [aCase, bCase] = [aPosted.caseid, bPosted.caseid];
    const match = await publishMatch(aPosted, bPosted);
    const started = await a.client.post('/api/chat/start-chat', {
      service_type: 'companion',
      user_caseid: aCase,
      matched_caseid: bCase,
    });
    expect(started.body.status).toBe('conversation_created');

    // The same match again (the same event, and a copy under a new id pairing one side with someone else).
    await bus.publishEnvelope(match);
    const stray = await syntheticRequest();
    const copy = await bus.publish('match_found', `${aCase}:${stray.caseid}`, {
      ...(match.data as EventData<'match_found'>),
      matchId: `${aCase}:${stray.caseid}`,
      provideCaseid: stray.caseid,
      provideUserId: stray.ownerId,
    });
    await handled('match_found', copy.id);
    expect(await projected(aCase, () => true)).toMatchObject({ matchedWith: bCase });
    const again = await a.client.post('/api/chat/start-chat', {
      service_type: 'companion',
      user_caseid: aCase,
      matched_caseid: bCase,
    });
    expect(again.body).toEqual({
      status: 'conversation_exists',
      conversation_id: started.body.conversation_id,
    });
    const strayStart = await a.client.post('/api/chat/start-chat', {
      service_type: 'companion',
      user_caseid: aCase,
      matched_caseid: stray.caseid,
    });
    expect(strayStart.status).toBe(409);

    // A cancelled request stays cancelled when its old request_created arrives again (as is, or as a copy).
    expect((await b.client.put(`/api/companions/requests/${bCase}/cancel`)).status).toBe(200);
    await projected(bCase, (r) => r.status === 'cancelled');
    const created = await waitFor(async () =>
      recorder.find((e) => e.type === 'request_created' && e.key === bCase),
    );
    await bus.publishEnvelope(created);
    const replay = { ...created, id: randomUUID() };
    await bus.publishEnvelope(replay);
    await handled('request_created', replay.id);
    expect(await projected(bCase, () => true)).toMatchObject({ status: 'cancelled' });
    const refused = await a.client.post('/api/chat/check-search-contact', {
      target_caseid: bCase,
      service_type: 'companion',
    });
    expect(refused.status).toBe(404);
  });
});

describe('the trip day in a conversation (issue 21)', () => {
  test("a companion conversation names the caller's own requests matched with the other's, for no one else", async () => {
    const [a, b, c] = await Promise.all([
      traveller('Kamala Devi'),
      traveller('Arjun Mehta'),
      traveller('Ravi Iyer'),
    ]);
    const [need, provide, stranger] = await Promise.all([
      requestOf(a, 'need'),
      requestOf(b, 'provide'),
      requestOf(c, 'provide'),
    ]);
    const started = await a.client.post('/api/chat/check-search-contact', {
      target_caseid: provide.caseid,
      service_type: 'companion',
    });
    expect(started.status).toBe(200);
    const path = `/api/chat/conversations/${String(started.body.conversation_id)}/requests`;
    const caseidsOf = async (user: Traveller, at = path) => {
      const answer = await user.client.get<{ caseids: string[] }>(at);
      expect(answer.status).toBe(200);
      return answer.body.caseids;
    };
    // Talking is not being matched.
    expect(await caseidsOf(a)).toEqual([]);

    await publishMatch(need, provide);
    await waitFor(async () => ((await caseidsOf(a)).length > 0 ? true : undefined), 10_000, 100);
    expect(await caseidsOf(a)).toEqual([need.caseid]);
    expect(await caseidsOf(b)).toEqual([provide.caseid]);
    // Someone outside the conversation learns nothing, not even that it exists.
    expect((await c.client.get(path)).status).toBe(404);

    // A conversation with someone the caller is not matched with names none of the caller's requests.
    const other = await a.client.post('/api/chat/check-search-contact', {
      target_caseid: stranger.caseid,
      service_type: 'companion',
    });
    expect(
      await caseidsOf(a, `/api/chat/conversations/${String(other.body.conversation_id)}/requests`),
    ).toEqual([]);
  });
});
