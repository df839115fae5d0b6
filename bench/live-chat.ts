/**
 * The bench's drivers of live events: a conversation has two sides (a user id and a session cookie each);
 * `send` makes one side send a message and answers its sequence number.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { MongoClient } from 'mongodb';
import { SessionStore, type Redis } from '@safarsaathi/platform';
import {
  CONVERSATIONS_COLLECTION,
  conversationIdOf,
  type StoredConversation,
} from '../services/chat/src/persistence/conversations';

export interface Side {
  userId: string;
  cookie: string;
}

export interface Conversation {
  id: string;
  sides: [Side, Side] | Side[];
  seq: number;
}

export interface Driver {
  conversations: Conversation[];
  /** Side `from` sends one message, through gateway number `gateway`; resolves with its sequence number. */
  send: (conversation: Conversation, from: number, gateway: number) => Promise<{ seq: number }>;
  close: () => Promise<void>;
}

/** The chat service's database while the bench runs (its chat instances are started with it). */
export const BENCH_CHAT_DB = 'bench_live_chat';

/**
 * Signed-in users without a sign-in: sessions written straight into Redis, as the seed writes databases
 * (5,000 sign-ins by e-mail code would measure the mail catcher, not the stream).
 */
export async function sessionsFor(redis: Redis, count: number): Promise<Side[]> {
  const store = new SessionStore(redis, 3 * 3600);
  const users: Side[] = [];
  for (let i = 0; i < count; i += 1) {
    const userId = randomBytes(12).toString('hex');
    const { token } = await store.create({ userId, email: `idle.${userId}@bench.invalid` });
    users.push({ userId, cookie: `ss_session=${token}` });
  }
  return users;
}

/**
 * Real messages through `POST /api/chat/conversations/:id/messages` and the chat service, which publishes
 * `chat.message` itself. The conversations are written into the bench's chat database beforehand, in
 * the service's layout (starting one through the contact flow needs two companion requests each).
 */
export async function chatDriver(
  gateways: string[],
  redis: Redis,
  count: number,
  log: (line: string) => void,
): Promise<Driver> {
  const mongo = new MongoClient(process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27017');
  await mongo.connect();
  const db = mongo.db(BENCH_CHAT_DB);
  const people = await sessionsFor(redis, count * 2);
  const now = new Date();
  const conversations: Conversation[] = [];
  const documents: StoredConversation[] = [];
  for (let i = 0; i < count; i += 1) {
    const [a, b] = [people[2 * i]!, people[2 * i + 1]!];
    const id = conversationIdOf('companion', a.userId, b.userId);
    const participantIds = [a.userId, b.userId].sort() as [string, string];
    documents.push({
      _id: id,
      rev: 1,
      participantIds,
      service_type: 'companion',
      names: { [a.userId]: `Bench A${i}`, [b.userId]: `Bench B${i}` },
      deletedIds: [],
      seq: 0,
      reads: { [a.userId]: 0, [b.userId]: 0 },
      lastMessage: null,
      recent: [],
      blockedBy: [],
      createdBy: a.userId,
      createdAt: now,
      updatedAt: now,
      pendingEvents: [],
      hasPendingEvents: false,
      outboxVersion: 0,
    });
    conversations.push({ id, sides: [a, b], seq: 0 });
  }
  for (let offset = 0; offset < documents.length; offset += 500)
    await db
      .collection<StoredConversation>(CONVERSATIONS_COLLECTION)
      .insertMany(documents.slice(offset, offset + 500));
  log(`  ${count} conversations written to ${BENCH_CHAT_DB}`);

  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const post = (url: string, cookie: string, body: string) =>
    new Promise<{ status: number; text: string }>((resolve, reject) => {
      const request = http.request(
        url,
        {
          method: 'POST',
          agent,
          headers: { cookie, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
        },
      );
      request.on('error', reject);
      request.end(body);
    });
  return {
    conversations,
    send: async (conversation, from, gateway) => {
      const side = conversation.sides[from]!;
      const body = JSON.stringify({ message_text: `Bench message ${conversation.seq + 1}` });
      const path = `/api/chat/conversations/${conversation.id}/messages`;
      // As a load balancer would: an instance that refuses the connection (restarting) passes to the next.
      const answer = await post(`${gateways[gateway]}${path}`, side.cookie, body).catch(() =>
        post(`${gateways[(gateway + 1) % gateways.length]}${path}`, side.cookie, body),
      );
      if (answer.status !== 200)
        throw new Error(`send answered ${answer.status}: ${answer.text.slice(0, 200)}`);
      const { message } = JSON.parse(answer.text) as { message: { seq: number } };
      conversation.seq = Math.max(conversation.seq, message.seq);
      return { seq: message.seq };
    },
    close: async () => {
      agent.destroy();
      await mongo.close();
    },
  };
}

/** Empties the bench's chat database before a run (its own, never the product's). */
export async function resetBenchChat(): Promise<void> {
  const mongo = new MongoClient(process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27017');
  await mongo.connect();
  try {
    await mongo.db(BENCH_CHAT_DB).dropDatabase();
  } finally {
    await mongo.close();
  }
}
