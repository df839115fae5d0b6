/**
 * The match e-mail when `match_found` reaches the notifications service before the recipient's
 * `user_registered` (different topics, no order between them): it waits and goes out once the recipient is
 * known, once per match and user, however often the event comes.
 */
import { randomUUID } from 'node:crypto';
import { MATCH_RELEASED_TEXTS } from '@safarsaathi/contracts';
import { EventBus, createLogger } from '@safarsaathi/platform';
import { createMailClient, freshEmail, waitFor } from '@safarsaathi/platform/src/testing';
import { startTestStack, type TestStack } from '../../../test/stack';
import { recipientModel } from '../src/persistence/recipients';
import { notificationStore } from '../src/persistence/notifications';

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
  const [needCaseid, provideCaseid] = [
    'SC-WAIT' + randomUUID().slice(0, 4).toUpperCase(),
    'SC-WAIT' + randomUUID().slice(0, 4).toUpperCase(),
  ];
  const match = {
    matchId: `match-${randomUUID()}`,
    needCaseid,
    needUserId: seekerId,
    provideCaseid,
    provideUserId: companionId,
    match_details: {
      overall_status: 'complete_match' as const,
      main_flight: { status: 'same_flight' as const },
      layovers: [],
    },
  };
  await bus.publish('match_found', `${needCaseid}:${provideCaseid}`, match);

  // The match was handled (the seeker's in-app notification exists) while nobody was known to e-mail.
  const { feeds } = notificationStore(stack.notifications.deps.mongo);
  await waitFor(
    async () => ((await feeds.findOne({ _id: seekerId }).lean())?.items.length ? true : undefined),
    20_000,
    100,
  );
  const recipients = recipientModel(stack.notifications.deps.mongo);
  expect(await recipients.countDocuments({ _id: { $in: [seekerId, companionId] } })).toBe(0);

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
  const message = await mail.waitForMessageTo(email, {
    timeoutMs: 20_000,
    predicate: (m) => m.Subject.includes(needCaseid),
  });
  // An event from before summaries: the match e-mail of before, with its case id.
  expect(message.Subject).toContain('Companion found on the same flights');

  // A redelivered match_found sends nothing more.
  await bus.publish('match_found', `${needCaseid}:${provideCaseid}`, match);
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  expect((await mail.searchTo(email)).filter((m) => m.Subject.includes(needCaseid))).toHaveLength(1);
});

test('match_released: the released traveller gets one in-app notice and no e-mail, however often the event comes; none for a cancelled request', async () => {
  const releasedId = `released-${randomUUID()}`;
  const caseid = 'SC-REL' + randomUUID().slice(0, 4).toUpperCase();
  const email = freshEmail('released');
  await bus.publish('user_registered', releasedId, {
    userId: releasedId,
    email,
    fullname: 'Released Companion',
    phone_number: '+919812345671',
    registeredAt: new Date().toISOString(),
    emailConsent: true,
  });
  const recipients = recipientModel(stack.notifications.deps.mongo);
  await waitFor(
    async () => ((await recipients.findOne({ _id: releasedId }).lean()) ? true : undefined),
    20_000,
    100,
  );

  // A request cancelled meanwhile gets no notice; published first on the same key, so handled first.
  const cancelledCaseid = 'SC-CAN' + randomUUID().slice(0, 4).toUpperCase();
  await bus.publish('match_released', caseid, {
    matchId: `SC-NEED2:${cancelledCaseid}`,
    caseid: cancelledCaseid,
    userId: releasedId,
    formerCaseid: 'SC-NEED2',
    revision: 2,
    reopened: false,
  });
  const release = {
    matchId: `SC-NEED:${caseid}`,
    caseid,
    userId: releasedId,
    formerCaseid: 'SC-NEED',
    revision: 2,
    // As search sends it: who moved on, and the released request's own trip.
    formerFirstName: 'Kamala',
    summary: {
      firstName: 'Ravi',
      flight: 'AI 173',
      date: '2027-03-10',
      dateTo: null,
      from: 'DEL',
      to: 'LHR',
    },
    reopened: true,
  };
  await bus.publish('match_released', caseid, release);
  const { feeds } = notificationStore(stack.notifications.deps.mongo);
  const notices = async () =>
    ((await feeds.findOne({ _id: releasedId }).lean())?.items ?? []).filter(
      (item) => item.title === MATCH_RELEASED_TEXTS.title,
    );
  const notice = await waitFor(async () => (await notices())[0], 20_000, 100);
  expect(notice).toMatchObject({
    notification_type: 'other',
    service_type: 'companion',
    message: MATCH_RELEASED_TEXTS.message({ other: 'Kamala', flight: 'AI 173', date: '2027-03-10' }),
    is_read: false,
  });

  // Delivered again (a copy under a new id, past the processed-event marker): still one notice.
  await bus.publish('match_released', caseid, release);
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  expect(await notices()).toHaveLength(1);
  expect(await mail.searchTo(email)).toEqual([]);
});

test('a match names people and the flight in the notice and in its e-mail, whose button opens the same card', async () => {
  const [seekerId, companionId] = [`seeker-${randomUUID()}`, `companion-${randomUUID()}`];
  const needCaseid = 'SC-NAME' + randomUUID().slice(0, 4).toUpperCase();
  const provideCaseid = 'SC-NAME' + randomUUID().slice(0, 4).toUpperCase();
  const email = freshEmail('named-match');
  await bus.publish('user_registered', seekerId, {
    userId: seekerId,
    email,
    fullname: 'Meera Iyer',
    phone_number: '+919812345672',
    registeredAt: new Date().toISOString(),
    emailConsent: true,
  });
  const recipients = recipientModel(stack.notifications.deps.mongo);
  await waitFor(
    async () => ((await recipients.findOne({ _id: seekerId }).lean()) ? true : undefined),
    20_000,
    100,
  );
  const trip = { flight: 'AI 105', date: '2027-12-16', dateTo: null, from: 'DEL', to: 'EWR' };
  await bus.publish('match_found', `${needCaseid}:${provideCaseid}`, {
    matchId: `${needCaseid}:${provideCaseid}`,
    needCaseid,
    needUserId: seekerId,
    provideCaseid,
    provideUserId: companionId,
    match_details: { overall_status: 'match', main_flight: { status: 'same_flight' }, layovers: [] },
    needSummary: { firstName: 'Kamala', ...trip },
    provideSummary: { firstName: 'Arjun', ...trip },
  });
  const words =
    "Arjun (AI 105, 16 Dec) can be Kamala's companion. Open the request to see the details and start a chat.";
  const message = await mail.waitForMessageTo(email, {
    timeoutMs: 20_000,
    predicate: (m) => m.Text.includes(words),
  });
  expect(message.Subject).toBe(`SafarSaathi: Companion found for your request ${needCaseid}`);
  expect(message.Text).toContain(
    `Open in SafarSaathi: http://localhost:8080/companion-service?request=${needCaseid}`,
  );
  const { feeds } = notificationStore(stack.notifications.deps.mongo);
  const [notice] = (await feeds.findOne({ _id: seekerId }).lean())!.items.filter(
    (i) => i.notification_type === 'match_found',
  );
  expect(notice?.message).toBe(words);
});
