import { useCallback, useEffect, useId, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { activeLocale } from '../i18n/i18n';
import { pickVoice, speechChunks, speechLang } from './readAloud';

const synthesis = (): SpeechSynthesis | undefined =>
  typeof window !== 'undefined' && 'speechSynthesis' in window ? window.speechSynthesis : undefined;

/** The browser's voices; many browsers list them only after `voiceschanged`. */
function subscribeVoices(listener: () => void): () => void {
  const speech = synthesis();
  speech?.addEventListener?.('voiceschanged', listener);
  return () => speech?.removeEventListener?.('voiceschanged', listener);
}
let voicesCache: { list: SpeechSynthesisVoice[]; key: string } = { list: [], key: '' };
function voicesSnapshot(): SpeechSynthesisVoice[] {
  const list = synthesis()?.getVoices() ?? [];
  const key = list.map((voice) => `${voice.voiceURI}|${voice.lang}`).join(',');
  if (key !== voicesCache.key) voicesCache = { list, key };
  return voicesCache.list;
}
const noVoices = (): SpeechSynthesisVoice[] => [];

/** Which read-aloud button is speaking now (one at a time on the page), so the others show "Read aloud". */
let speakingOwner: string | null = null;
/** Counts readings started on the page: only the latest one's end clears the speaking state. */
let readings = 0;
const ownerListeners = new Set<() => void>();
function setSpeakingOwner(owner: string | null): void {
  speakingOwner = owner;
  for (const listener of ownerListeners) listener();
}
function subscribeOwner(listener: () => void): () => void {
  ownerListeners.add(listener);
  return () => ownerListeners.delete(listener);
}

export interface ReadAloud {
  /** The browser has a voice for the page's language: without one, no button is shown. */
  available: boolean;
  speaking: boolean;
  /** Speaks the text (stopping anything else being read), or stops when this one is speaking. */
  toggle: (text: string) => void;
}

export function useReadAloud(): ReadAloud {
  // Renders again when the page's language changes.
  useTranslation();
  const locale = activeLocale();
  const voices = useSyncExternalStore(subscribeVoices, voicesSnapshot, noVoices);
  const voice = pickVoice(voices, locale);
  const id = useId();
  const owner = useSyncExternalStore(
    subscribeOwner,
    () => speakingOwner,
    () => null,
  );
  const speaking = owner === id;

  // Leaving the page (or the card going away) stops its reading.
  useEffect(
    () => () => {
      if (speakingOwner === id) {
        synthesis()?.cancel();
        setSpeakingOwner(null);
      }
    },
    [id],
  );

  const toggle = useCallback(
    (text: string) => {
      const speech = synthesis();
      if (!speech || !voice) return;
      const wasSpeaking = speakingOwner === id;
      // A new reading (or a stop): the end events of what cancel() cuts short no longer count.
      const reading = ++readings;
      speech.cancel();
      if (wasSpeaking) {
        setSpeakingOwner(null);
        return;
      }
      const chunks = speechChunks(text);
      if (chunks.length === 0) return;
      setSpeakingOwner(id);
      chunks.forEach((chunk, index) => {
        const utterance = new SpeechSynthesisUtterance(chunk);
        utterance.lang = speechLang(locale);
        utterance.voice = voice;
        if (index === chunks.length - 1) {
          const done = () => {
            if (readings === reading) setSpeakingOwner(null);
          };
          utterance.addEventListener('end', done);
          utterance.addEventListener('error', done);
        }
        speech.speak(utterance);
      });
    },
    [voice, locale, id],
  );

  return { available: Boolean(voice), speaking, toggle };
}
