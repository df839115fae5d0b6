/**
 * `GET /api/me/data` (issue 40, spec §4) through the gateway, against every service: an attachment with the
 * spec's sections in order, the caller's own data of every service, nothing of another traveller beyond
 * a conversation partner's first name, no link token, a push device by its service's host only; 3 an hour
 * (429), 401 signed out, and 503 (not a partial file) when a service holding part of it does not answer.
 */
import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import {
  DATA_EXPORTS_PER_HOUR,
  PRIVACY_MESSAGES,
  addDays,
  dataExportSchema,
  todayIso,
  type CompanionSubmissionInput,
  type DataExport,
  type ShareLink,
} from '@safarsaathi/contracts';
import { ApiClient, createSignedInUser, freshMobileDigits, waitFor } from '@safarsaathi/platform/src/testing';
import { startTestStack, testEnv, type TestStack } from '../../test/stack';
import { startGateway } from '../src/app';

const PUSH_ORIGIN = 'http://127.0.0.1:9';
let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({ PUSH_TEST_RECEIVER_ORIGIN: PUSH_ORIGIN });
});
afterAll(async () => {
  await stack?.stop();
});

const SECTIONS = [
  'account',
  'consents',
  'companion_requests',
  'travel_plans',
  'references',
  'share_links',
  'conversations',
  'notifications',
  'push_subscriptions',
  'support_cases',
  'sessions',
  'generated_at',
];

const request = (change: Partial<CompanionSubmissionInput>): CompanionSubmissionInput => ({
  serviceType: 'need',
  airline: 'Air India',
  flightNumber: `AI ${100 + Math.floor(Math.random() * 800)}`,
  travelDate: addDays(todayIso(), 20),
  confirmedTicket: true,
  passengerName: 'Kamala Rao',
  passengerAge: 72,
  passengerGender: 'female',
  languagesKnown: 'Tamil, English',
  fromAirport: 'DEL',
  toAirport: 'JFK',
  ...change,
});

async function posted(client: ApiClient, input: CompanionSubmissionInput): Promise<string> {
  const answer = await client.post<{ caseid: string }>('/api/companions/requests', input);
  expect([answer.status, answer.body]).toEqual([200, expect.anything()]);
  return answer.body.caseid;
}

