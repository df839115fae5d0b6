/** A user sees their active sessions and can end the others (a new sign-in leaves older ones alive). */
import { SESSION_COOKIE } from '@safarsaathi/contracts';
import { ApiClient, createSignedInUser, signIn } from '@safarsaathi/platform/src/testing';
import { startTestStack, type TestStack } from '../../../test/stack';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(() => stack.stop());

interface SessionsBody {
  sessions: Array<{ id: string; created_at: string; user_agent: string; current: boolean }>;
}

test('the sessions list shows each sign-in, marks the current one, and another session can be ended', async () => {
  const { client: laptop, email } = await createSignedInUser(stack.gatewayUrl);
  const phone = new ApiClient(stack.gatewayUrl);
  await signIn(phone, email);

  const listed = await laptop.get<SessionsBody>('/api/auth/sessions');
  expect(listed.status).toBe(200);
  expect(listed.body.sessions).toHaveLength(2);
  expect(listed.body.sessions.filter((session) => session.current)).toHaveLength(1);
  for (const session of listed.body.sessions) {
    expect(session.id).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    expect(Number.isNaN(Date.parse(session.created_at))).toBe(false);
  }
  const other = listed.body.sessions.find((session) => !session.current)!;

  const ended = await laptop.delete(`/api/auth/sessions/${other.id}`);
  expect(ended.status).toBe(200);
  expect((await phone.get('/api/auth/user-info')).status).toBe(401);
  expect((await laptop.get('/api/auth/user-info')).status).toBe(200);
  expect((await laptop.get<SessionsBody>('/api/auth/sessions')).body.sessions).toHaveLength(1);
});

test('sign out other sessions ends every session but the current one', async () => {
  const { client: first, email } = await createSignedInUser(stack.gatewayUrl);
  const second = new ApiClient(stack.gatewayUrl);
  await signIn(second, email);
  const third = new ApiClient(stack.gatewayUrl);
  await signIn(third, email);

  const result = await third.post('/api/auth/logout-others');
  expect(result.status).toBe(200);
  expect(result.body).toEqual({ success: true, ended: 2 });
  expect((await first.get('/api/auth/user-info')).status).toBe(401);
  expect((await second.get('/api/auth/user-info')).status).toBe(401);
  expect((await third.get('/api/auth/user-info')).status).toBe(200);
});

test("another user's session id answers 404 and is not ended", async () => {
  const { client: owner } = await createSignedInUser(stack.gatewayUrl);
  const { client: stranger } = await createSignedInUser(stack.gatewayUrl);
  const ownerSession = (await owner.get<SessionsBody>('/api/auth/sessions')).body.sessions[0]!;
  const attempt = await stranger.delete(`/api/auth/sessions/${ownerSession.id}`);
  expect(attempt.status).toBe(404);
  expect(attempt.body).toEqual({ error: 'Session not found', code: 'session.notFound' });
  expect((await owner.get('/api/auth/user-info')).status).toBe(200);
  expect((await new ApiClient(stack.gatewayUrl).get('/api/auth/sessions')).status).toBe(401);
});

test('signing in again in the same browser replaces its session token and ends the old one', async () => {
  const { client, email } = await createSignedInUser(stack.gatewayUrl);
  const before = client.cookie(SESSION_COOKIE)!;
  await signIn(client, email);
  const after = client.cookie(SESSION_COOKIE)!;
  expect(after).not.toBe(before);
  const stale = new ApiClient(stack.gatewayUrl);
  stale.setCookie(SESSION_COOKIE, before);
  expect((await stale.get('/api/auth/user-info')).status).toBe(401);
  expect((await client.get('/api/auth/user-info')).status).toBe(200);
  expect((await client.get<SessionsBody>('/api/auth/sessions')).body.sessions).toHaveLength(1);
});
