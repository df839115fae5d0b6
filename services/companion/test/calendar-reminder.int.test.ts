/**
 * The calendar file and the 24-hour reminder (addendum §1.5) against real Kafka, FerretDB/MongoDB, Redis and
 * the mail catcher: the `.ics` parsed back by a calendar parser (node-ical) with the origin airport's zone
 * and the right UTC instant, all day without a time, owner only; the reminder sent exactly once per party
 * with two companion and two notifications instances and a restart of one of each while the job waits,
 * and not at all for a cancelled request or a released match.
 *
 * One stack for the file, with a reminder lead (TRIP_REMINDER_LEAD_MS) that makes every reminder pair of
 * this file fall due DUE_AFTER_MS after the file starts (its departure a few minutes later at DEL,
 * Asia/Kolkata). The jobs wait in Redis through the restart; then the test promotes them (BullMQ's own
 * "run it now") instead of waiting out the delay, so the file neither sleeps nor races the clock.
 */
import { randomInt, randomUUID } from 'node:crypto';
import type { Queue } from 'bullmq';
import ical, { type VEvent } from 'node-ical';
import {
  QUEUES,
  wallTimeIn,
  type CompanionSubmissionInput,
  type EventData,
  type Notification,
} from '@safarsaathi/contracts';
import {
  buildEnvelope,
  createLogger,
  createQueue,
  createRedis,
  type Redis,
  type RunningService,
} from '@safarsaathi/platform';
import { ApiClient, createMailClient, testDatabase, waitFor } from '@safarsaathi/platform/src/testing';
import { testEnv, type TestStack } from '../../../test/stack';
import { startNotificationsService } from '../../notifications/src/app';
import { recipientModel } from '../../notifications/src/persistence/recipients';
import { startCompanionService } from '../src/app';
import { tripId, tripModel, type TripModel, type TripRecord } from '../src/persistence/trips';
import { releaseMatch } from '../src/use-cases/matches';
import { reminderJobId, type TripReminderJob } from '../src/use-cases/trip-reminder';
import { startCompanionHarness, type CompanionHarness, type CompanionTraveller } from './harness';

jest.setTimeout(120_000);

/** The reminders of this file fall due this long after it starts: long after the restart. */
const DUE_AFTER_MS = 10 * 60_000;
const DUE = new Date(Date.now() + DUE_AFTER_MS);
/** Departure: a whole minute at least 3 minutes ahead, so the job only ever waits for the lead. */
const DEPARTS = new Date(Math.ceil((DUE.getTime() + 180_000) / 60_000) * 60_000);
const LEAD_MS = DEPARTS.getTime() - DUE.getTime();
const ORIGIN_ZONE = 'Asia/Kolkata';
const LOCAL = wallTimeIn(DEPARTS, ORIGIN_ZONE);

let harness: CompanionHarness;
let stack: TestStack;
let trips: TripModel;
let redis: Redis;
let queue: Queue<TripReminderJob>;
/** The second instance of each service (beside the stack's), restarted once while the reminders wait. */
let second: { companion: RunningService; notifications: RunningService };
const mail = createMailClient();

const env = (service: string) =>
  testEnv({ MONGO_DB: testDatabase(service), TRIP_REMINDER_LEAD_MS: String(LEAD_MS) });
const startSecond = async () => {
  const [companion, notifications] = await Promise.all([
    startCompanionService(env('companion')),
    startNotificationsService(env('notifications')),
  ]);
  return { companion, notifications };
};

beforeAll(async () => {
  harness = await startCompanionHarness('companion-calendar-test', {
    TRIP_REMINDER_LEAD_MS: String(LEAD_MS),
  });
  stack = harness.stack;
  trips = tripModel(stack.companion.deps.mongo);
  redis = createRedis(process.env.REDIS_URL!, createLogger('calendar-test', 'silent'));
  queue = createQueue<TripReminderJob>(QUEUES.tripReminder, redis, process.env.QUEUE_PREFIX);
  second = await startSecond();
});
afterAll(async () => {
  await Promise.all([second?.companion.stop(), second?.notifications.stop()]);
  await queue?.close();
  redis?.disconnect();
  await harness?.stop();
});

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** A destination of this test's own, so no search service of the run pairs these requests. */
const destination = () => Array.from({ length: 3 }, () => LETTERS[randomInt(0, 26)]).join('');

type Traveller = CompanionTraveller;

const traveller = (fullname: string) => harness.traveller(fullname);
const stored = (caseid: string) => harness.stored(caseid);
const create = (client: ApiClient, input: CompanionSubmissionInput) => harness.create(client, input);

