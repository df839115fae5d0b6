/**
 * `npm run bench:chat` (or `npm run bench -- --chat`): the chat benchmark. Hold /tmp/safarsaathi-e2e.lock
 * while it runs (it starts the product on the shared ports):
 *
 *   flock /tmp/safarsaathi-e2e.lock npm run bench:chat
 *
 * It replaces the development chat data with a seed of 10,000 conversations of 50 messages each, written
 * straight into the chat service's database in its own layout (conversations with their newest chunk, inboxes),
 * starts the product (`npm start --no-build`), signs 33 users in, and measures through the gateway at 32
 * concurrent keep-alive connections: posting a message, the conversation list of a user with 200
 * conversations, a conversation's messages, and the unread count. It prints the explain plans of the reads.
 * A measurement, not a test: it never fails on the figures.
 * Options: --conversations N (10000), --messages N (50, at most 50: one chunk), --seconds S (15).
 */
import { randomInt } from 'node:crypto';
import { loadavg } from 'node:os';
import { Kafka, logLevel } from 'kafkajs';
import { MongoClient, type Db } from 'mongodb';
import { TOPICS, type ServiceType } from '@safarsaathi/contracts';
import { createRedis } from '../platform/src/redis';
import { createSignedInUser } from '../platform/src/testing';
import { up } from '../infra/scripts/infra';
import { localStackUrls } from '../infra/scripts/stack-urls';
import {
  CONVERSATIONS_COLLECTION,
  conversationIdOf,
  type StoredConversation,
} from '../services/chat/src/persistence/conversations';
import {
  CHUNK_SIZE,
  MESSAGE_CHUNKS_COLLECTION,
  chunkIdOf,
} from '../services/chat/src/persistence/message-chunks';
import { INBOXES_COLLECTION, entryOf, previewOf, type Inbox } from '../services/chat/src/persistence/inboxes';
import { load, percentile, type LoadResult } from './load';
import { classifyMessage } from '../services/chat/src/safety/classifier';
import { GATEWAY, numberArg, startProduct, stopProduct, waitForProduct } from './product';

const CHAT_DB = 'safarsaathi_chat';
const CONNECTIONS = 32;
const HEAVY_CONVERSATIONS = 200;
const POSTER_CONVERSATIONS = 10;
const SYNTHETIC_USERS = 2000;

const TOTAL = numberArg('conversations', 10_000);
const MESSAGES = Math.min(CHUNK_SIZE, numberArg('messages', 50));
const SECONDS = numberArg('seconds', 15);

const WORDS = [
  'namaste',
  'flight',
  'gate',
  'boarding',
  'Delhi',
  'layover',
  'wheelchair',
  'thank you',
  'see you',
  'my mother',
  'Hindi',
  'seat',
  'terminal 3',
  'coffee',
  'visa',
];
const sentence = () =>
  Array.from({ length: 4 + randomInt(14) }, () => WORDS[randomInt(WORDS.length)]).join(' ');

/**
 * The `chat` group would otherwise replay every event of the development topics first (the search
 * benchmark's 100,000 requests among them) while being measured: it starts at their end instead.
 */
async function moveChatGroupToTheEnd(brokers: string): Promise<void> {
  const admin = new Kafka({
    clientId: 'bench-chat',
    brokers: brokers.split(','),
    logLevel: logLevel.NOTHING,
  }).admin();
  await admin.connect();
  try {
    for (const topic of [TOPICS.companionRequests, TOPICS.searchMatches, TOPICS.authUsers]) {
      const ends = await admin.fetchTopicOffsets(topic);
      await admin.setOffsets({
        groupId: 'chat',
        topic,
        partitions: ends.map((o) => ({ partition: o.partition, offset: o.high })),
      });
    }
  } finally {
    await admin.disconnect();
  }
}

