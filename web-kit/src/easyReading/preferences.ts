/**
 * The page's easy-reading preferences (addendum §4): one store for the shell and every remote (web-kit is
 * a federation singleton). A visitor's choice is kept on this device (localStorage) and marked unsaved
 * until a sign-in stores it on the account, like the language; a signed-in user's come from the account.
 */
import { DEFAULT_READING_PREFERENCES, type ReadingPreferences } from '@safarsaathi/contracts';
import { useSyncExternalStore } from 'react';

export const READING_STORAGE_KEY = 'safarsaathi.easyReading';
/** Set while a choice made signed out has not reached the account yet: the next sign-in saves it. */
export const READING_UNSAVED_STORAGE_KEY = 'safarsaathi.easyReading.unsaved';

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined; // blocked storage (privacy settings)
  }
}

/** Anything but two booleans (an old or hand-edited value) reads as the defaults. */
export function parseReadingPreferences(raw: unknown): ReadingPreferences | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const { large_text, high_contrast } = raw as Record<string, unknown>;
  if (typeof large_text !== 'boolean' || typeof high_contrast !== 'boolean') return undefined;
  return { large_text, high_contrast };
}

function stored(): ReadingPreferences | undefined {
  try {
    const raw = storage()?.getItem(READING_STORAGE_KEY);
    return raw ? parseReadingPreferences(JSON.parse(raw)) : undefined;
  } catch {
    return undefined;
  }
}

let current: ReadingPreferences = stored() ?? DEFAULT_READING_PREFERENCES;
const listeners = new Set<() => void>();

export function readingPreferences(): ReadingPreferences {
  return current;
}

export const samePreferences = (a: ReadingPreferences, b: ReadingPreferences) =>
  a.large_text === b.large_text && a.high_contrast === b.high_contrast;

/** Applies preferences to the page now and keeps them on this device; `unsaved`: not on the account yet. */
export function applyReadingPreferences(next: ReadingPreferences, unsaved: boolean): void {
  try {
    storage()?.setItem(READING_STORAGE_KEY, JSON.stringify(next));
    if (unsaved) storage()?.setItem(READING_UNSAVED_STORAGE_KEY, '1');
    else storage()?.removeItem(READING_UNSAVED_STORAGE_KEY);
  } catch {
    // quota or privacy mode: the choice holds for this page only
  }
  if (samePreferences(current, next)) return;
  current = { large_text: next.large_text, high_contrast: next.high_contrast };
  for (const listener of listeners) listener();
}

export function hasUnsavedReadingChoice(): boolean {
  return storage()?.getItem(READING_UNSAVED_STORAGE_KEY) === '1';
}

/** The stored choice when there is one (the page may still show the defaults before it loads). */
export function rememberedReadingPreferences(): ReadingPreferences | undefined {
  return stored();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The page's preferences; the caller renders again when they change. */
export function useReadingPreferences(): ReadingPreferences {
  return useSyncExternalStore(subscribe, readingPreferences, readingPreferences);
}
