/**
 * "Read aloud" (addendum §4): the browser's speech synthesis, in the page's language, only when the
 * browser has a voice for it. Pure helpers here (unit-tested); the hook and button use them.
 */
import { INTL_LOCALE, type Locale } from '@safarsaathi/contracts';

/** The parts of a SpeechSynthesisVoice the choice looks at. */
export interface VoiceLike {
  lang: string;
  default?: boolean;
  localService?: boolean;
}

const normalise = (tag: string) => tag.trim().replace(/_/g, '-').toLowerCase();

/**
 * The language tag speech is asked for: the page's Intl tag without its Unicode extension (bn and mr
 * format with Latin digits, `bn-IN-u-nu-latn`; voices are listed as plain `bn-IN`).
 */
export function speechLang(locale: Locale): string {
  return INTL_LOCALE[locale].split('-u-')[0]!;
}

/**
 * The voice for a page language: one for the exact tag of `speechLang` (e.g. hi-IN), else one for the language in any region (hi, hi-Latn-IN...). Among equals the browser's
 * default, then one on the device (no network needed), then the first. None: undefined (no button).
 */
export function pickVoice<V extends VoiceLike>(voices: readonly V[], locale: Locale): V | undefined {
  const exact = normalise(speechLang(locale));
  const language = locale.toLowerCase();
  const rank = (voice: V) => (voice.default ? 0 : 2) + (voice.localService ? 0 : 1);
  const best = (candidates: V[]) => [...candidates].sort((a, b) => rank(a) - rank(b))[0];
  const tags = voices.map((voice) => normalise(voice.lang));
  const exactMatches = voices.filter((_, index) => tags[index] === exact);
  if (exactMatches.length > 0) return best(exactMatches);
  return best(
    voices.filter((_, index) => tags[index] === language || tags[index]!.startsWith(`${language}-`)),
  );
}

/** Longest piece handed to the synthesiser at once: some browsers stop a long utterance part-way. */
const CHUNK_MAX = 220;

/** Splits a text into pieces at line ends, then sentence ends, then spaces, each at most CHUNK_MAX long. */
export function speechChunks(text: string): string[] {
  const chunks: string[] = [];
  let current = '';
  const push = (piece: string) => {
    if (!piece) return;
    if (current && current.length + 1 + piece.length > CHUNK_MAX) {
      chunks.push(current);
      current = '';
    }
    if (piece.length <= CHUNK_MAX) {
      current = current ? `${current}\n${piece}` : piece;
      return;
    }
    // One piece too long on its own: cut at its last sentence end that fits, else its last space.
    const head = piece.slice(0, CHUNK_MAX + 1);
    const sentenceEnd = Math.max(...['. ', '! ', '? ', '। '].map((mark) => head.lastIndexOf(mark)));
    const cut =
      sentenceEnd > 0 ? sentenceEnd + 1 : head.lastIndexOf(' ') > 0 ? head.lastIndexOf(' ') : CHUNK_MAX;
    push(piece.slice(0, cut).trim());
    push(piece.slice(cut).trim());
  };
  for (const line of text.split(/\n+/)) push(line.replace(/\s+/g, ' ').trim());
  if (current) chunks.push(current);
  return chunks;
}

/**
 * The text a reader sees in an element, one line per element that holds text (so "DEL → JFK", rendered
 * as three text nodes of one heading, stays one line), without its controls (buttons and button-like
 * links, including the read-aloud button itself), hidden parts or anything marked `data-read-aloud="skip"`.
 */
export function readableText(element: HTMLElement): string {
  const skip =
    'button, [role="button"], .MuiButtonBase-root, [aria-hidden="true"], [hidden], svg, [data-read-aloud="skip"]';
  const walker = element.ownerDocument.createTreeWalker(element, NodeFilter.SHOW_TEXT, {
    acceptNode: (node) => {
      const skipped = node.parentElement?.closest(skip);
      return skipped && element.contains(skipped) ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT;
    },
  });
  const lines: string[] = [];
  let lineParent: Element | null = null;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent ?? '';
    if (node.parentElement === lineParent && lines.length > 0) lines[lines.length - 1] += text;
    else lines.push(text);
    lineParent = node.parentElement;
  }
  return lines
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}
