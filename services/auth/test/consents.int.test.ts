/**
 * Consents per purpose (issue 40, spec §4) through the gateway: what registration records, giving and
 * withdrawing, the append-only history, consent_changed on auth.users.v1, sign-in e-mails that cannot be
 * withdrawn, bad input, signed out, only one's own; and the Redis lifetimes of codes and sessions.
 */
import {
  CONSENT_PURPOSES,
  PRIVACY_MESSAGES,
  SESSION_LIFETIME_SECONDS,
  TOPICS,
  retentionDays,
  type ConsentsResponse,
  type EventData,
} from '@safarsaathi/contracts';
import {
  ApiClient,
  TopicRecorder,
  createSignedInUser,
  freshEmail,
  waitFor,
} from '@safarsaathi/platform/src/testing';
import { startTestStack, type TestStack } from '../../../test/stack';

let stack: TestStack;
let recorder: TopicRecorder;
beforeAll(async () => {
  stack = await startTestStack();
  recorder = await TopicRecorder.start([TOPICS.authUsers]);
});
afterAll(async () => {
  await recorder?.stop();
  await stack?.stop();
});

/** A signed-in, registered user with their account id. */
async function signedUp() {
  const signedIn = await createSignedInUser(stack.gatewayUrl);
  const account = await stack.auth.deps.mongo.collection('users').findOne({ email: signedIn.email });
  return { ...signedIn, userId: String(account!._id) };
}

const consentsOf = async (client: ApiClient) => (await client.get<ConsentsResponse>('/api/me/consents')).body;
const granted = (body: ConsentsResponse) =>
  Object.fromEntries(body.consents.map((consent) => [consent.purpose, consent.granted]));
const changesOf = (userId: string) =>
  recorder.events
    .filter(
      (event) => event.type === 'consent_changed' && (event.data as { userId: string }).userId === userId,
    )
    .map((event) => event.data as EventData<'consent_changed'>);

test('registration records the consents given there; each purpose has its state', async () => {
  const { client, userId } = await signedUp();
  const body = await consentsOf(client);
  expect(body.consents.map((consent) => consent.purpose)).toEqual([...CONSENT_PURPOSES]);
  // Sign-in e-mails and, from the sign-in form's e-mail consent, trip e-mails; push is off until a device
  // is turned on; the emergency contact is shared until withdrawn.
  expect(granted(body)).toEqual({
    login_emails: true,
    trip_emails: true,
    push: false,
    emergency_contact_sharing: true,
  });
  expect(body.history).toEqual([
    { purpose: 'login_emails', granted: true, at: expect.any(String), source: 'registration' },
    { purpose: 'trip_emails', granted: true, at: expect.any(String), source: 'registration' },
  ]);
  for (const consent of body.consents) expect(Number.isNaN(Date.parse(consent.updated_at))).toBe(false);
  const events = await waitFor(async () => (changesOf(userId).length >= 2 ? changesOf(userId) : undefined));
  expect(events.map(({ purpose, granted: given, version }) => [purpose, given, version])).toEqual([
    ['login_emails', true, 1],
    ['trip_emails', true, 2],
  ]);
});

test('withdrawing and giving again: the state follows, the history only grows, each change is an event', async () => {
  const { client, userId } = await signedUp();
  const withdrawn = await client.put('/api/me/consents/trip_emails', { granted: false });
  expect(withdrawn.status).toBe(200);
  expect(withdrawn.body).toEqual({
    success: true,
    consent: { purpose: 'trip_emails', granted: false, updated_at: expect.any(String) },
  });
  // The same choice again changes nothing: no entry, no event.
  expect((await client.put('/api/me/consents/trip_emails', { granted: false })).status).toBe(200);
  expect((await client.put('/api/me/consents/emergency_contact_sharing', { granted: false })).status).toBe(
    200,
  );
  expect((await client.put('/api/me/consents/trip_emails', { granted: true })).status).toBe(200);

  const body = await consentsOf(client);
  expect(granted(body)).toMatchObject({ trip_emails: true, emergency_contact_sharing: false });
  expect(body.history.map(({ purpose, granted: given, source }) => [purpose, given, source])).toEqual([
    ['login_emails', true, 'registration'],
    ['trip_emails', true, 'registration'],
    ['trip_emails', false, 'settings'],
    ['emergency_contact_sharing', false, 'settings'],
    ['trip_emails', true, 'settings'],
  ]);
  const at = body.history.map((entry) => Date.parse(entry.at));
  expect([...at].sort((a, b) => a - b)).toEqual(at);

  const events = await waitFor(async () => (changesOf(userId).length >= 5 ? changesOf(userId) : undefined));
  expect(events.slice(2).map(({ purpose, granted: given, version }) => [purpose, given, version])).toEqual([
    ['trip_emails', false, 3],
    ['emergency_contact_sharing', false, 4],
    ['trip_emails', true, 5],
  ]);
});