interface Pair {
  seeker: Traveller;
  companion: Traveller;
  need: string;
  provide: string;
  trip: string;
  /** The seeker's submission (an edit sends it again, changed). */
  input: CompanionSubmissionInput;
}

/**
 * A seeker (for Kamala) and a companion (Ravi) on one flight, matched by a match_found on Kafka as search
 * publishes it: the companion service writes the match and schedules the reminder in its handler.
 */
async function matchedPair(
  flight: Partial<CompanionSubmissionInput>,
  people?: Pick<Pair, 'seeker' | 'companion'>,
): Promise<Pair> {
  const { seeker, companion } = people ?? {
    seeker: await traveller('Asha Rao'),
    companion: await traveller('Ravi Nair'),
  };
  const input: CompanionSubmissionInput = {
    serviceType: 'need',
    airline: 'Air India',
    flightNumber: 'AI 101',
    confirmedTicket: true,
    passengerName: 'Kamala Rao',
    passengerAge: 72,
    passengerGender: 'female',
    languagesKnown: 'Tamil, English',
    fromAirport: 'DEL',
    toAirport: destination(),
    travelDate: LOCAL.date,
    ...flight,
  };
  const need = await create(seeker.client, input);
  const provide = await create(companion.client, {
    ...input,
    serviceType: 'provide',
    passengerName: 'Ravi Nair',
    passengerAge: 34,
    passengerGender: 'male',
  });
  const data: EventData<'match_found'> = {
    matchId: randomUUID(),
    needCaseid: need,
    needUserId: seeker.userId,
    provideCaseid: provide,
    provideUserId: companion.userId,
    match_details: { overall_status: 'complete_match', main_flight: { status: 'same_flight' }, layovers: [] },
  };
  await harness.bus.publish('match_found', `${need}:${provide}`, data);
  await waitFor(async () =>
    (await stored(need)).companion_match_caseid === provide &&
    (await stored(provide)).companion_match_caseid === need
      ? true
      : undefined,
  );
  return { seeker, companion, need, provide, trip: tripId(need, provide), input };
}

const calendarPath = (caseid: string) => `/api/companions/requests/${caseid}/calendar.ics`;
const notificationsOf = async (client: ApiClient) =>
  (await client.get<Notification[]>('/api/notifications?limit=50')).body;
const remindersOf = async (client: ApiClient) =>
  (await notificationsOf(client)).filter((n) => n.notification_type === 'trip_reminder');

/** The reminder job of a pair, once its handler has scheduled it. */
const scheduledJob = (pair: Pair) =>
  waitFor(async () => (await queue.getJob(reminderJobId(pair.trip, DUE))) ?? undefined, 20_000);

/** Set up before the reminders fall due: the pair reminded, a pair cancelled and a pair released. */
let reminded: Pair;
let cancelled: Pair;
let released: Pair;