test('an attachment with every section, the caller’s own data, and nothing of anyone else beyond a first name', async () => {
  const asha = await createSignedInUser(stack.gatewayUrl, { fullname: 'Asha Rao' });
  const ravi = await createSignedInUser(stack.gatewayUrl, { fullname: 'Ravi Nairwala' });
  const contactPhone = `+91${freshMobileDigits()}`;
  const ashaCase = await posted(
    asha.client,
    request({ emergencyContactName: 'Meera Rao', emergencyContactPhone: contactPhone }),
  );
  const raviCase = await posted(
    ravi.client,
    request({
      serviceType: 'provide',
      passengerName: 'Ravi Nairwala',
      passengerAge: 34,
      passengerGender: 'male',
    }),
  );
  expect(
    (
      await asha.client.post('/api/travel', {
        helpPreference: 'need_help',
        flights: [{ from: 'DEL', to: 'JFK', date: addDays(todayIso(), 30) }],
        travelerInfo: { name: 'Kamala Rao', specialNeeds: 'Wheelchair at the gate' },
      })
    ).status,
  ).toBe(200);
  const shared = await asha.client.post<ShareLink>('/api/share-links', { kind: 'request', id: ashaCase });
  expect(shared.status).toBe(200);
  const caseAnswer = await asha.client.post<{ case_id: string }>('/help-support/create-case', {
    issueType: 'Privacy and data request',
    emailAddress: asha.email,
    details: 'Please tell me what you keep about my mother.',
  });
  expect(caseAnswer.status).toBe(200);
  const device = createECDH('prime256v1');
  device.generateKeys();
  const endpoint = `${PUSH_ORIGIN}/push/${randomUUID()}`;
  expect(
    (
      await asha.client.post('/api/push/subscriptions', {
        endpoint,
        expirationTime: null,
        keys: {
          p256dh: device.getPublicKey().toString('base64url'),
          auth: randomBytes(16).toString('base64url'),
        },
      })
    ).status,
  ).toBe(201);
  // A conversation from search, with a message from each side.
  const opened = await waitFor(async () => {
    const answer = await asha.client.post<{ conversation_id: string }>(
      '/api/chat/create-search-conversation',
      {
        target_caseid: raviCase,
        user_caseid: ashaCase,
      },
    );
    return answer.status === 200 ? answer.body.conversation_id : undefined;
  }, 20_000);
  const path = `/api/chat/conversations/${opened}/messages`;
  expect((await asha.client.post(path, { message_text: 'Namaste, can you help my mother?' })).status).toBe(
    200,
  );
  expect((await ravi.client.post(path, { message_text: 'Yes, happily.' })).status).toBe(200);
  // The welcome notice has arrived.
  await waitFor(
    async () => ((await asha.client.get<unknown[]>('/api/notifications')).body.length > 0 ? true : undefined),
    20_000,
  );

  const answer = await asha.client.get<DataExport>('/api/me/data');
  expect(answer.status).toBe(200);
  expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
  expect(answer.headers.get('content-disposition')).toMatch(
    /^attachment; filename="safarsaathi-data-\d{4}-\d{2}-\d{2}\.json"$/,
  );
  expect(answer.headers.get('cache-control')).toBe('no-store');
  const data = dataExportSchema.parse(answer.body);
  expect(Object.keys(answer.body)).toEqual(SECTIONS);

  expect(data.account).toMatchObject({ email: asha.email, fullname: 'Asha Rao', phone_number: asha.phone });
  expect(data.consents.consents.map((consent) => consent.purpose)).toContain('trip_emails');
  expect(data.companion_requests.map((item) => item.caseid)).toEqual([ashaCase]);
  expect(data.companion_requests[0]).toMatchObject({
    passenger_name: 'Kamala Rao',
    emergency_contact: { name: 'Meera Rao', phone: contactPhone },
    status: 'active',
  });
  expect(data.travel_plans).toHaveLength(1);
  expect(data.travel_plans[0]!.traveler.specialNeeds).toBe('Wheelchair at the gate');
  expect(data.references).toEqual({ given: [], received: [] });
  expect(data.share_links).toEqual([
    { kind: 'request', object_id: ashaCase, created_at: expect.any(String), revoked_at: null },
  ]);
  expect(data.conversations).toHaveLength(1);
  expect(data.conversations[0]).toMatchObject({
    conversation_id: opened,
    other_participant: { first_name: 'Ravi' },
    messages: [
      { seq: 1, from: 'me', text: 'Namaste, can you help my mother?' },
      { seq: 2, from: 'other', text: 'Yes, happily.' },
    ],
  });
  expect(data.notifications.length).toBeGreaterThan(0);
  expect(data.push_subscriptions).toEqual([{ push_service: '127.0.0.1:9', created_at: expect.any(String) }]);
  expect(data.support_cases).toEqual([
    expect.objectContaining({ case_id: caseAnswer.body.case_id, issue_type: 'Privacy and data request' }),
  ]);
  expect(data.sessions.some((session) => session.current)).toBe(true);
  expect(Date.parse(data.generated_at)).toBeGreaterThan(Date.now() - 60_000);

  // Nothing of Ravi beyond his first name; no token, device address or keys.
  const text = JSON.stringify(answer.body);
  for (const absent of [ravi.email, ravi.phone, 'Nairwala', raviCase, shared.body.token, endpoint, 'p256dh'])
    expect(text).not.toContain(absent);

  // Ravi's file is his: Asha's request, plan and case are not in it.
  const his = (await ravi.client.get<DataExport>('/api/me/data')).body;
  expect(his.account.email).toBe(ravi.email);
  expect(his.companion_requests.map((item) => item.caseid)).toEqual([raviCase]);
  expect(his.conversations[0]!.other_participant).toEqual({ first_name: 'Asha' });
  const histext = JSON.stringify(his);
  for (const absent of [asha.email, asha.phone, 'Meera', ashaCase, 'Wheelchair'])
    expect(histext).not.toContain(absent);
});

test(`${DATA_EXPORTS_PER_HOUR} an hour: the next is 429 with Retry-After; signed out is 401`, async () => {
  const { client } = await createSignedInUser(stack.gatewayUrl);
  for (let i = 0; i < DATA_EXPORTS_PER_HOUR; i += 1)
    expect((await client.get('/api/me/data')).status).toBe(200);
  const refused = await client.get('/api/me/data');
  expect(refused.status).toBe(429);
  expect(refused.body).toEqual({
    error: PRIVACY_MESSAGES.tooManyExports,
    code: 'privacy.tooManyExports',
    details: { retryAfterSeconds: expect.any(Number) },
  });
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);

  const anonymous = await new ApiClient(stack.gatewayUrl).get('/api/me/data');
  expect(anonymous.status).toBe(401);
  expect(typeof anonymous.body.error).toBe('string');
  expect((await client.post('/api/me/data')).status).toBe(405);
});

test('a service that does not answer: 503, no partial file, and the try does not count', async () => {
  const gateway = await startGateway(
    testEnv({
      AUTH_URL: stack.auth.url,
      COMPANION_URL: stack.companion.url,
      NOTIFICATIONS_URL: stack.notifications.url,
      CHAT_URL: stack.chat.url,
      SEARCH_URL: 'http://127.0.0.1:9',
      // Support is down.
      SUPPORT_URL: 'http://127.0.0.1:9',
      RATE_LIMIT_IP_PER_MINUTE: '1000',
    }),
  );
  try {
    const { client } = await createSignedInUser(gateway.url);
    for (let i = 0; i <= DATA_EXPORTS_PER_HOUR; i += 1) {
      const answer = await client.get('/api/me/data');
      expect(answer.status).toBe(503);
      expect(answer.body).toEqual({
        error: PRIVACY_MESSAGES.exportUnavailable,
        code: 'privacy.exportUnavailable',
      });
      expect(answer.headers.get('content-disposition')).toBeNull();
    }
  } finally {
    await gateway.stop();
  }
});
