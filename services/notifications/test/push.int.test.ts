/**
 * Web Push (addendum §3) end to end through the gateway, with a local push receiver (PUSH_TEST_RECEIVER_ORIGIN)
 * that does what a push service and a browser do together: it checks the VAPID JWT (ES256, aud = its own
 * origin, sub, exp) against the public key the API publishes, and decrypts the payload (RFC 8291 aes128gcm)
 * with the subscription's own private key and auth secret, made here with node:crypto.
 */
import {
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  randomUUID,
  verify,
  createDecipheriv,
} from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Queue } from 'bullmq';
import {
  serverTexts,
  QUEUES,
  unreadMessagePushText,
  type EventData,
  type PushJob,
  type PushPayload,
} from '@safarsaathi/contracts';
import { EventBus, buildEnvelope, createLogger } from '@safarsaathi/platform';
import { ApiClient, createSignedInUser, waitFor } from '@safarsaathi/platform/src/testing';
import { startTestStack, type TestStack } from '../../../test/stack';
import { newVapidKeys } from '../src/config';
import { pushStore, type PushDevices } from '../src/persistence/push';
import { recipientModel } from '../src/persistence/recipients';

interface Received {
  device: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

const received: Received[] = [];
/** Devices whose "push service" answers this status instead of 201. */
const answers = new Map<string, number>();
let receiver: http.Server;
let origin: string;
let stack: TestStack;
let bus: EventBus;
let pushQueue: Queue<PushJob>;
const vapid = newVapidKeys();

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const device = (req.url ?? '').replace(/^\/push\//, '');
      received.push({ device, headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(answers.get(device) ?? 201).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  stack = await startTestStack({
    PUSH_TEST_RECEIVER_ORIGIN: origin,
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    VAPID_SUBJECT: 'mailto:push-test@safarsaathi.app',
    CHAT_UNREAD_PUSH_DELAY_MS: '1500',
  });
  bus = new EventBus({
    clientId: 'push-test',
    brokers: process.env.KAFKA_BROKERS!.split(','),
    logger: createLogger('push-test', 'silent'),
    topicPrefix: process.env.KAFKA_TOPIC_PREFIX,
  });
  await bus.connect();
  pushQueue = new Queue<PushJob>(QUEUES.push, {
    connection: stack.notifications.deps.redis,
    prefix: process.env.QUEUE_PREFIX,
  });
});

afterAll(async () => {
  await pushQueue?.close();
  await bus?.disconnect();
  await stack?.stop();
  await new Promise((resolve) => receiver?.close(resolve));
});

/** A browser's push subscription: its own P-256 key pair and auth secret, and an endpoint at the receiver. */
function newDevice() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  const id = randomUUID();
  return {
    id,
    ecdh,
    auth,
    json: {
      endpoint: `${origin}/push/${id}`,
      expirationTime: null,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    },
  };
}
type Device = ReturnType<typeof newDevice>;

/** RFC 8291 / RFC 8188 aes128gcm, one record: what the browser does with the subscription's private key. */
function decrypt(device: Device, body: Buffer): string {
  const salt = body.subarray(0, 16);
  const keyIdLength = body[20]!;
  const serverPublic = body.subarray(21, 21 + keyIdLength);
  const record = body.subarray(21 + keyIdLength);
  const shared = device.ecdh.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), device.ecdh.getPublicKey(), serverPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, device.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end > 0 && padded[end] === 0) end -= 1;
  expect(padded[end]).toBe(2);
  return padded.subarray(0, end).toString('utf8');
}

/** The VAPID header (RFC 8292): `vapid t=<JWT>, k=<public key>`, the JWT signed ES256 by that key. */
function checkVapid(headers: http.IncomingHttpHeaders, publicKey: string) {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(headers.authorization ?? '');
  expect(match).not.toBeNull();
  const [, jwt, k] = match!;
  expect(k).toBe(publicKey);
  const [header, claims, signature] = jwt!.split('.') as [string, string, string];
  expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toMatchObject({ alg: 'ES256' });
  const raw = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  expect(signed).toBe(true);
  const payload = JSON.parse(Buffer.from(claims, 'base64url').toString()) as Record<string, unknown>;
  expect(payload.aud).toBe(origin);
  expect(payload.sub).toBe('mailto:push-test@safarsaathi.app');
  const now = Date.now() / 1000;
  expect(payload.exp).toBeGreaterThan(now);
  expect(payload.exp).toBeLessThanOrEqual(now + 24 * 3600);
}

