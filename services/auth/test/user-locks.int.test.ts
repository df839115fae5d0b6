/**
 * Two auth instances share the users collection. On FerretDB a write applies as read-modify-write of the
 * whole document, so every writer of a user document, the outbox relay included, holds the user's lock:
 * the relay never rewrites a user while another instance is writing it (which could undo that write).
 */
import { outboxEvent, stageEvents } from '@safarsaathi/platform';
import { createSignedInUser, waitFor } from '@safarsaathi/platform/src/testing';
import { startTestStack, type TestStack } from '../../../test/stack';
import { userLockKey, userModel, type UserModel } from '../src/persistence/users';

let stack: TestStack;
let users: UserModel;

beforeAll(async () => {
  stack = await startTestStack();
  users = userModel(stack.auth.deps.mongo);
});
afterAll(async () => {
  await stack?.stop();
});

const pending = async (userId: string) =>
  (
    (await users.findById(userId, { pendingEvents: 1 }).lean<{ pendingEvents: unknown[] }>())
      ?.pendingEvents ?? []
  ).length;

test('the outbox relay removes published events under the user lock, so it never undoes a write made meanwhile', async () => {
  const user = await createSignedInUser(stack.gatewayUrl, { fullname: 'Lata Iyer' });
  const userId = String((await users.findOne({ email: user.email }, { _id: 1 }).lean())!._id);
  await waitFor(async () => ((await pending(userId)) === 0 ? true : undefined));
  const staged = outboxEvent('auth', 'profile_updated', userId, {
    userId: userId,
    email: user.email,
    changed: ['help_preference'],
  });
  const { locks, flushOutbox } = stack.auth.deps;
  if (!locks.enabled) return expect(locks.enabled).toBe(false); // MongoDB applies each update atomically: no lock needed.
  // Another instance holds the user (writing it) while the relay is asked to sweep.
  await locks.around(userLockKey(userId), async () => {
    await users.updateOne({ _id: userId }, stageEvents([staged]));
    flushOutbox();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await pending(userId)).toBe(1);
    await users.updateOne({ _id: userId }, { $set: { help_preference: 'want_to_help' } });
  });
  // Then the relay removes it, and the write stays.
  await waitFor(async () => ((await pending(userId)) === 0 ? true : undefined), 20_000);
  expect((await users.findById(userId).lean())?.help_preference).toBe('want_to_help');
});
