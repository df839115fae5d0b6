/**
 * The trip day (addendum "Beyond the match" §1.1, 1.2, 1.3 and the data of 1.6) through the gateway,
 * against real Kafka, FerretDB/MongoDB and Redis: the meeting point, the milestones with their window,
 * order and hand-over code, the seeker's emergency contact, the family link's fields, and the other
 * party's notifications and live events.
 */
import { randomUUID } from 'node:crypto';
import {
  COMPANION_MESSAGES,
  TRIP_MESSAGES,
  addDays,
  companionRequestViewSchema,
  todayIso,
  type CompanionRequestView,
  type CompanionSubmissionInput,
  type EventData,
  type Notification,
  type SharedTrip,
  type ShareLink,
} from '@safarsaathi/contracts';
import { ApiClient, freshMobileDigits, openEventStream, waitFor } from '@safarsaathi/platform/src/testing';
import type { TestStack } from '../../../test/stack';
import {
  randomRoute,
  startCompanionHarness,
  type CompanionHarness,
  type CompanionTraveller,
} from './harness';
import { tripModel, type TripModel } from '../src/persistence/trips';
import { applyMatch } from '../src/use-cases/matches';

let harness: CompanionHarness;
let stack: TestStack;
let trips: TripModel;
beforeAll(async () => {
  harness = await startCompanionHarness('companion-trip-test');
  stack = harness.stack;
  trips = tripModel(stack.companion.deps.mongo);
});
afterAll(async () => {
  await harness?.stop();
});

const inDays = (days: number) => addDays(todayIso(), days);
const route = randomRoute;

const emergencyPhone = () => `+91${freshMobileDigits()}`;

const needInput = (change: Partial<CompanionSubmissionInput> = {}): CompanionSubmissionInput => ({
  serviceType: 'need',
  airline: 'Air India',
  flightNumber: 'AI 101',
  travelDate: inDays(0),
  confirmedTicket: true,
  passengerName: 'Kamala Rao',
  passengerAge: 72,
  passengerGender: 'female',
  languagesKnown: 'Tamil, English',
  ...route(),
  ...change,
});

type Traveller = CompanionTraveller;

const traveller = (fullname: string) => harness.traveller(fullname);
const stored = (caseid: string) => harness.stored(caseid);
const create = (client: ApiClient, input: CompanionSubmissionInput) => harness.create(client, input);

const viewOf = (client: ApiClient, caseid: string) => harness.viewOf(client, caseid);

interface Pair {
  asha: Traveller;
  ravi: Traveller;
  need: string;
  provide: string;
}

/** A seeker (Asha, for Kamala) and a companion (Ravi) matched on one flight on `date`. */
async function matchedPair(
  date = inDays(0),
  needChange: Partial<CompanionSubmissionInput> = {},
): Promise<Pair> {
  const asha = await traveller('Asha Rao');
  const ravi = await traveller('Ravi Nair');
  const input = needInput({ travelDate: date, ...needChange });
  const need = await create(asha.client, input);
  const provide = await create(ravi.client, {
    ...input,
    serviceType: 'provide',
    passengerName: 'Ravi Nair',
    passengerAge: 34,
    passengerGender: 'male',
    emergencyContactName: undefined,
    emergencyContactPhone: undefined,
  });
  const data: EventData<'match_found'> = {
    matchId: randomUUID(),
    needCaseid: need,
    needUserId: asha.userId,
    provideCaseid: provide,
    provideUserId: ravi.userId,
    match_details: { overall_status: 'complete_match', main_flight: { status: 'same_flight' }, layovers: [] },
  };
  const deps = stack.companion.deps;
  // Search may pair them first (same flight): either way both sides end up naming each other.
  await applyMatch(
    { logger: deps.logger, requests: harness.requests, live: deps.live, locks: deps.locks, trips },
    data,
  );
  await waitFor(async () =>
    (await stored(need)).companion_match_caseid === provide &&
    (await stored(provide)).companion_match_caseid === need
      ? true
      : undefined,
  );
  return { asha, ravi, need, provide };
}

