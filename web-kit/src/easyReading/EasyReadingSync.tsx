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

/** Saves the preferences on the account, and keeps the session's copy of the user in step. */
export async function saveReadingPreferences(
  queryClient: QueryClient,
  preferences: ReadingPreferences,
): Promise<void> {
  const saved = await authApi.setPreferences(preferences);
  applyReadingPreferences(saved, false);
  queryClient.setQueryData<User | null>(SESSION_QUERY_KEY, (user) =>
    user ? { ...user, preferences: saved } : user,
  );
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
    if (accountPreferences) applyReadingPreferences(accountPreferences, false);
  }, [signedIn, largeText, highContrast, queryClient]);

  return null;
}