describe('the 24-hour reminder (§1.5)', () => {
  beforeAll(async () => {
    // The same two travellers in three pairs: only the first pair's reminder may reach them.
    reminded = await matchedPair({ departureTime: LOCAL.time });
    cancelled = await matchedPair({ departureTime: LOCAL.time }, reminded);
    released = await matchedPair({ departureTime: LOCAL.time }, reminded);
    // Ravi reads his e-mails in Hindi.
    expect((await reminded.companion.client.put('/api/auth/locale', { locale: 'hi' })).status).toBe(200);
    await waitFor(async () => {
      const recipient = await recipientModel(stack.notifications.deps.mongo)
        .findOne({ _id: reminded.companion.userId })
        .lean();
      return recipient?.locale === 'hi' ? true : undefined;
    });
    // A meeting time written with another offset is shown at the origin, in its zone.
    const meetingAt = new Date(DEPARTS.getTime() - 90 * 60_000);
    const meeting = { place: 'Gate 14, Terminal 3', time: meetingAt.toISOString().replace('.000Z', 'Z') };
    const set = await reminded.seeker.client.put(
      `/api/companions/requests/${reminded.need}/meeting`,
      meeting,
    );
    expect(set.status).toBe(200);

    for (const pair of [reminded, cancelled, released]) await scheduledJob(pair);
    expect(
      (await cancelled.companion.client.put(`/api/companions/requests/${cancelled.provide}/cancel`)).status,
    ).toBe(200);
    // Search re-paired the seeker elsewhere: both sides released (the companion service's own handler).
    const deps = stack.companion.deps;
    for (const [caseid, userId, formerCaseid] of [
      [released.need, released.seeker.userId, released.provide],
      [released.provide, released.companion.userId, released.need],
    ] as const) {
      await releaseMatch(
        { logger: deps.logger, requests: harness.requests, locks: deps.locks, live: deps.live },
        { matchId: randomUUID(), caseid, userId, formerCaseid, revision: 2, reopened: true },
      );
    }

    // The jobs wait in Redis while one instance of each service is stopped and another started.
    expect(await (await scheduledJob(reminded)).getState()).toBe('delayed');
    await Promise.all([second.companion.stop(), second.notifications.stop()]);
    second = await startSecond();
    // Still waiting, each for its due time, after the restart; then their time has come.
    for (const pair of [reminded, cancelled, released]) {
      const job = await scheduledJob(pair);
      expect(await job.getState()).toBe('delayed');
      expect(Math.abs(job.timestamp + job.delay - DUE.getTime())).toBeLessThan(2_000);
      await job.promote();
    }
  });

  test('both parties are told once, in their language, with times at the origin saying which zone', async () => {
    const [seekerNotices, companionNotices] = await waitFor(async () => {
      const both = [await remindersOf(reminded.seeker.client), await remindersOf(reminded.companion.client)];
      return both.every((list) => list.length > 0) ? both : undefined;
    }, 30_000);
    expect(seekerNotices![0]).toMatchObject({
      title: 'Your trip is coming up',
      text: {
        key: 'trip_reminder',
        params: { caseid: reminded.need, date: LOCAL.date, time: LOCAL.time, zone: ORIGIN_ZONE },
      },
    });
    expect(seekerNotices![0]!.message).toContain(`at ${LOCAL.time} (${ORIGIN_ZONE} time)`);
    expect(companionNotices![0]!.text).toMatchObject({ params: { caseid: reminded.provide } });

    const seekerMail = await mail.waitForMessageTo(reminded.seeker.email, {
      timeoutMs: 20_000,
      predicate: (m) => m.Subject.includes(`your trip ${reminded.need}`),
    });
    const meetingLocal = wallTimeIn(new Date(DEPARTS.getTime() - 90 * 60_000), ORIGIN_ZONE);
    expect(seekerMail.Text).toContain(`Departure: ${LOCAL.date} at ${LOCAL.time} (${ORIGIN_ZONE} time)`);
    expect(seekerMail.Text).toContain(
      `Meeting point: Gate 14, Terminal 3, ${meetingLocal.date} at ${meetingLocal.time} (${ORIGIN_ZONE} time)`,
    );
    expect(seekerMail.Text).toContain('Your companion: Ravi');
    expect(seekerMail.Text).toContain('hand-over code');
    const companionMail = await mail.waitForMessageTo(reminded.companion.email, {
      timeoutMs: 20_000,
      // Not the match e-mail, which names the case id too but no departure time.
      predicate: (m) => m.Subject.includes(reminded.provide) && m.Text.includes(LOCAL.time),
    });
    expect(companionMail.Subject).toContain('आपकी यात्रा');
    expect(companionMail.Text).toContain(`${LOCAL.time} बजे (${ORIGIN_ZONE} समय)`);
    expect(companionMail.Text).toContain('Kamala');

    // Once: the trip is marked, and the same event again (a redelivery, a second staging) tells nobody twice.
    const trip = await trips.findOne({ _id: reminded.trip }).lean<TripRecord>();
    expect(trip!.reminder_sent_at).toBeInstanceOf(Date);
    const again = buildEnvelope(
      'trip_reminder_triggered',
      reminded.trip,
      {
        tripId: reminded.trip,
        dueAt: DUE.toISOString(),
        flight: {
          from_airport: 'DEL',
          to_airport: 'XXX',
          date: LOCAL.date,
          airlines: null,
          flight_number: null,
          departure_time: LOCAL.time,
          origin_timezone: ORIGIN_ZONE,
        },
        meeting: null,
        parties: [
          { caseid: reminded.need, userId: reminded.seeker.userId, role: 'need', companionFirstName: 'Ravi' },
          {
            caseid: reminded.provide,
            userId: reminded.companion.userId,
            role: 'provide',
            companionFirstName: 'Kamala',
          },
        ],
      },
      'companion',
    );
    await harness.bus.publishEnvelope(again);
    // Wait until the repeated event was handled: a marker of its id in the notifications database.
    await waitFor(
      async () =>
        (await stack.notifications.deps.mongo.collection<{ _id: string }>('processed_events').findOne({
          _id: { $regex: `:trip_reminder_triggered\\|${again.id}$` },
          processedAt: { $exists: true },
        }))
          ? true
          : undefined,
      20_000,
    );
    expect(await remindersOf(reminded.seeker.client)).toHaveLength(1);
    expect(await remindersOf(reminded.companion.client)).toHaveLength(1);
    // Reminder e-mails only (the match e-mails name the case ids too), of any of the three pairs.
    const reminderMails = async (email: string) =>
      (await mail.searchTo(email)).filter((m) => / (trip|यात्रा) SC-/.test(m.Subject));
    expect((await reminderMails(reminded.seeker.email)).map((m) => m.Subject)).toEqual([
      `SafarSaathi: your trip ${reminded.need} is coming up`,
    ]);
    expect((await reminderMails(reminded.companion.email)).map((m) => m.Subject)).toEqual([
      `SafarSaathi: आपकी यात्रा ${reminded.provide} नज़दीक है`,
    ]);
  });

  test('a cancelled request and a released match get no reminder', async () => {
    // Their jobs ran (promoted with the reminded pair's) and found nobody to remind.
    for (const pair of [cancelled, released]) {
      await waitFor(async () =>
        (await (await scheduledJob(pair)).getState()) === 'completed' ? true : undefined,
      );
      expect(
        (await trips.findOne({ _id: pair.trip }).lean<TripRecord>())!.reminder_sent_at ?? null,
      ).toBeNull();
    }
    // The two travellers' only reminders are the first pair's.
    expect((await remindersOf(reminded.seeker.client)).map((n) => n.text?.params.caseid)).toEqual([
      reminded.need,
    ]);
    expect((await remindersOf(reminded.companion.client)).map((n) => n.text?.params.caseid)).toEqual([
      reminded.provide,
    ]);
  });
});