/** The pushes a device has received, decrypted and checked. */
async function pushesTo(device: Device, count = 1): Promise<PushPayload[]> {
  const publicKey = (
    await new ApiClient(stack.gatewayUrl).get<{ public_key: string }>('/api/push/public-key')
  ).body.public_key;
  const got = await waitFor(async () => {
    const mine = received.filter((r) => r.device === device.id);
    return mine.length >= count ? mine : undefined;
  }, 30_000);
  return got.map(({ headers, body }) => {
    expect(headers['content-encoding']).toBe('aes128gcm');
    expect(Number(headers.ttl)).toBeGreaterThan(0);
    checkVapid(headers, publicKey);
    return JSON.parse(decrypt(device, body)) as PushPayload;
  });
}

async function signedIn() {
  const person = await createSignedInUser(stack.gatewayUrl, { fullname: 'Push Traveller' });
  const account = await stack.auth.deps.mongo.collection('users').findOne({ email: person.email });
  return { ...person, userId: String(account!._id) };
}

const caseid = () => `SC-P${randomUUID().slice(0, 6).toUpperCase()}`;
const devicesOf = async (userId: string) =>
  (await pushStore(stack.notifications.deps.mongo).devices.findOne({ _id: userId }).lean<PushDevices>())
    ?.devices ?? [];

async function publishMatch(userId: string) {
  const [needCaseid, provideCaseid] = [caseid(), caseid()];
  const matchId = `${needCaseid}:${provideCaseid}`;
  await bus.publishEnvelope(
    buildEnvelope(
      'match_found',
      matchId,
      {
        matchId,
        needCaseid,
        needUserId: userId,
        provideCaseid,
        provideUserId: `other-${randomUUID()}`,
        match_details: { overall_status: 'match', main_flight: { status: 'same_route' }, layovers: [] },
        // As search sends it: each side by first name with its trip.
        needSummary: {
          firstName: 'Kamala',
          flight: 'AI 105',
          date: '2027-03-10',
          dateTo: null,
          from: 'DEL',
          to: 'EWR',
        },
        provideSummary: {
          firstName: 'Meera',
          flight: 'AI 105',
          date: '2027-03-10',
          dateTo: null,
          from: 'DEL',
          to: 'EWR',
        },
      },
      'search',
    ),
  );
  return needCaseid;
}

async function publishTrip(userId: string, milestone: EventData<'trip_milestone_recorded'>['milestone']) {
  const [mine, theirs] = [caseid(), caseid()];
  const data: EventData<'trip_milestone_recorded'> = {
    tripId: `${theirs}:${mine}`,
    caseid: theirs,
    userId: `other-${randomUUID()}`,
    otherCaseid: mine,
    otherUserId: userId,
    milestone,
    at: new Date().toISOString(),
    travellerFirstName: 'Kamala',
    companionFirstName: 'Arjun',
    trip: { firstName: 'Kamala', flight: 'AI 105', date: '2027-03-10', dateTo: null, from: 'DEL', to: 'EWR' },
  };
  await bus.publishEnvelope(buildEnvelope('trip_milestone_recorded', data.tripId, data, 'companion'));
  return mine;
}

test('signed out: the public key is public, everything else answers 401', async () => {
  const anonymous = new ApiClient(stack.gatewayUrl);
  const key = await anonymous.get<{ public_key: string }>('/api/push/public-key');
  expect(key.status).toBe(200);
  expect(key.body.public_key).toBe(vapid.publicKey);
  const device = newDevice();
  expect((await anonymous.post('/api/push/subscriptions', device.json)).status).toBe(401);
  expect(
    (
      await anonymous.request('DELETE', '/api/push/subscriptions', {
        json: { endpoint: device.json.endpoint },
      })
    ).status,
  ).toBe(401);
  expect((await anonymous.get('/api/push/preferences')).status).toBe(401);
  expect((await anonymous.put('/api/push/preferences', { match: false })).status).toBe(401);
});

