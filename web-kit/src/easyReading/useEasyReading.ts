import type { ReadingPreferences } from '@safarsaathi/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useSession } from '../session/SessionContext';
import { saveReadingPreferences } from './EasyReadingSync';
import { applyReadingPreferences, readingPreferences, useReadingPreferences } from './preferences';

export interface EasyReadingControls {
  preferences: ReadingPreferences;
  /** Applies one preference now; keeps it on this device, and on the account when signed in. */
  setPreference: (name: keyof ReadingPreferences, value: boolean) => Promise<void>;
  /** The last change could not be saved on the account (it is kept on this device). */
  saveFailed: boolean;
}

export function useEasyReading(): EasyReadingControls {
  const preferences = useReadingPreferences();
  const { status } = useSession();
  const queryClient = useQueryClient();
  const [saveFailed, setSaveFailed] = useState(false);

  const setPreference = useCallback(
    async (name: keyof ReadingPreferences, value: boolean) => {
      setSaveFailed(false);
      const next = { ...readingPreferences(), [name]: value };
      const signedIn = status === 'signed-in';
      // Signed out, the choice is marked unsaved: the next sign-in stores it on the account.
      applyReadingPreferences(next, !signedIn);
      if (!signedIn) return;
      try {
        await saveReadingPreferences(queryClient, next);
      } catch {
        applyReadingPreferences(next, true);
        setSaveFailed(true);
      }
    },
    [status, queryClient],
  );

  return { preferences, setPreference, saveFailed };
}