describe('a new departure time (§1.4 edit)', () => {
  test('moves the reminder; the job of the old time then sends nothing', async () => {
    const pair = await matchedPair({ departureTime: LOCAL.time });
    await scheduledJob(pair);
    // An hour later: the match holds (no search here to release it), the reminder follows.
    const later = wallTimeIn(new Date(DEPARTS.getTime() + 3_600_000), ORIGIN_ZONE);
    const edit = await pair.seeker.client.put(`/api/companions/requests/${pair.need}`, {
      ...pair.input,
      travelDate: later.date,
      departureTime: later.time,
    });
    expect(edit.status).toBe(200);
    const laterDue = new Date(DUE.getTime() + 3_600_000);
    const moved = await waitFor(
      async () => (await queue.getJob(reminderJobId(pair.trip, laterDue))) ?? undefined,
    );
    expect(await moved.getState()).toBe('delayed');

    await (await scheduledJob(pair)).promote();
    await waitFor(async () =>
      (await (await scheduledJob(pair)).getState()) === 'completed' ? true : undefined,
    );
    expect((await trips.findOne({ _id: pair.trip }).lean<TripRecord>())!.reminder_sent_at ?? null).toBeNull();
    expect(await remindersOf(pair.seeker.client)).toEqual([]);
    // The later job still waits for its own time.
    expect(await moved.getState()).toBe('delayed');
  });
});

