/**
 * The match e-mail when `match_found` reaches the notifications service before the recipient's
 * `user_registered` (different topics, no order between them): it waits and goes out once the recipient is
 * known, once per match and user, however often the event comes.
 */
import { randomUUID } from 'node:crypto';
import { EventBus, createLogger } from '@safarsaathi/platform';
import { createMailClient, freshEmail, waitFor } from '@safarsaathi/platform/src/testing';
import { startTestStack, type TestStack } from '../../../test/stack';
import { recipientModel } from '../src/persistence/recipients';

let stack: TestStack;
let bus: EventBus;
const mail = createMailClient();

beforeAll(async () => {
  stack = await startTestStack();
  bus = new EventBus({
    clientId: 'match-email-test',
    brokers: process.env.KAFKA_BROKERS!.split(','),
    logger: createLogger('match-email-test', 'silent'),
    topicPrefix: process.env.KAFKA_TOPIC_PREFIX,
  });
  await bus.connect();
});

afterAll(async () => {
  await bus.disconnect();
  await stack.stop();
});

test('a match e-mail waits for a recipient not known yet, then goes out once', async () => {
  const [seekerId, companionId] = [`seeker-${randomUUID()}`, `companion-${randomUUID()}`];
  const [needCaseid, provideCaseid] = ['SC-WAIT' + randomUUID().slice(0, 4).toUpperCase(), 'SC-WAIT' + randomUUID().slice(0, 4).toUpperCase()];
  const match = {
    matchId: `match-${randomUUID()}`,
    needCaseid,
    needUserId: seekerId,
    provideCaseid,
    provideUserId: companionId,
    match_details: { overall_status: 'complete_match' as const, main_flight: { status: 'same_flight' as const }, layovers: [] },
  };
  await bus.publish('match_found', `${needCaseid}:${provideCaseid}`, match);

  // The match was handled (the seeker's in-app notification exists) while nobody was known to e-mail.
  const notifications = stack.notifications.deps.mongo.collection('notifications');
  await waitFor(async () => ((await notifications.countDocuments({ userId: seekerId })) > 0 ? true : undefined), 20_000, 100);
  const recipients = recipientModel(stack.notifications.deps.mongo);
  expect(await recipients.countDocuments({ userId: { $in: [seekerId, companionId] } })).toBe(0);

  // The seeker's registration arrives later; the e-mail follows, without the event coming again.
  const email = freshEmail('late-recipient');
  await bus.publish('user_registered', seekerId, {
    userId: seekerId,
    email,
    fullname: 'Late Seeker',
    phone_number: '+919812345670',
    registeredAt: new Date().toISOString(),
    emailConsent: true,
  });
  const message = await mail.waitForMessageTo(email, { timeoutMs: 20_000, predicate: (m) => m.Subject.includes(needCaseid) });
  expect(message.Subject).toContain('Complete match found');

  // A redelivered match_found sends nothing more.
  await bus.publish('match_found', `${needCaseid}:${provideCaseid}`, match);
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  expect((await mail.searchTo(email)).filter((m) => m.Subject.includes(needCaseid))).toHaveLength(1);
});