const meetingPath = (caseid: string) => `/api/companions/requests/${caseid}/meeting`;
const milestonePath = (caseid: string) => `/api/companions/requests/${caseid}/milestones`;
const codePath = (caseid: string) => `/api/companions/requests/${caseid}/handover-code`;
const MEETING = { place: 'Gate 14, Terminal 3, by the Air India desk', time: `${inDays(0)}T06:30:00+05:30` };

const notificationsOf = async (client: ApiClient) =>
  (await client.get<Notification[]>('/api/notifications?limit=50')).body;
const waitForNotification = (client: ApiClient, found: (n: Notification) => boolean) =>
  waitFor(async () => (await notificationsOf(client)).find(found), 30_000);

describe('meeting point (§1.1)', () => {
  test('either party sets it on their own request; both views show it, the other party is notified and told live', async () => {
    const { asha, ravi, need, provide } = await matchedPair(inDays(20));
    const raviStream = await openEventStream(stack.gatewayUrl, {
      cookie: `ss_session=${ravi.client.cookie('ss_session')}`,
    });
    expect((await viewOf(asha.client, need)).trip.meeting).toBeNull();

    const set = await asha.client.put<CompanionRequestView>(meetingPath(need), MEETING);
    expect(set.status).toBe(200);
    expect(companionRequestViewSchema.parse(set.body)).toEqual(set.body);
    expect(set.body.caseid).toBe(need);
    expect(set.body.trip.meeting).toEqual({ ...MEETING, set_by: 'me', updated_at: expect.any(String) });

    const live = await raviStream.waitForType('request.trip', 10_000);
    expect(live.body).toEqual({ caseid: provide });
    raviStream.close();
    expect((await viewOf(ravi.client, provide)).trip.meeting).toEqual({
      ...MEETING,
      set_by: 'companion',
      updated_at: set.body.trip.meeting!.updated_at,
    });
    const notice = await waitForNotification(ravi.client, (n) => n.notification_type === 'meeting_set');
    expect(notice).toMatchObject({
      service_type: 'companion',
      title: 'Meeting point set',
      text: {
        key: 'meeting_set',
        params: expect.objectContaining({ caseid: provide, traveller: 'Kamala', companion: 'Ravi' }),
      },
    });
    // The one who set it is not notified of their own change.
    expect((await notificationsOf(asha.client)).some((n) => n.notification_type === 'meeting_set')).toBe(
      false,
    );

    // The companion moves it: Asha now sees the companion's choice.
    // Without seconds, as a phone's time picker gives it.
    const moved = { place: 'Café Coffee Day, Departures', time: `${inDays(0)}T07:00+05:30` };
    expect((await ravi.client.put(meetingPath(provide), moved)).status).toBe(200);
    expect((await viewOf(asha.client, need)).trip.meeting).toMatchObject({ ...moved, set_by: 'companion' });
    await waitForNotification(asha.client, (n) => n.notification_type === 'meeting_set');
  });

  test('at most 10 changes per trip in 24 hours, both parties together (429 after); a repeat costs nothing; the other party has one notice for the trip, updated to the latest change', async () => {
    const { asha, ravi, need, provide } = await matchedPair(inDays(20));
    const at = (index: number) => ({ place: `Gate ${index}, Terminal 3`, time: MEETING.time });
    for (let index = 1; index <= 10; index += 1) {
      // Both parties change it, turn about; each change also repeated once, which changes nothing.
      const [client, caseid] = index % 2 ? [asha.client, need] : [ravi.client, provide];
      expect((await client.put(meetingPath(caseid), at(index))).status).toBe(200);
      expect((await client.put(meetingPath(caseid), at(index))).status).toBe(200);
    }
    const refused = await asha.client.put(meetingPath(need), at(11));
    expect([refused.status, refused.body.error, refused.body.code]).toEqual([
      429,
      TRIP_MESSAGES.meetingChangesLimit,
      'trip.meetingChangesLimit',
    ]);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await ravi.client.put(meetingPath(provide), at(11))).status).toBe(429);
    expect((await viewOf(asha.client, need)).trip.meeting).toMatchObject(at(10));
    // Ravi set it last: Asha has one notice for the trip, saying it changed, unread; Ravi one as well.
    const meetingNotices = async (client: ApiClient) =>
      (await notificationsOf(client)).filter((n) => n.notification_type === 'meeting_set');
    await waitFor(async () => {
      const notices = await meetingNotices(ravi.client);
      return notices.length === 1 && notices[0]!.text?.key === 'meeting_updated' ? true : undefined;
    }, 20_000);
    const [notice] = await meetingNotices(asha.client);
    expect(await meetingNotices(asha.client)).toHaveLength(1);
    expect(notice).toMatchObject({
      is_read: false,
      title: 'Meeting point changed',
      text: { key: 'meeting_updated', params: expect.objectContaining({ caseid: need }) },
    });
  });

  test("409 without a match, 404 for a request that is not the caller's, 400 for a bad place or time", async () => {
    const { asha, need } = await matchedPair(inDays(20));
    const lonely = await traveller('Lena Solo');
    const alone = await create(lonely.client, needInput());
    const unmatched = await lonely.client.put(meetingPath(alone), MEETING);
    expect(unmatched.status).toBe(409);
    expect(unmatched.body).toMatchObject({ error: TRIP_MESSAGES.notMatched });

    const stranger = await lonely.client.put(meetingPath(need), MEETING);
    expect([stranger.status, stranger.body]).toEqual([
      404,
      { error: COMPANION_MESSAGES.notFound, code: 'companion.notFound' },
    ]);
    expect((await lonely.client.put(meetingPath('SC-NOPE2345'), MEETING)).status).toBe(404);

    for (const body of [
      { ...MEETING, place: '' },
      { ...MEETING, place: '   ' },
      { ...MEETING, place: 'x'.repeat(201) },
      { ...MEETING, time: `${inDays(0)}T06:30:00` },
      { ...MEETING, time: 'tomorrow morning' },
      { ...MEETING, time: '2026-02-30T06:30:00Z' },
      { place: MEETING.place },
    ]) {
      const refused = await asha.client.put(meetingPath(need), body);
      expect(refused.status).toBe(400);
      expect(typeof refused.body.error).toBe('string');
    }
    expect((await asha.client.put(meetingPath(need), { ...MEETING, place: 'x'.repeat(200) })).status).toBe(
      200,
    );
  });
});

