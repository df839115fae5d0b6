/**
 * Consents take effect at once in the notifications service (issue 40): withdrawn trip e-mails are not sent
 * (the in-app notice still comes), also when the e-mail was queued before the withdrawal; given again, they
 * are; withdrawing push removes the devices subscribed until then, and a device subscribed after stays.
 */
import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Queue } from 'bullmq';
import { QUEUES, type EmailJob } from '@safarsaathi/contracts';
import { EventBus, createLogger } from '@safarsaathi/platform';
import {
  createMailClient,
  createSignedInUser,
  waitFor,
  type ApiClient,
} from '@safarsaathi/platform/src/testing';
import { startTestStack, type TestStack } from '../../../test/stack';
import { newVapidKeys } from '../src/config';
import { notificationStore } from '../src/persistence/notifications';
import { pushStore, type PushDevices } from '../src/persistence/push';
import { recipientModel, type Recipient } from '../src/persistence/recipients';

let stack: TestStack;
let bus: EventBus;
let receiver: http.Server;
let origin: string;
let emailQueue: Queue<EmailJob>;
const mail = createMailClient();
const vapid = newVapidKeys();

beforeAll(async () => {
  // A push service that takes every push (the devices here only need to be accepted at subscription).
  receiver = http.createServer((req, res) => req.resume().on('end', () => res.writeHead(201).end()));
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  stack = await startTestStack({
    PUSH_TEST_RECEIVER_ORIGIN: origin,
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
  });
  bus = new EventBus({
    clientId: 'consents-test',
    brokers: process.env.KAFKA_BROKERS!.split(','),
    logger: createLogger('consents-test', 'silent'),
    topicPrefix: process.env.KAFKA_TOPIC_PREFIX,
  });
  await bus.connect();
  emailQueue = new Queue<EmailJob>(QUEUES.email, {
    connection: stack.notifications.deps.redis,
    prefix: process.env.QUEUE_PREFIX,
  });
});
afterAll(async () => {
  await emailQueue?.close();
  await bus?.disconnect();
  await stack?.stop();
  await new Promise((resolve) => receiver?.close(resolve));
});

async function signedUp() {
  const signedIn = await createSignedInUser(stack.gatewayUrl, { fullname: 'Asha Rao' });
  const account = await stack.auth.deps.mongo.collection('users').findOne({ email: signedIn.email });
  const userId = String(account!._id);
  // Known here (user_registered) before anything is sent to them.
  await waitFor(async () => (await recipient(userId))?.email ?? undefined, 20_000);
  return { ...signedIn, userId };
}

const recipient = (userId: string) =>
  recipientModel(stack.notifications.deps.mongo).findOne({ _id: userId }).lean<Recipient>();

/** Waits until the notifications service has applied the user's latest choice of `purpose`. */
const applied = (userId: string, purpose: 'trip_emails' | 'push', granted: boolean) =>
  waitFor(
    async () => ((await recipient(userId))?.consents?.[purpose]?.granted === granted ? true : undefined),
    20_000,
  );

/** What the product e-mailed the address besides its sign-in codes. */
const notCodes = async (email: string) =>
  (await mail.searchTo(email)).filter((message) => !/verification code/i.test(message.Subject));
const isNotCode = (message: { Subject: string }) => !/verification code/i.test(message.Subject);

const choose = async (client: ApiClient, purpose: string, granted: boolean) =>
  expect((await client.put(`/api/me/consents/${purpose}`, { granted })).status).toBe(200);

