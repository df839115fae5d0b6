import type { ReadingPreferences, User } from '@safarsaathi/contracts';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { authApi } from '../api/auth';
import { SESSION_QUERY_KEY, useSession } from '../session/SessionContext';
import {
  applyReadingPreferences,
  hasUnsavedReadingChoice,
  parseReadingPreferences,
  rememberedReadingPreferences,
  samePreferences,
} from './preferences';

/** The saves in order: each waits for the one before, so the account ends with the latest choice. */
let saving: Promise<unknown> = Promise.resolve();
/** Counts the saves asked for: only the latest one's answer is applied. */
let saves = 0;
/** Saves not answered yet: meanwhile the session's copy may be older than the page's choice. */
let pending = 0;

/**
 * Saves the preferences on the account, and keeps the session's copy of the user in step. Saves go one at a
 * time, in the order chosen, and the answer of one that a later choice overtook is not applied: large text
 * turned on and off again quickly (issue 38's browser walk did) must not come back on when the first answer
 * arrives after the second tap.
 */
export function saveReadingPreferences(
  queryClient: QueryClient,
  preferences: ReadingPreferences,
): Promise<void> {
  const mine = ++saves;
  pending += 1;
  const save = saving
    .then(async () => {
      const saved = await authApi.setPreferences(preferences);
      if (mine !== saves) return;
      applyReadingPreferences(saved, false);
      queryClient.setQueryData<User | null>(SESSION_QUERY_KEY, (user) =>
        user ? { ...user, preferences: saved } : user,
      );
    })
    .finally(() => {
      pending -= 1;
    });
  saving = save.catch(() => undefined);
  return save;
}

/**
 * Once a user is signed in, the account's preferences and the page agree: a choice made signed out (the
 * latest the person made) is saved to the account; otherwise the account's preferences are applied.
 */
export function EasyReadingSync() {
  const session = useSession();
  const queryClient = useQueryClient();
  const signedIn = session.status === 'signed-in';
  // A user cached by an older page may have no preferences: nothing to apply then.
  const account = parseReadingPreferences(session.user?.preferences);
  const largeText = account?.large_text;
  const highContrast = account?.high_contrast;

  useEffect(() => {
    if (!signedIn) return;
    const choice = rememberedReadingPreferences();
    const accountPreferences =
      largeText === undefined || highContrast === undefined
        ? undefined
        : { large_text: largeText, high_contrast: highContrast };
    if (hasUnsavedReadingChoice() && choice) {
      if (accountPreferences && samePreferences(choice, accountPreferences))
        applyReadingPreferences(choice, false);
      // On failure the choice stays unsaved and is tried again at the next sign-in or page load.
      else saveReadingPreferences(queryClient, choice).catch(() => undefined);
      return;
    }
    // A session answer fetched before a save still on its way would undo the page's newer choice.
    if (accountPreferences && pending === 0) applyReadingPreferences(accountPreferences, false);
  }, [signedIn, largeText, highContrast, queryClient]);

  return null;
}
