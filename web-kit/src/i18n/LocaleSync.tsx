import { isLocale, type Locale, type User } from '@safarsaathi/contracts';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { authApi } from '../api/auth';
import { SESSION_QUERY_KEY, useSession } from '../session/SessionContext';
import { activeLocale, changeLocale } from './i18n';
import { hasUnsavedChoice, rememberedLocale, rememberLocale } from './locale';

/** Saves the language on the account, and keeps the session's copy of the user in step. */
export async function saveLocale(queryClient: QueryClient, locale: Locale): Promise<void> {
  await authApi.setLocale(locale);
  rememberLocale(locale, false);
  queryClient.setQueryData<User | null>(SESSION_QUERY_KEY, (user) => (user ? { ...user, locale } : user));
}

/**
 * Once a user is signed in, the account's language and the page agree: a choice made signed out (the
 * latest the person made) is saved to the account; otherwise the account's language is applied.
 */
export function LocaleSync() {
  const session = useSession();
  const queryClient = useQueryClient();
  const signedIn = session.status === 'signed-in';
  const accountLocale = session.user?.locale;

  useEffect(() => {
    if (!signedIn) return;
    const choice = rememberedLocale();
    if (hasUnsavedChoice() && choice) {
      if (choice === accountLocale) rememberLocale(choice, false);
      // On failure the choice stays unsaved and is tried again at the next sign-in or page load.
      else saveLocale(queryClient, choice).catch(() => undefined);
      return;
    }
    if (isLocale(accountLocale)) {
      rememberLocale(accountLocale, false);
      if (accountLocale !== activeLocale()) void changeLocale(accountLocale);
    }
  }, [signedIn, accountLocale, queryClient]);

  return null;
}
