import type { Locale } from '@safarsaathi/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session/SessionContext';
import {
  formatDate,
  formatLanguage,
  formatLongDate,
  formatNumber,
  formatPrice,
  formatTime,
  relativeTime,
} from './format';
import { activeLocale, changeLocale } from './i18n';
import { rememberLocale } from './locale';
import { saveLocale } from './LocaleSync';

export interface LanguageControls {
  locale: Locale;
  /** Switches the page now; remembers the choice on this device, and on the account when signed in. */
  setLocale: (locale: Locale) => Promise<void>;
  /** The last choice could not be saved on the account (it is kept on this device). */
  saveFailed: boolean;
}

export function useLanguage(): LanguageControls {
  // Subscribes to language changes, so the caller renders again in the new language.
  useTranslation();
  const { status } = useSession();
  const queryClient = useQueryClient();
  const [saveFailed, setSaveFailed] = useState(false);
  const locale = activeLocale();

  const setLocale = useCallback(
    async (next: Locale) => {
      setSaveFailed(false);
      if (!(await changeLocale(next))) return;
      const signedIn = status === 'signed-in';
      // Signed out, the choice is marked unsaved: the next sign-in stores it on the account.
      rememberLocale(next, !signedIn);
      if (!signedIn) return;
      try {
        await saveLocale(queryClient, next);
      } catch {
        rememberLocale(next, true);
        setSaveFailed(true);
      }
    },
    [status, queryClient],
  );

  return { locale, setLocale, saveFailed };
}

/** Intl formatters bound to the page's language; the caller renders again when it changes. */
export function useFormat() {
  useTranslation();
  const locale = activeLocale();
  return useMemo(
    () => ({
      locale,
      date: (value: string | null | undefined) => formatDate(value, locale),
      longDate: (value: string | Date) => formatLongDate(value, locale),
      time: (value: string | Date) => formatTime(value, locale),
      number: (value: number) => formatNumber(value, locale),
      price: (value: number) => formatPrice(value, locale),
      relative: (iso: string, now?: number) => relativeTime(iso, now, locale),
      language: (name: string) => formatLanguage(name, locale),
    }),
    [locale],
  );
}