test('sign-in e-mails cannot be withdrawn: 409 naming account deletion; giving them is a no-op', async () => {
  const { client } = await signedUp();
  const refused = await client.put('/api/me/consents/login_emails', { granted: false });
  expect(refused.status).toBe(409);
  expect(refused.body).toEqual({
    error: PRIVACY_MESSAGES.loginEmailsRequired,
    code: 'privacy.loginEmailsRequired',
  });
  expect(refused.body.error).toMatch(/delete your account/);
  expect((await client.put('/api/me/consents/login_emails', { granted: true })).status).toBe(200);
  expect(granted(await consentsOf(client)).login_emails).toBe(true);
  expect((await consentsOf(client)).history).toHaveLength(2);
});

test('bad input is 400 in the error shape; signed out is 401; nobody changes another’s choices', async () => {
  const asha = await signedUp();
  const ravi = await signedUp();
  for (const [path, body] of [
    ['/api/me/consents/newsletters', { granted: true }],
    ['/api/me/consents/trip_emails', {}],
    ['/api/me/consents/trip_emails', { granted: 'no' }],
    ['/api/me/consents/trip_emails', { granted: false, userId: ravi.userId }],
  ] as const) {
    const answer = await asha.client.put(path, body);
    expect(answer.status).toBe(400);
    expect(typeof answer.body.error).toBe('string');
  }
  expect((await asha.client.put('/api/me/consents/newsletters', { granted: true })).body.error).toBe(
    PRIVACY_MESSAGES.unknownPurpose,
  );
  expect(granted(await consentsOf(ravi.client)).trip_emails).toBe(true);

  const anonymous = new ApiClient(stack.gatewayUrl);
  for (const answer of [
    await anonymous.get('/api/me/consents'),
    await anonymous.put('/api/me/consents/trip_emails', { granted: false }),
  ]) {
    expect(answer.status).toBe(401);
    expect(typeof answer.body.error).toBe('string');
  }
});

test('codes and sessions end by their Redis lifetimes, within the catalogue’s periods', async () => {
  const redis = stack.auth.deps.redis;
  const email = freshEmail('lifetimes');
  const client = new ApiClient(stack.gatewayUrl);
  // The code's key, whatever it is named by: the one that appeared with this request (others' may too).
  const before = new Set(await redis.keys('otp:*'));
  expect((await client.post('/api/auth/register', { emailAddress: email, emailConsent: true })).status).toBe(
    200,
  );
  const codeKeys = (await redis.keys('otp:*')).filter((key) => !before.has(key));
  expect(codeKeys.length).toBeGreaterThan(0);
  for (const key of codeKeys) {
    const ttl = await redis.ttl(key);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(10 * 60);
  }

  const { userId } = await signedUp();
  const sessionIds = await redis.smembers(`user-sessions:${userId}`);
  expect(sessionIds.length).toBeGreaterThan(0);
  for (const key of [`user-sessions:${userId}`, ...sessionIds.map((id) => `session:${id}`)]) {
    const ttl = await redis.ttl(key);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(SESSION_LIFETIME_SECONDS);
    expect(ttl).toBeLessThanOrEqual(retentionDays('sessions') * 86_400);
  }
});