describe('the safety note (issue 37)', () => {
  test('both parties see it once per match: each dismisses their own; a new match shows it again; 404 for others, 409 without a match', async () => {
    const { asha, ravi, need, provide } = await matchedPair(inDays(20));
    expect((await viewOf(asha.client, need)).safety_note).toBe(true);
    expect((await viewOf(ravi.client, provide)).safety_note).toBe(true);
    const path = (caseid: string) => `/api/companions/requests/${caseid}/safety-note`;
    expect((await ravi.client.put(path(need))).status).toBe(404);
    const seen = await asha.client.put<CompanionRequestView>(path(need));
    expect([seen.status, seen.body.safety_note]).toEqual([200, false]);
    expect((await asha.client.put(path(need))).status).toBe(200);
    expect((await viewOf(asha.client, need)).safety_note).toBe(false);
    expect((await viewOf(ravi.client, provide)).safety_note).toBe(true);

    // The same request matched anew (another match id): the note shows again.
    const deps = stack.companion.deps;
    const { companion_match_revision: revision } = await stored(need);
    await applyMatch(
      { logger: deps.logger, requests: harness.requests, live: deps.live, locks: deps.locks, trips },
      {
        matchId: randomUUID(),
        needCaseid: need,
        needUserId: asha.userId,
        provideCaseid: provide,
        provideUserId: ravi.userId,
        match_details: {
          overall_status: 'complete_match',
          main_flight: { status: 'same_flight' },
          layovers: [],
        },
        needRevision: (revision ?? 1) + 1,
        provideRevision: ((await stored(provide)).companion_match_revision ?? 1) + 1,
      },
    );
    expect((await viewOf(asha.client, need)).safety_note).toBe(true);

    const lonely = await traveller('Lena Solo');
    const alone = await create(lonely.client, needInput());
    expect((await lonely.client.put(path(alone))).status).toBe(409);
  });
});