async function matchFor(userId: string): Promise<string> {
  const needCaseid = 'SC-CNS' + randomUUID().slice(0, 6).toUpperCase();
  const provideCaseid = 'SC-CNS' + randomUUID().slice(0, 6).toUpperCase();
  const matchId = `match-${randomUUID()}`;
  await bus.publish('match_found', `${needCaseid}:${provideCaseid}`, {
    matchId,
    needCaseid,
    needUserId: userId,
    provideCaseid,
    provideUserId: `companion-${randomUUID()}`,
    match_details: { overall_status: 'complete_match', main_flight: { status: 'same_flight' }, layovers: [] },
  });
  const { feeds } = notificationStore(stack.notifications.deps.mongo);
  await waitFor(
    async () =>
      (await feeds.findOne({ _id: userId }).lean())?.items.some(
        (item) => item.sourceKey === `match_found:${matchId}`,
      )
        ? true
        : undefined,
    20_000,
  );
  return matchId;
}

test('withdrawn trip e-mails are not sent, the notice still comes; given again, the next one is', async () => {
  const asha = await signedUp();
  await choose(asha.client, 'trip_emails', false);
  await applied(asha.userId, 'trip_emails', false);

  const unsent = await matchFor(asha.userId);
  // The notice is in the feed; its e-mail is never queued.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  expect(await emailQueue.getJob(`match-${unsent}-${asha.userId}`)).toBeUndefined();
  expect(await notCodes(asha.email)).toEqual([]);

  await choose(asha.client, 'trip_emails', true);
  await applied(asha.userId, 'trip_emails', true);
  await matchFor(asha.userId);
  await mail.waitForMessageTo(asha.email, { timeoutMs: 20_000, predicate: isNotCode });
  expect(await notCodes(asha.email)).toHaveLength(1);
});

test('an e-mail queued before the withdrawal is not sent either: the worker checks again', async () => {
  const ravi = await signedUp();
  await choose(ravi.client, 'trip_emails', false);
  await applied(ravi.userId, 'trip_emails', false);
  const queued = await emailQueue.add(
    'match_found',
    {
      to: ravi.email,
      userId: ravi.userId,
      purpose: 'match_found',
      subject: 'A companion for your trip',
      text: 'Queued before the withdrawal reached this service.',
    },
    { jobId: `consents-test-${randomUUID()}` },
  );
  const outcome = await waitFor(async () => {
    const job = await emailQueue.getJob(queued.id!);
    return (await job?.isCompleted()) ? job!.returnvalue : undefined;
  }, 20_000);
  expect(outcome).toBe('no-consent');
  expect(await notCodes(ravi.email)).toEqual([]);

  // A support reply is not a trip e-mail: it still goes.
  const reply = await emailQueue.add(
    'case_replied',
    {
      to: ravi.email,
      userId: ravi.userId,
      purpose: 'case_replied',
      subject: 'About your case',
      text: 'Hello.',
    },
    { jobId: `consents-test-${randomUUID()}` },
  );
  await mail.waitForMessageTo(ravi.email, { timeoutMs: 20_000, predicate: isNotCode });
  expect(await (await emailQueue.getJob(reply.id!))?.isCompleted()).toBe(true);
});

function device() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `${origin}/push/${randomUUID()}`,
    expirationTime: null,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
}

test('withdrawing push removes the devices subscribed until then; a device subscribed after stays', async () => {
  const meera = await signedUp();
  const devices = () =>
    pushStore(stack.notifications.deps.mongo)
      .devices.findOne({ _id: meera.userId })
      .lean<PushDevices>()
      .then((doc) => (doc?.devices ?? []).map((entry) => entry.endpoint));
  const [phone, laptop] = [device(), device()];
  for (const each of [phone, laptop])
    expect((await meera.client.post('/api/push/subscriptions', each)).status).toBe(201);
  await choose(meera.client, 'push', true);
  expect((await devices()).sort()).toEqual([phone.endpoint, laptop.endpoint].sort());

  await choose(meera.client, 'push', false);
  await waitFor(async () => ((await devices()).length === 0 ? true : undefined), 20_000);

  // Turning a device on again is a new consent: it stays.
  const tablet = device();
  expect((await meera.client.post('/api/push/subscriptions', tablet)).status).toBe(201);
  await choose(meera.client, 'push', true);
  await applied(meera.userId, 'push', true);
  expect(await devices()).toEqual([tablet.endpoint]);
});
