import type { Identity, ReadingPreferences, ReadingPreferencesUpdate } from '@safarsaathi/contracts';
import { unauthorized } from '@safarsaathi/platform';
import type { AuthContext } from './context';
import { userLockKey } from '../persistence/users';
import { readingPreferencesOf } from './user-view';

/** GET /api/auth/preferences: the caller's own easy-reading preferences (identity from the session only). */
export async function readingPreferences(ctx: AuthContext, identity: Identity): Promise<ReadingPreferences> {
  const user = await ctx.users.findById(identity.userId).lean();
  if (!user || user.deleted) throw unauthorized();
  return readingPreferencesOf(user);
}

/**
 * PUT /api/auth/preferences: sets the fields given, keeps the other. No event: nothing outside the web app
 * reads these (e-mails and push look the same either way).
 */
export async function setReadingPreferences(
  ctx: AuthContext,
  identity: Identity,
  update: ReadingPreferencesUpdate,
): Promise<ReadingPreferences> {
  const $set: Partial<ReadingPreferences> = {};
  if (update.large_text !== undefined) $set.large_text = update.large_text;
  if (update.high_contrast !== undefined) $set.high_contrast = update.high_contrast;
  const user = await ctx.locks.around(userLockKey(identity.userId), () =>
    ctx.users
      .findOneAndUpdate({ _id: identity.userId, deleted: { $ne: true } }, { $set }, { new: true })
      .lean(),
  );
  if (!user) throw unauthorized();
  return readingPreferencesOf(user);
}