describe('milestones (§1.2)', () => {
  test('either party records met, boarded, landed; the other is notified once; a repeat changes nothing', async () => {
    const { asha, ravi, need, provide } = await matchedPair();
    const ashaStream = await openEventStream(stack.gatewayUrl, {
      cookie: `ss_session=${asha.client.cookie('ss_session')}`,
    });

    const met = await ravi.client.post<CompanionRequestView>(milestonePath(provide), { milestone: 'met' });
    expect(met.status).toBe(200);
    expect(met.body.trip.milestones).toEqual([{ milestone: 'met', at: expect.any(String), by: 'me' }]);
    expect((await ashaStream.waitForType('request.trip', 10_000)).body).toEqual({ caseid: need });
    ashaStream.close();

    const again = await ravi.client.post<CompanionRequestView>(milestonePath(provide), { milestone: 'met' });
    expect(again.status).toBe(200);
    expect(again.body.trip.milestones).toEqual(met.body.trip.milestones);
    // The other party recording the same step: also nothing new.
    expect(
      (await asha.client.post<CompanionRequestView>(milestonePath(need), { milestone: 'met' })).body.trip
        .milestones,
    ).toHaveLength(1);

    const boarded = await asha.client.post<CompanionRequestView>(milestonePath(need), {
      milestone: 'boarded',
    });
    expect(boarded.status).toBe(200);
    expect(boarded.body.trip.milestones.map((m) => [m.milestone, m.by])).toEqual([
      ['met', 'companion'],
      ['boarded', 'me'],
    ]);
    expect((await viewOf(ravi.client, provide)).trip.milestones.map((m) => [m.milestone, m.by])).toEqual([
      ['met', 'me'],
      ['boarded', 'companion'],
    ]);

    // Asha heard of `met` once; Ravi of `boarded`.
    await waitForNotification(ravi.client, (n) => n.text?.key === 'milestone_boarded');
    const ashas = await waitFor(async () => {
      const all = await notificationsOf(asha.client);
      return all.some((n) => n.text?.key === 'milestone_met') ? all : undefined;
    }, 30_000);
    expect(ashas.filter((n) => n.notification_type === 'trip_milestone')).toHaveLength(1);
    expect(ashas.find((n) => n.text?.key === 'milestone_met')).toMatchObject({
      service_type: 'companion',
      text: { params: { caseid: need } },
    });
    expect(
      (await notificationsOf(ravi.client)).filter((n) => n.notification_type === 'trip_milestone'),
    ).toHaveLength(1);
  });

  test('a step may be skipped but never recorded after a later one (409)', async () => {
    const { asha, ravi, need, provide } = await matchedPair();
    expect((await asha.client.post(milestonePath(need), { milestone: 'landed' })).status).toBe(200);
    for (const [client, caseid, milestone] of [
      [ravi.client, provide, 'met'],
      [asha.client, need, 'boarded'],
    ] as const) {
      const late = await client.post(milestonePath(caseid), { milestone });
      expect(late.status).toBe(409);
      expect(late.body).toMatchObject({ error: TRIP_MESSAGES.outOfOrder });
    }
    expect((await viewOf(ravi.client, provide)).trip.milestones.map((m) => m.milestone)).toEqual(['landed']);
    expect((await asha.client.post(milestonePath(need), { milestone: 'took_off' })).status).toBe(400);
  });

  test("only from the day before the travel date to two days after it (409 with the spec's text)", async () => {
    for (const days of [-1, 0, 1]) {
      const { asha, need } = await matchedPair(inDays(days));
      expect((await asha.client.post(milestonePath(need), { milestone: 'met' })).status).toBe(200);
    }
    const early = await matchedPair(inDays(2));
    const refused = await early.asha.client.post(milestonePath(early.need), { milestone: 'met' });
    expect([refused.status, refused.body.error]).toEqual([
      409,
      'Milestones can be recorded only around the travel date.',
    ]);

    // Two days after the date is the last day; three days after is too late (dates moved in the store:
    // the form takes no date before yesterday).
    const late = await matchedPair(inDays(0));
    await harness.requests.updateOne({ _id: late.need }, { $set: { date: inDays(-2) } });
    expect((await late.ravi.client.post(milestonePath(late.provide), { milestone: 'met' })).status).toBe(200);
    await harness.requests.updateOne({ _id: late.need }, { $set: { date: inDays(-3) } });
    const tooLate = await late.ravi.client.post(milestonePath(late.provide), { milestone: 'boarded' });
    expect([tooLate.status, tooLate.body.error]).toEqual([409, TRIP_MESSAGES.outsideWindow]);
  });

  test("409 without a match, 404 for someone else's request", async () => {
    const { need } = await matchedPair();
    const lonely = await traveller('Lena Solo');
    const alone = await create(lonely.client, needInput());
    expect((await lonely.client.post(milestonePath(alone), { milestone: 'met' })).body).toMatchObject({
      error: TRIP_MESSAGES.notMatched,
    });
    expect((await lonely.client.post(milestonePath(need), { milestone: 'met' })).status).toBe(404);
    expect((await lonely.client.post(codePath(need))).status).toBe(404);
  });

  test("the hand-over: the companion only, with the seeker's current code; 400 for a wrong one, 429 after five until a new code", async () => {
    const { asha, ravi, need, provide } = await matchedPair();
    const seeker = await viewOf(asha.client, need);
    const code = seeker.trip.handover_code!;
    expect(code).toMatch(/^\d{6}$/);
    // Made with the match, and the companion never sees it.
    expect((await trips.findOne({ _id: `${need}:${provide}` }).lean())?.handover.code).toBe(code);
    const companion = await viewOf(ravi.client, provide);
    expect(companion.trip).not.toHaveProperty('handover_code');
    expect(JSON.stringify(companion)).not.toContain(code);

    const bySeeker = await asha.client.post(milestonePath(need), {
      milestone: 'handed_over',
      handover_code: code,
    });
    expect([bySeeker.status, bySeeker.body.error]).toEqual([403, TRIP_MESSAGES.companionOnly]);
    const wrongCode = code === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const wrong = await ravi.client.post(milestonePath(provide), {
        milestone: 'handed_over',
        handover_code: wrongCode,
      });
      expect([wrong.status, wrong.body.error]).toEqual([400, 'The hand-over code is not correct.']);
    }
    const locked = await ravi.client.post(milestonePath(provide), {
      milestone: 'handed_over',
      handover_code: code,
    });
    expect([locked.status, locked.body.error]).toEqual([429, TRIP_MESSAGES.codeLocked]);

    // Only the seeker makes a new code; the old one no longer works, the new one does.
    expect((await ravi.client.post(codePath(provide))).status).toBe(403);
    const renewed = await asha.client.post<CompanionRequestView>(codePath(need));
    expect(renewed.status).toBe(200);
    const fresh = renewed.body.trip.handover_code!;
    expect(fresh).toMatch(/^\d{6}$/);
    expect(fresh).not.toBe(code);
    expect(
      (await ravi.client.post(milestonePath(provide), { milestone: 'handed_over', handover_code: code }))
        .status,
    ).toBe(400);
    const done = await ravi.client.post<CompanionRequestView>(milestonePath(provide), {
      milestone: 'handed_over',
      handover_code: fresh,
    });
    expect(done.status).toBe(200);
    expect(done.body.trip.milestones.map((m) => m.milestone)).toEqual(['handed_over']);
    expect((await viewOf(asha.client, need)).trip.milestones).toEqual([
      { milestone: 'handed_over', at: expect.any(String), by: 'companion' },
    ]);
    await waitForNotification(asha.client, (n) => n.text?.key === 'milestone_handed_over');
    // Recorded: a repeat answers 200 and changes nothing, whatever code it carries.
    expect(
      (await ravi.client.post(milestonePath(provide), { milestone: 'handed_over', handover_code: wrongCode }))
        .status,
    ).toBe(200);
  });

  test('concurrent wrong codes cannot get past the limit', async () => {
    const { asha, ravi, need, provide } = await matchedPair();
    const code = (await viewOf(asha.client, need)).trip.handover_code!;
    const wrongCode = code === '000000' ? '111111' : '000000';
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        ravi.client.post(milestonePath(provide), { milestone: 'handed_over', handover_code: wrongCode }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 400)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(7);
    expect(
      (await ravi.client.post(milestonePath(provide), { milestone: 'handed_over', handover_code: code }))
        .status,
    ).toBe(429);
  });
});