describe('the calendar file (§1.5)', () => {
  const summer = '2031-07-15';

  test('a known departure time: one VEVENT at the origin airport with its TZID and VTIMEZONE', async () => {
    // JFK in July: New York summer time, UTC-4. 14:30 there is 18:30 UTC.
    const pair = await matchedPair({ fromAirport: 'JFK', travelDate: summer, departureTime: '14:30' });
    const meeting = { place: 'Terminal 4, Door 2', time: '2031-07-15T16:45:00Z' };
    expect(
      (await pair.companion.client.put(`/api/companions/requests/${pair.provide}/meeting`, meeting)).status,
    ).toBe(200);

    const answer = await pair.seeker.client.get<string>(calendarPath(pair.need));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toBe(
      `attachment; filename="safarsaathi-${pair.need}.ics"`,
    );
    const text = answer.body;
    expect(text).toContain('DTSTART;TZID=America/New_York:20310715T143000\r\n');
    const parsed = ical.sync.parseICS(text);
    const events = Object.values(parsed).filter((item): item is VEvent => item?.type === 'VEVENT');
    expect(events).toHaveLength(1);
    const [event] = events;
    expect(event!.start.toISOString()).toBe('2031-07-15T18:30:00.000Z');
    expect(event!.start.tz).toBe('America/New_York');
    expect(Object.values(parsed).some((item) => item?.type === 'VTIMEZONE')).toBe(true);
    expect(text).toMatch(/BEGIN:VTIMEZONE\r\nTZID:America\/New_York\r\n/);
    expect(event!.summary).toBe(`Flight AI101 JFK → ${(await stored(pair.need)).to_airport} with Ravi`);
    expect(event!.location).toBe('Terminal 4, Door 2');
    expect(event!.description).toContain('Departure: 2031-07-15 at 14:30 (America/New_York time)');
    // 16:45 UTC is 12:45 in New York.
    expect(event!.description).toContain(
      'Meeting point: Terminal 4, Door 2, 2031-07-15 at 12:45 (America/New_York time)',
    );
    // The companion's own file names the traveller by first name only.
    const theirs = ical.sync.parseICS(
      (await pair.companion.client.get<string>(calendarPath(pair.provide))).body,
    );
    const their = Object.values(theirs).find((item): item is VEvent => item?.type === 'VEVENT')!;
    expect(their.summary).toMatch(/ with Kamala$/);
    expect(their.description).not.toContain('Rao');

    // A CR in a meeting place (a line of its own in the file) is refused at the door since round 4: free text
    // holds no control characters; the file is unchanged.
    const sneaky = { place: 'Door 2\rATTENDEE:mailto:someone@example.test', time: meeting.time };
    const refused = await pair.companion.client.put(
      `/api/companions/requests/${pair.provide}/meeting`,
      sneaky,
    );
    expect([refused.status, refused.body.code]).toEqual([400, 'text.controlCharacters']);
    const again = (await pair.seeker.client.get<string>(calendarPath(pair.need))).body;
    expect(again).not.toMatch(/ATTENDEE/);
    const kept = Object.values(ical.sync.parseICS(again)).find(
      (item): item is VEvent => item?.type === 'VEVENT',
    );
    expect(kept!.location).toBe('Terminal 4, Door 2');
  });

  test('no departure time: an all-day event on the travel date; Hindi when asked', async () => {
    const seeker = await traveller('Meera Iyer');
    const caseid = await create(seeker.client, {
      serviceType: 'need',
      airline: 'Air India',
      flightNumber: 'AI 102',
      confirmedTicket: true,
      passengerName: 'Lakshmi Iyer',
      passengerAge: 70,
      passengerGender: 'female',
      languagesKnown: 'Tamil',
      fromAirport: 'DEL',
      toAirport: destination(),
      travelDate: summer,
    });
    const answer = await seeker.client.get<string>(calendarPath(caseid));
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('DTSTART;VALUE=DATE:20310715\r\n');
    expect(answer.body).not.toContain('TZID');
    const event = Object.values(ical.sync.parseICS(answer.body)).find(
      (item): item is VEvent => item?.type === 'VEVENT',
    )!;
    expect(event.datetype).toBe('date');
    expect(event.description).toContain('2031-07-15 (Asia/Kolkata date; no departure time given)');
    const hindi = await seeker.client.get<string>(`${calendarPath(caseid)}?lang=hi`);
    expect(hindi.body).toContain('SUMMARY:उड़ान AI102 DEL →');
  });

  test('only the owner: 404 for another user and an unknown case id, 401 signed out, 400 for a bad query', async () => {
    const owner = await traveller('Asha Rao');
    const other = await traveller('Ravi Nair');
    const caseid = await create(owner.client, {
      serviceType: 'need',
      airline: 'Air India',
      flightNumber: 'AI 103',
      confirmedTicket: true,
      passengerName: 'Kamala Rao',
      passengerAge: 72,
      passengerGender: 'female',
      languagesKnown: 'Tamil',
      fromAirport: 'DEL',
      toAirport: destination(),
      travelDate: summer,
      departureTime: '09:05',
    });
    const theirs = await other.client.get<{ error: string }>(calendarPath(caseid));
    expect(theirs.status).toBe(404);
    expect(theirs.body.error).toBe('Companion request not found');
    expect((await other.client.get(calendarPath('SC-NOSUCH1'))).status).toBe(404);
    expect((await new ApiClient(stack.gatewayUrl).get(calendarPath(caseid))).status).toBe(401);
    expect((await owner.client.get(`${calendarPath(caseid)}?lang=fr`)).status).toBe(400);
    // And the owner's, for contrast: DEL has no summer time, 09:05 there is 03:35 UTC.
    const own = await owner.client.get<string>(calendarPath(caseid));
    expect(own.status).toBe(200);
    const event = Object.values(ical.sync.parseICS(own.body)).find(
      (item): item is VEvent => item?.type === 'VEVENT',
    )!;
    expect(event.start.toISOString()).toBe('2031-07-15T03:35:00.000Z');
    expect(event.start.tz).toBe('Asia/Kolkata');
  });
});