/** The chat read caches of an earlier seed (a miss only ever costs a database read). */
async function forgetCachedViews(redisUrl: string): Promise<void> {
  const redis = createRedis(redisUrl);
  try {
    for await (const keys of redis.scanStream({ match: 'chat:*', count: 1000 }) as AsyncIterable<string[]>)
      if (keys.length) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}

interface Seeded {
  conversations: number;
  messages: number;
  ms: number;
  heavyConversationIds: string[];
  posterConversationIds: string[][];
}

/** Writes conversations, their message chunk and every participant's inbox, in the service's own layout. */
async function seed(db: Db, heavyId: string, posterIds: string[]): Promise<Seeded> {
  const started = Date.now();
  const pairs: Array<[string, string]> = [];
  for (let i = 0; i < HEAVY_CONVERSATIONS; i += 1) pairs.push([heavyId, `bench-chat-h${i}`]);
  posterIds.forEach((posterId, p) => {
    for (let k = 0; k < POSTER_CONVERSATIONS; k += 1) pairs.push([posterId, `bench-chat-p${p}-${k}`]);
  });
  for (let i = 0; pairs.length < TOTAL; i += 1) {
    const a = i % SYNTHETIC_USERS;
    const b = (a + 1 + Math.floor(i / SYNTHETIC_USERS)) % SYNTHETIC_USERS;
    pairs.push([`bench-chat-u${a}`, `bench-chat-u${b}`]);
  }

  const conversations = db.collection<StoredConversation>(CONVERSATIONS_COLLECTION);
  const inboxes = new Map<string, Inbox>();
  const serviceType: ServiceType = 'companion';
  const heavyConversationIds: string[] = [];
  const posterConversationIds: string[][] = posterIds.map(() => []);
  let messageCount = 0;
  for (let offset = 0; offset < pairs.length; offset += 500) {
    const batch = pairs.slice(offset, offset + 500).map(([a, b], i) => {
      const id = conversationIdOf(serviceType, a, b);
      const participantIds = [a, b].sort() as [string, string];
      const createdAt = new Date(Date.now() - (30 + randomInt(60)) * 86_400_000);
      const messages = Array.from({ length: MESSAGES }, (_, m) => ({
        seq: m + 1,
        senderId: m % 2 === 0 ? a : b,
        text: sentence(),
        sentAt: new Date(createdAt.getTime() + (m + 1) * 3_600_000 + randomInt(3_600_000)),
      }));
      const last = messages.at(-1)!;
      const conversation: StoredConversation = {
        _id: id,
        rev: MESSAGES + 1,
        participantIds,
        service_type: serviceType,
        names: { [a]: `Bench ${a.slice(-6)}`, [b]: `Bench ${b.slice(-6)}` },
        deletedIds: [],
        seq: MESSAGES,
        // A few unread messages here and there.
        reads: { [a]: (offset + i) % 3 === 0 ? MESSAGES - 3 : MESSAGES, [b]: MESSAGES },
        lastMessage: {
          seq: last.seq,
          senderId: last.senderId,
          text: previewOf(last.text),
          sentAt: last.sentAt,
        },
        // At most one chunk: it is the newest, inside the conversation (message-chunks.ts).
        recent: messages,
        blockedBy: [],
        createdBy: a,
        createdAt,
        updatedAt: last.sentAt,
        pendingEvents: [],
        hasPendingEvents: false,
        outboxVersion: 0,
      };
      if (a === heavyId) heavyConversationIds.push(id);
      const poster = posterIds.indexOf(a);
      if (poster >= 0) posterConversationIds[poster]!.push(id);
      for (const userId of participantIds) {
        const inbox = inboxes.get(userId) ?? { _id: userId, rev: 0, conversations: {} };
        inbox.conversations[id] = entryOf(conversation, userId);
        inbox.rev += 1;
        inboxes.set(userId, inbox);
      }
      messageCount += messages.length;
      return conversation;
    });
    await conversations.insertMany(batch, { ordered: false });
    if ((offset / 500) % 4 === 0)
      process.stdout.write(`  seeded ${offset + batch.length}/${pairs.length} conversations\n`);
  }
  const allInboxes = [...inboxes.values()];
  for (let offset = 0; offset < allInboxes.length; offset += 500) {
    await db
      .collection<Inbox>(INBOXES_COLLECTION)
      .insertMany(allInboxes.slice(offset, offset + 500), { ordered: false });
  }
  return {
    conversations: pairs.length,
    messages: messageCount,
    ms: Date.now() - started,
    heavyConversationIds,
    posterConversationIds,
  };
}

/** FerretDB's (or MongoDB's) plan for each read the measured calls make. */
async function explainPlans(db: Db, heavyId: string, conversationId: string): Promise<string[]> {
  const lines: string[] = [];
  const reads: Array<[string, string, string]> = [
    ['inboxes', heavyId, 'GET /api/chat/conversations, GET /api/chat/unread-count'],
    [
      CONVERSATIONS_COLLECTION,
      conversationId,
      'GET .../messages (with the newest chunk), POST .../messages (read before the write), the outbox relay',
    ],
    [
      MESSAGE_CHUNKS_COLLECTION,
      chunkIdOf(conversationId, 0),
      'GET .../messages beyond the newest chunk (one read per 50 messages)',
    ],
    ['chat_requests', 'SC-EXAMPLE', 'starting a conversation (projections)'],
    ['chat_users', heavyId, 'starting a conversation (projections)'],
  ];
  for (const [collection, id, usedBy] of reads) {
    const explained = (await db.command({ explain: { find: collection, filter: { _id: id } } })) as Record<
      string,
      unknown
    >;
    const plan = (explained.queryPlanner as { Plan?: unknown; winningPlan?: unknown } | undefined) ?? {};
    lines.push(
      `db.${collection}.find({ _id: ${JSON.stringify(id)} })   // ${usedBy}\n` +
        `  plan: ${JSON.stringify(plan.Plan ?? plan.winningPlan)}  filterPushdown: ${JSON.stringify(explained.filterPushdown ?? 'n/a (MongoDB)')}`,
    );
  }
  return lines;
}

function row(name: string, result: LoadResult, target: number): string {
  const p95 = percentile(result.latencies, 95);
  const rps = result.latencies.length / result.elapsed;
  const failures = result.errors ? ` (${result.errors} errors: ${JSON.stringify(result.errorStatuses)})` : '';
  return `| ${name} | ${percentile(result.latencies, 50).toFixed(1)} ms | ${p95.toFixed(1)} ms | ${percentile(result.latencies, 99).toFixed(1)} ms | ${rps.toFixed(0)} req/s${failures} | p95 <= ${target} ms: ${(p95 / target).toFixed(2)} ${p95 <= target ? '(met)' : '(miss)'} |`;
}

/** What the scam and mule shield adds to a POST: its classifier on sentences like the bench's (issue 37). */
function shieldCost(runs = 100_000): { runs: number; meanMs: number; p99Ms: number } {
  const texts = Array.from({ length: 1000 }, (_, i) =>
    i % 10 === 0
      ? `bench message ${i}: can you carry a small packet for my cousin? ${sentence()}`
      : sentence(),
  );
  const times = new Float64Array(runs);
  for (let i = 0; i < runs; i += 1) {
    const started = process.hrtime.bigint();
    classifyMessage(texts[i % texts.length]!);
    times[i] = Number(process.hrtime.bigint() - started) / 1e6;
  }
  const sorted = [...times].sort((a, b) => a - b);
  return { runs, meanMs: sorted.reduce((a, b) => a + b, 0) / runs, p99Ms: sorted[Math.floor(runs * 0.99)]! };
}

export async function runChatBench(): Promise<void> {
  await up();
  const env = localStackUrls();
  Object.assign(process.env, env);
  const mongo = new MongoClient(env.MONGO_URL);
  await mongo.connect();
  const db = mongo.db(CHAT_DB);
  console.log(`replacing the development chat data (${CHAT_DB}) with the benchmark's...`);
  for (const collection of [CONVERSATIONS_COLLECTION, MESSAGE_CHUNKS_COLLECTION, INBOXES_COLLECTION])
    await db
      .collection(collection)
      .drop()
      .catch(() => undefined);
  await forgetCachedViews(env.REDIS_URL);
  await moveChatGroupToTheEnd(env.KAFKA_BROKERS);

  // The per-user message limit (30 a minute) would cap 32 posters at 16 messages a second: raised to
  // measure the service, still checked (the Redis script runs for every post).
  const product = startProduct({ CHAT_MESSAGES_PER_MINUTE: '1000000' });
  try {
    const ready = await waitForProduct();
    console.log(`product ready after ${(ready / 1000).toFixed(1)} s; signing in 33 users...`);

    const heavy = await createSignedInUser(GATEWAY, { fullname: 'Heavy Talker' });
    const posters = [];
    for (let i = 0; i < CONNECTIONS; i += 1)
      posters.push(
        await createSignedInUser(GATEWAY, { fullname: `Bench Poster ${String.fromCharCode(65 + (i % 26))}` }),
      );
    const users = mongo.db('safarsaathi_auth').collection<{ _id: unknown; email: string }>('users');
    const idOf = async (email: string) => String((await users.findOne({ email }))!._id);
    const heavyId = await idOf(heavy.email);
    const posterIds = await Promise.all(posters.map((p) => idOf(p.email)));

    console.log(`seeding ${TOTAL} conversations of ${MESSAGES} messages...`);
    const seeded = await seed(db, heavyId, posterIds);
    console.log(
      `seeded ${seeded.conversations} conversations, ${seeded.messages} messages in ${(seeded.ms / 1000).toFixed(1)} s`,
    );

    const cookieOf = (client: { cookie: (name: string) => string | undefined }) =>
      `ss_session=${client.cookie('ss_session')}`;
    const heavyCookie = cookieOf(heavy.client);
    const listed = await heavy.client.get<unknown[]>('/api/chat/conversations');
    const firstMessages = await heavy.client.get<{ messages: unknown[] }>(
      `/api/chat/conversations/${seeded.heavyConversationIds[0]}/messages`,
    );
    console.log(
      `the heavy user lists ${listed.body.length} conversations; a conversation returns ${firstMessages.body.messages.length} messages`,
    );

    const plans = await explainPlans(db, heavyId, seeded.heavyConversationIds[0]!);
    console.log('\nexplain plans:\n' + plans.join('\n'));

    const warm = () =>
      load(CONNECTIONS, 2, () => ({
        method: 'GET',
        url: `${GATEWAY}/api/chat/unread-count`,
        cookie: heavyCookie,
      }));
    await warm();
    const conversationsRun = await load(CONNECTIONS, SECONDS, () => ({
      method: 'GET',
      url: `${GATEWAY}/api/chat/conversations`,
      cookie: heavyCookie,
    }));
    const messagesRun = await load(CONNECTIONS, SECONDS, (connection, iteration) => ({
      method: 'GET',
      url: `${GATEWAY}/api/chat/conversations/${seeded.heavyConversationIds[(connection * 7 + iteration) % seeded.heavyConversationIds.length]}/messages`,
      cookie: heavyCookie,
    }));
    const unreadRun = await load(CONNECTIONS, SECONDS, () => ({
      method: 'GET',
      url: `${GATEWAY}/api/chat/unread-count`,
      cookie: heavyCookie,
    }));
    const posterCookies = posters.map((p) => cookieOf(p.client));
    const postRun = await load(CONNECTIONS, SECONDS, (connection, iteration) => {
      const own = seeded.posterConversationIds[connection]!;
      return {
        method: 'POST',
        url: `${GATEWAY}/api/chat/conversations/${own[iteration % own.length]}/messages`,
        cookie: posterCookies[connection]!,
        body: { message_text: `bench message ${iteration}: ${sentence()}` },
      };
    });

    const postRate = postRun.latencies.length / postRun.elapsed;
    console.log(
      `\nload average after the runs: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} (other work on this machine shares the cores)`,
    );
    console.log(
      `\n| call (${CONNECTIONS} connections, ${SECONDS} s each) | p50 | p95 | p99 | throughput | target |`,
    );
    console.log('|---|---|---|---|---|---|');
    console.log(row('POST /api/chat/conversations/:id/messages', postRun, 80));
    console.log(row('GET /api/chat/conversations (200 conversations)', conversationsRun, 50));
    console.log(row(`GET /api/chat/conversations/:id/messages (${MESSAGES} messages)`, messagesRun, 50));
    console.log(row('GET /api/chat/unread-count (200 conversations)', unreadRun, 50));
    console.log(
      `\nposts: ${postRate.toFixed(0)}/s against >= 500/s: ${(postRate / 500).toFixed(2)} ${postRate >= 500 ? '(met)' : '(miss)'}`,
    );
    const shield = shieldCost();
    console.log(
      `the shield's classifier inside each POST (in this process, ${shield.runs} messages like the bench's): ` +
        `mean ${(shield.meanMs * 1000).toFixed(1)} µs, p99 ${(shield.p99Ms * 1000).toFixed(1)} µs per message ` +
        `(${(
          (shield.meanMs /
            percentile(
              [...postRun.latencies].sort((a, b) => a - b),
              50,
            )) *
          100
        ).toFixed(2)} % of a POST's p50)`,
    );
  } finally {
    await stopProduct(product);
    await mongo.close();
  }
}

if (require.main === module) {
  runChatBench().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