describe('emergency contact (§1.3)', () => {
  test("the companion sees the seeker's contact only inside the window and while matched; the seeker sees their own", async () => {
    const phone = emergencyPhone();
    const contact = {
      emergencyContactName: 'Meera Rao',
      emergencyContactPhone: `${phone.slice(0, 3)} ${phone.slice(3)}`,
    };
    const inside = await matchedPair(inDays(1), contact);
    expect((await viewOf(inside.ravi.client, inside.provide)).trip.emergency_contact).toEqual({
      name: 'Meera Rao',
      phone,
    });
    const own = await viewOf(inside.asha.client, inside.need);
    expect(own.emergency_contact).toEqual({ name: 'Meera Rao', phone });
    expect(own.trip.emergency_contact).toBeNull();

    const outside = await matchedPair(inDays(5), contact);
    const early = await viewOf(outside.ravi.client, outside.provide);
    expect(early.trip.emergency_contact).toBeNull();
    expect(JSON.stringify(early)).not.toContain(phone.slice(3));

    // No longer matched: the companion's request is released, and the contact goes with the match.
    await harness.requests.updateOne(
      { _id: inside.provide },
      { $set: { companion_match: false, companion_match_caseid: null } },
    );
    expect((await viewOf(inside.ravi.client, inside.provide)).trip.emergency_contact).toBeNull();
  });

  test("both or neither, and the registration's phone rules", async () => {
    const asha = await traveller('Asha Rao');
    for (const [change, field, message] of [
      [{ emergencyContactName: 'Meera Rao' }, 'emergencyContactPhone', TRIP_MESSAGES.emergencyBoth],
      [{ emergencyContactPhone: emergencyPhone() }, 'emergencyContactName', TRIP_MESSAGES.emergencyBoth],
      [
        { emergencyContactName: 'Meera Rao', emergencyContactPhone: '+911234567890' },
        'emergencyContactPhone',
        TRIP_MESSAGES.emergencyPhoneInvalid,
      ],
      [
        { emergencyContactName: 'Meera Rao', emergencyContactPhone: '12345' },
        'emergencyContactPhone',
        TRIP_MESSAGES.emergencyPhoneInvalid,
      ],
      [
        { emergencyContactName: 'M'.repeat(61), emergencyContactPhone: emergencyPhone() },
        'emergencyContactName',
        TRIP_MESSAGES.emergencyNameTooLong,
      ],
    ] as const) {
      const refused = await asha.client.post('/api/companions/requests', needInput(change));
      expect(refused.status).toBe(400);
      expect((refused.body.details as Record<string, string>)[field]).toBe(message);
    }
    const caseid = await create(
      asha.client,
      needInput({ emergencyContactName: 'M'.repeat(60), emergencyContactPhone: emergencyPhone() }),
    );
    expect((await viewOf(asha.client, caseid)).emergency_contact?.name).toBe('M'.repeat(60));
  });
});