test('subscribing refuses endpoints that are not https on a public host, and malformed keys, with 400', async () => {
  const { client } = await signedIn();
  const { keys } = newDevice().json;
  for (const endpoint of [
    'http://fcm.googleapis.com/fcm/send/x',
    'https://127.0.0.1/push',
    'https://2130706433/push',
    'https://10.0.0.7/push',
    'https://169.254.169.254/latest/meta-data',
    'https://[::1]/push',
    'https://[::ffff:127.0.0.1]/push',
    'https://[fe80::1]/push',
    'https://[fd00::1]/push',
    'https://localhost/push',
    'https://fcm.googleapis.com:8080/push',
    `${origin.replace('127.0.0.1', 'localhost')}/push/x`,
    `https://push.example.com/${'x'.repeat(1100)}`,
  ]) {
    const answer = await client.post<{ error: string; code?: string }>('/api/push/subscriptions', {
      endpoint,
      keys,
    });
    expect([endpoint, answer.status]).toEqual([endpoint, 400]);
    expect(answer.body.error).toMatch(/push endpoint/);
  }
  const endpoint = 'https://fcm.googleapis.com/fcm/send/abc';
  for (const bad of [
    { p256dh: 'AAAA', auth: keys.auth },
    { p256dh: keys.p256dh, auth: 'short' },
    { p256dh: Buffer.alloc(65, 1).toString('base64url'), auth: keys.auth },
    { p256dh: keys.p256dh },
  ]) {
    const answer = await client.post('/api/push/subscriptions', { endpoint, keys: bad });
    expect(answer.status).toBe(400);
  }
  // A real push service's address is accepted (nothing is sent to it here).
  expect((await client.post('/api/push/subscriptions', { endpoint, keys })).status).toBe(201);
});

test('a match is pushed: encrypted for the device, signed with VAPID, naming what happened and the screen, never an e-mail', async () => {
  const user = await signedIn();
  const device = newDevice();
  expect((await user.client.post('/api/push/subscriptions', device.json)).status).toBe(201);
  // Subscribing the same browser again changes nothing.
  expect((await user.client.post('/api/push/subscriptions', device.json)).status).toBe(201);
  expect(await devicesOf(user.userId)).toHaveLength(1);
  const mine = await publishMatch(user.userId);
  const [payload] = await pushesTo(device);
  // The push opens the request's card, as the bell does, and names the people and the flight.
  expect(payload).toMatchObject({
    title: serverTexts('en').notifications.match_found.title,
    url: `/companion-service?request=${mine}`,
    kind: 'match',
  });
  expect(payload!.body).toBe(
    "Meera (AI 105, 10 Mar) can be Kamala's companion. Open the request to see the details and start a chat.",
  );
  expect(JSON.stringify(payload)).not.toContain(user.email);
});

test('preferences: all on by default; a kind turned off is not pushed, the others are', async () => {
  const user = await signedIn();
  expect((await user.client.get('/api/push/preferences')).body).toEqual({
    match: true,
    message: true,
    trip: true,
  });
  expect((await user.client.put('/api/push/preferences', { trip: false })).body).toEqual({
    match: true,
    message: true,
    trip: false,
  });
  expect((await user.client.put('/api/push/preferences', {})).status).toBe(400);
  expect((await user.client.put('/api/push/preferences', { trip: 'no' })).status).toBe(400);
  expect((await user.client.put('/api/push/preferences', { email: true })).status).toBe(400);
  expect((await user.client.get('/api/push/preferences')).body).toMatchObject({ trip: false });
  const device = newDevice();
  expect((await user.client.post('/api/push/subscriptions', device.json)).status).toBe(201);

  await publishTrip(user.userId, 'boarded');
  const skipped = await waitFor(async () => {
    const jobs = await pushQueue.getJobs(['completed']);
    return jobs.find((job) => job.data.userId === user.userId && job.data.kind === 'trip');
  }, 30_000);
  expect(skipped.returnvalue).toBe('turned-off');
  await publishMatch(user.userId);
  const pushes = await pushesTo(device);
  expect(pushes.map((p) => p.kind)).toEqual(['match']);
});

test('pushes are in the user’s language (Hindi)', async () => {
  const user = await signedIn();
  expect((await user.client.put('/api/auth/locale', { locale: 'hi' })).status).toBe(200);
  const recipients = recipientModel(stack.notifications.deps.mongo);
  await waitFor(
    async () => ((await recipients.findOne({ _id: user.userId }).lean())?.locale === 'hi' ? true : undefined),
    20_000,
  );
  const device = newDevice();
  expect((await user.client.post('/api/push/subscriptions', device.json)).status).toBe(201);
  const mine = await publishTrip(user.userId, 'met');
  const [payload] = await pushesTo(device);
  expect(payload).toMatchObject({
    title: serverTexts('hi').notifications.milestone_met.title,
    url: `/companion-service?request=${mine}`,
    kind: 'trip',
  });
  expect(payload!.body).toContain('Arjun');
  expect(payload!.body).toContain('Kamala');
});

