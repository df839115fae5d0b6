/**
 * The companion service under abuse (issue 20), through the gateway on real Kafka, FerretDB/MongoDB and
 * Redis: what one user may keep at once holds under parallel posts, and free text others read carries no
 * direction overrides.
 */
import {
  COMPANION_MESSAGES,
  LIMITS,
  TEXT_MESSAGES,
  TRAVEL_MESSAGES,
  addDays,
  todayIso,
  type CompanionRequestView,
  type CompanionSubmissionInput,
  type TravelPlanView,
} from '@safarsaathi/contracts';
import { createSignedInUser } from '@safarsaathi/platform/src/testing';
import { startTestStack, type TestStack } from '../../../test/stack';

let stack: TestStack;
beforeAll(async () => {
  // The caps of production (the other tests raise them).
  stack = await startTestStack({
    ACTIVE_REQUESTS_PER_USER: String(LIMITS.activeCompanionRequestsMax),
    UPCOMING_PLANS_PER_USER: String(LIMITS.upcomingTravelPlansMax),
  });
});
afterAll(() => stack.stop());

const inDays = (days: number) => addDays(todayIso(), days);

const request = (day: number, change: Partial<CompanionSubmissionInput> = {}): CompanionSubmissionInput => ({
  serviceType: 'provide',
  fromAirport: 'DEL',
  toAirport: 'JFK',
  airline: 'Air India',
  flightNumber: 'AI 101',
  travelDate: inDays(day),
  confirmedTicket: true,
  passengerName: 'Ravi Nair',
  passengerAge: 34,
  passengerGender: 'male',
  languagesKnown: 'Hindi, English',
  freeService: true,
  ...change,
});
const plan = (day: number) => ({
  helpPreference: 'need_help',
  flights: [{ from: 'DEL', to: 'JFK', date: inDays(day) }],
});

describe('per-user caps', () => {
  test(`at most ${LIMITS.activeCompanionRequestsMax} active requests: parallel posts at the limit cannot pass it; a cancelled one frees a place`, async () => {
    const { client } = await createSignedInUser(stack.gatewayUrl, { fullname: 'Ravi Nair' });
    const max = LIMITS.activeCompanionRequestsMax;
    for (let day = 1; day <= max - 3; day += 1)
      expect((await client.post('/api/companions/requests', request(10 + day))).status).toBe(200);

    // Six at once with three places left: exactly three get in, whichever instance or order.
    const parallel = await Promise.all(
      Array.from({ length: 6 }, (_, i) => client.post('/api/companions/requests', request(40 + i))),
    );
    expect(parallel.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 409, 409, 409]);
    for (const refused of parallel.filter((answer) => answer.status === 409)) {
      expect(refused.body).toEqual({
        error: COMPANION_MESSAGES.tooManyActive,
        code: 'companion.tooManyActive',
      });
    }
    const listed = (await client.get<CompanionRequestView[]>('/api/companions/requests')).body;
    expect(listed.filter((entry) => entry.status === 'active')).toHaveLength(max);
    expect((await client.post('/api/companions/requests', request(60))).status).toBe(409);

    // Cancelled ones do not count.
    expect((await client.put(`/api/companions/requests/${listed[0]!.caseid}/cancel`)).status).toBe(200);
    expect((await client.post('/api/companions/requests', request(61))).status).toBe(200);
    expect((await client.post('/api/companions/requests', request(62))).status).toBe(409);

    // Another user is not held back by this one.
    const other = await createSignedInUser(stack.gatewayUrl, { fullname: 'Asha Rao' });
    expect((await other.client.post('/api/companions/requests', request(20))).status).toBe(200);
  });

  test(`at most ${LIMITS.upcomingTravelPlansMax} upcoming travel plans, also under parallel posts; a deleted one frees a place`, async () => {
    const { client } = await createSignedInUser(stack.gatewayUrl, { fullname: 'Meera Iyer' });
    const max = LIMITS.upcomingTravelPlansMax;
    for (let day = 1; day <= max - 4; day += 1)
      expect((await client.post('/api/travel', plan(day))).status).toBe(200);

    const parallel = await Promise.all(
      Array.from({ length: 10 }, (_, i) => client.post('/api/travel', plan(100 + i))),
    );
    expect(parallel.map((answer) => answer.status).sort()).toEqual([
      200, 200, 200, 200, 409, 409, 409, 409, 409, 409,
    ]);
    for (const refused of parallel.filter((answer) => answer.status === 409)) {
      expect(refused.body).toEqual({ error: TRAVEL_MESSAGES.tooManyPlans, code: 'travel.tooManyPlans' });
    }
    const plans = (await client.get<TravelPlanView[]>('/api/travels')).body;
    expect(plans).toHaveLength(max);

    expect((await client.delete(`/api/travels/${plans[0]!.id}`)).status).toBe(200);
    expect((await client.post('/api/travel', plan(200))).status).toBe(200);
    expect((await client.post('/api/travel', plan(201))).status).toBe(409);
  });
});

describe('free text others read', () => {
  test('a direction override in a name, a note, an airline or a flight number is refused with a clear 400', async () => {
    const { client } = await createSignedInUser(stack.gatewayUrl, { fullname: 'Arjun Mehta' });
    const changes: Array<Partial<CompanionSubmissionInput>> = [
      // Reads "Ravi" followed by a reversed text: U+202E RIGHT-TO-LEFT OVERRIDE.
      { passengerName: 'Ravi \u202eriaN' },
      { description: 'Meet me at \u2067gate 12\u2069' },
      { airline: 'Air\u202a India' },
      { flightNumber: 'AI\u202d101' },
    ];
    for (const change of changes) {
      const answer = await client.post('/api/companions/requests', request(30, change));
      expect([answer.status, answer.body.error, answer.body.code]).toEqual([
        400,
        TEXT_MESSAGES.directionControls,
        'text.directionControls',
      ]);
    }
    const travel = await client.post('/api/travel', {
      ...plan(30),
      travelerInfo: { name: 'Kamala \u202eDevi' },
    });
    expect([travel.status, travel.body.error]).toEqual([400, TEXT_MESSAGES.directionControls]);
    const notes = await client.post('/api/travel', {
      ...plan(30),
      travelerInfo: { specialNeeds: 'Wheelchair \u2066please' },
    });
    expect([notes.status, notes.body.error]).toEqual([400, TEXT_MESSAGES.directionControls]);
    expect((await client.get<CompanionRequestView[]>('/api/companions/requests')).body).toEqual([]);

    // The marks that mixed Urdu and English text needs are kept.
    const marked = await client.post(
      '/api/companions/requests',
      request(30, { description: 'Urdu: \u200fشکریہ\u200f, thanks' }),
    );
    expect(marked.status).toBe(200);
  });
});