describe('the family link (§1.6 data)', () => {
  test('shows the meeting place and time and the milestones, nothing of who, no code, no contact', async () => {
    const phone = emergencyPhone();
    const { asha, ravi, need, provide } = await matchedPair(inDays(0), {
      emergencyContactName: 'Meera Rao',
      emergencyContactPhone: phone,
    });
    const link = (await asha.client.post<ShareLink>('/api/share-links', { kind: 'request', id: need })).body;
    const visitor = new ApiClient(stack.gatewayUrl);
    const open = async () => {
      const seen = await visitor.get<SharedTrip>(`/api/shared/${link.token}`);
      expect(seen.status).toBe(200);
      return seen.body;
    };
    expect(await open()).toMatchObject({ meeting: null, milestones: [] });

    expect((await ravi.client.put(meetingPath(provide), MEETING)).status).toBe(200);
    expect((await ravi.client.post(milestonePath(provide), { milestone: 'met' })).status).toBe(200);
    const seen = await open();
    expect(seen.meeting).toEqual(MEETING);
    expect(seen.milestones).toEqual([{ milestone: 'met', at: expect.any(String) }]);
    const code = (await viewOf(asha.client, need)).trip.handover_code!;
    const text = JSON.stringify(seen);
    for (const secret of [code, phone, 'Meera', 'Nair', ravi.email, ravi.phone, 'set_by'])
      expect(text).not.toContain(secret);
  });
});
