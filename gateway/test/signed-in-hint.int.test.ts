/**
 * The page-readable signed-in hint (issue 14: visitor pages make no call bound to answer 401). Every page
 * load sets it while the httpOnly session is live and removes it otherwise; the web app asks for the user
 * only when it is there.
 */
import { SIGNED_IN_HINT_COOKIE } from '@safarsaathi/contracts';
import { createSignedInUser } from '@safarsaathi/platform/src/testing';
import { startTestStack, type TestStack } from '../../test/stack';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(() => stack.stop());

/** A page navigation as a browser sends it, with the given cookies; answers the hint's Set-Cookie, if any. */
async function pageLoad(path: string, cookies: Record<string, string>): Promise<string | undefined> {
  const response = await fetch(new URL(path, stack.gatewayUrl), {
    headers: {
      accept: 'text/html',
      cookie: Object.entries(cookies)
        .map(([name, value]) => `${name}=${value}`)
        .join('; '),
    },
    redirect: 'manual',
  });
  await response.arrayBuffer();
  return response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${SIGNED_IN_HINT_COOKIE}=`));
}

test('a visitor gets no hint; a live session gets one the page can read', async () => {
  expect(await pageLoad('/', {})).toBeUndefined();
  expect(await pageLoad('/learn-more', { ss_session: 'no-such-session-token-0123456789' })).toBeUndefined();

  const { client } = await createSignedInUser(stack.gatewayUrl);
  const session = client.cookie('ss_session')!;
  const hint = await pageLoad('/dashboard', { ss_session: session });
  expect(hint).toMatch(new RegExp(`^${SIGNED_IN_HINT_COOKIE}=1;`));
  expect(hint).not.toMatch(/HttpOnly/i);
  expect(hint).toMatch(/SameSite=Lax/i);
  // Already hinted: nothing to change.
  expect(await pageLoad('/dashboard', { ss_session: session, [SIGNED_IN_HINT_COOKIE]: '1' })).toBeUndefined();
});

test('a hint whose session has ended is removed on the next page load', async () => {
  const { client } = await createSignedInUser(stack.gatewayUrl);
  const session = client.cookie('ss_session')!;
  expect((await client.post('/api/auth/logout', {})).status).toBe(200);

  const cleared = await pageLoad('/', { ss_session: session, [SIGNED_IN_HINT_COOKIE]: '1' });
  expect(cleared).toMatch(new RegExp(`^${SIGNED_IN_HINT_COOKIE}=;`));
  expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970/i);
  expect(await pageLoad('/', { [SIGNED_IN_HINT_COOKIE]: '1' })).toMatch(/Expires=Thu, 01 Jan 1970/i);
});
