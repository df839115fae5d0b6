/**
 * The trip day's notices (addendum §1.1, §1.2): trip_meeting_set and trip_milestone_recorded reach the other
 * party of the pair only: one notice per trip for its meeting point, updated to the newest change whatever
 * the order, and one per milestone, however often an event comes, in English and in Hindi.
 */
import { randomUUID } from 'node:crypto';
import { serverTexts, type EventData } from '@safarsaathi/contracts';
import { EventBus, buildEnvelope, createLogger } from '@safarsaathi/platform';
import { waitFor } from '@safarsaathi/platform/src/testing';
import { startTestStack, type TestStack } from '../../../test/stack';
import { notificationStore, type NotificationFeed } from '../src/persistence/notifications';

let stack: TestStack;
let bus: EventBus;

beforeAll(async () => {
  stack = await startTestStack();
  bus = new EventBus({
    clientId: 'trip-notifications-test',
    brokers: process.env.KAFKA_BROKERS!.split(','),
    logger: createLogger('trip-notifications-test', 'silent'),
    topicPrefix: process.env.KAFKA_TOPIC_PREFIX,
  });
  await bus.connect();
});

afterAll(async () => {
  await bus.disconnect();
  await stack.stop();
});

const feedOf = async (userId: string) => {
  const { feeds } = notificationStore(stack.notifications.deps.mongo);
  return (await feeds.findOne({ _id: userId }).lean<NotificationFeed>())?.items ?? [];
};

test('the other party has one meeting notice per trip, updated to the newest change, and one per milestone, redeliveries included', async () => {
  const [actor, other] = [`seeker-${randomUUID()}`, `companion-${randomUUID()}`];
  const [caseid, otherCaseid] = [
    `SC-T${randomUUID().slice(0, 6).toUpperCase()}`,
    `SC-T${randomUUID().slice(0, 6).toUpperCase()}`,
  ];
  const tripId = `${caseid}:${otherCaseid}`;
  const parties = {
    tripId,
    caseid,
    userId: actor,
    otherCaseid,
    otherUserId: other,
    // As the companion service sends them: the pair by first names and the trip's flight.
    travellerFirstName: 'Kamala',
    companionFirstName: 'Arjun',
    trip: { firstName: 'Kamala', flight: 'AI 105', date: '2026-12-01', dateTo: null, from: 'DEL', to: 'EWR' },
  };
  const meeting: EventData<'trip_meeting_set'> = {
    ...parties,
    place: 'Gate 14',
    time: '2026-12-01T06:30:00+05:30',
    updatedAt: new Date().toISOString(),
  };
  const meetingEvent = buildEnvelope('trip_meeting_set', tripId, meeting, 'companion');
  const met: EventData<'trip_milestone_recorded'> = {
    ...parties,
    milestone: 'met',
    at: new Date().toISOString(),
  };
  const metEvent = buildEnvelope('trip_milestone_recorded', tripId, met, 'companion');
  // The same milestone published again as a new event (a retried write): still one notice.
  const metAgain = buildEnvelope('trip_milestone_recorded', tripId, met, 'companion');
  for (const event of [meetingEvent, meetingEvent, metEvent, metEvent, metAgain])
    await bus.publishEnvelope(event);
  // A second meeting change updates that notice (unread again); the first one, delivered late, changes nothing.
  const moved = buildEnvelope(
    'trip_meeting_set',
    tripId,
    {
      ...meeting,
      place: 'Café, Departures',
      updatedAt: new Date(Date.now() + 1000).toISOString(),
      replaced: true,
    },
    'companion',
  );
  await bus.publishEnvelope(moved);
  await bus.publishEnvelope({ ...meetingEvent, id: randomUUID() });
  const landed = buildEnvelope(
    'trip_milestone_recorded',
    tripId,
    { ...met, milestone: 'landed' },
    'companion',
  );
  await bus.publishEnvelope(landed);

  const items = await waitFor(async () => {
    const feed = await feedOf(other);
    return feed.some((item) => item.text?.key === 'milestone_landed') &&
      feed.some((item) => item.text?.key === 'meeting_updated')
      ? feed
      : undefined;
  }, 30_000);
  const meetingNotices = items.filter((item) => item.notification_type === 'meeting_set');
  expect(meetingNotices).toHaveLength(1);
  expect(meetingNotices[0]).toMatchObject({
    is_read: false,
    title: serverTexts('en').notifications.meeting_updated.title,
    revision: moved.data.updatedAt,
  });
  expect(
    items
      .filter((item) => item.notification_type === 'trip_milestone')
      .map((item) => item.text?.key)
      .sort(),
  ).toEqual(['milestone_landed', 'milestone_met']);
  const notice = items.find((item) => item.text?.key === 'milestone_met')!;
  expect(notice).toMatchObject({
    service_type: 'companion',
    title: serverTexts('en').notifications.milestone_met.title,
    text: { params: { caseid: otherCaseid } },
  });
  expect(notice.message).toBe('Arjun and Kamala have met at the airport (AI 105, 1 Dec).');
  // The one who acted hears nothing of it.
  expect(await feedOf(actor)).toEqual([]);
});