test('a 410 from the push service removes that subscription; the user’s other device still gets the push', async () => {
  const user = await signedIn();
  const [kept, gone] = [newDevice(), newDevice()];
  answers.set(gone.id, 410);
  for (const device of [kept, gone])
    expect((await user.client.post('/api/push/subscriptions', device.json)).status).toBe(201);
  expect(await devicesOf(user.userId)).toHaveLength(2);
  await publishMatch(user.userId);
  await pushesTo(kept);
  await pushesTo(gone);
  const left = await waitFor(async () => {
    const devices = await devicesOf(user.userId);
    return devices.length === 1 ? devices : undefined;
  }, 20_000);
  expect(left.map((d) => d.endpoint)).toEqual([kept.json.endpoint]);
});

test('one user cannot remove another’s subscription; each removes their own; a browser moves to whoever subscribes it last', async () => {
  const [asha, ravi] = [await signedIn(), await signedIn()];
  const device = newDevice();
  expect((await asha.client.post('/api/push/subscriptions', device.json)).status).toBe(201);
  const foreign = await ravi.client.request('DELETE', '/api/push/subscriptions', {
    json: { endpoint: device.json.endpoint },
  });
  expect(foreign).toMatchObject({ status: 200, body: { success: true, removed: false } });
  expect(await devicesOf(asha.userId)).toHaveLength(1);
  expect((await ravi.client.request('DELETE', '/api/push/subscriptions', { json: {} })).status).toBe(400);

  // Ravi signs in on the same browser and turns notifications on: it is his device now, not Asha's.
  expect((await ravi.client.post('/api/push/subscriptions', device.json)).status).toBe(201);
  expect(await devicesOf(asha.userId)).toHaveLength(0);
  expect(await devicesOf(ravi.userId)).toHaveLength(1);
  const own = await ravi.client.request('DELETE', '/api/push/subscriptions', {
    json: { endpoint: device.json.endpoint },
  });
  expect(own).toMatchObject({ status: 200, body: { success: true, removed: true } });
  expect(await devicesOf(ravi.userId)).toHaveLength(0);
});

test('a chat message not seen within the push delay is pushed (no sender, no text); one read in time is not', async () => {
  const user = await signedIn();
  const device = newDevice();
  expect((await user.client.post('/api/push/subscriptions', device.json)).status).toBe(201);
  const message = (conversationId: string, seq: number, sentAt: Date) => ({
    conversationId,
    messageId: randomUUID(),
    seq,
    senderId: `sender-${randomUUID()}`,
    recipientIds: [user.userId],
    sentAt: sentAt.toISOString(),
  });
  const [seenConversation, unseenConversation] = [`c${randomUUID()}`, `c${randomUUID()}`];
  const seen = message(seenConversation, 1, new Date());
  await bus.publishEnvelope(buildEnvelope('message_sent', seenConversation, seen, 'chat'));
  await bus.publishEnvelope(
    buildEnvelope(
      'messages_read',
      seenConversation,
      {
        conversationId: seenConversation,
        readerId: user.userId,
        lastReadSeq: 1,
        readAt: new Date().toISOString(),
      },
      'chat',
    ),
  );
  const unseen = message(unseenConversation, 1, new Date());
  await bus.publishEnvelope(buildEnvelope('message_sent', unseenConversation, unseen, 'chat'));

  const [payload] = await pushesTo(device);
  expect(payload).toMatchObject({
    title: unreadMessagePushText('en').title,
    body: unreadMessagePushText('en').body,
    url: '/messages',
    kind: 'message',
  });
  const unreadQueue = new Queue(QUEUES.chatUnread, {
    connection: stack.notifications.deps.redis,
    prefix: process.env.QUEUE_PREFIX,
  });
  try {
    const check = await waitFor(async () => {
      const job = (await unreadQueue.getJobs(['completed'])).find(
        (j) => j.name === 'push' && (j.data as { messageId: string }).messageId === seen.messageId,
      );
      return job;
    }, 20_000);
    expect(check.returnvalue).toBe('read');
  } finally {
    await unreadQueue.close();
  }
  expect(received.filter((r) => r.device === device.id)).toHaveLength(1);
});

test('removing a device from someone who only ever set preferences answers removed: false, not a server error', async () => {
  const user = await signedIn();
  expect((await user.client.put('/api/push/preferences', { message: false })).status).toBe(200);
  const answer = await user.client.request('DELETE', '/api/push/subscriptions', {
    json: { endpoint: '0'.repeat(1023) },
  });
  expect(answer).toMatchObject({ status: 200, body: { success: true, removed: false } });
});
