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

/** The words `speakableText` puts in place of what is not worth speaking as written, in the page's language. */
export interface SpeechWords {
  /** Said instead of a 6-digit code (the hand-over code, a sign-in code): "a code shown on the screen". */
  codeOnScreen: string;
  /** A route between two airport codes, already spelled out: "D E L to J F K". */
  route: (from: string, to: string) => string;
}

/**
 * A case, report, support or reference id (`SC-XD7UD5US`, `SS-…`, `RF-…`; platform's readableId), with a "#"
 * before it: nothing a listener can use, so it is left out.
 */
const READABLE_ID = /#?\s*\b[A-Z]{2,3}-[A-Z0-9]{4,}\b/g;
/** Six digits on their own (the hand-over code, a sign-in code), not part of a longer number, date or time. */
const SIX_DIGITS = /(?<![\d+:/-]|\d[.,])\b\d{6}\b(?![\d:/-]|[.,]\d)/g;
/** Two airport codes joined by an arrow, as cards and the family page write a route. */
const ROUTE = /\b([A-Z]{3})\s*→\s*([A-Z]{3})\b/g;
/** An arrow left over (a route of three airports, or one written otherwise). */
const ARROW = /\s*→\s*/g;
/** A flight number: a two-letter airline code (AI 105, BA138) … */
const FLIGHT = /\b([A-Z]{2}) ?(\d{1,4}[A-Z]?)\b/g;
/** … or one with a digit (6E 2134, G8 112), written with its space, so a gate or seat like B12 is not taken. */
const FLIGHT_WITH_DIGIT = /\b(\d[A-Z]|[A-Z]\d) (\d{1,4})\b/g;
/** What a line may not start or end with once an id is gone: separators and dangling signs. */
const EDGE_MARKS = /^[\s\-–—:·,#/]+|[\s\-–—·,#/]+$/g;
/** A line already ending as a sentence (or a label ending with a colon). */
const SENTENCE_END = /[.!?।॥:;…]$/;

/** Each letter or digit of a code on its own ("DEL" → "D E L"), as people say airport and airline codes. */
const spelled = (code: string) => code.split('').join(' ');

/**
 * What "Read aloud" says for a card's or a message's text: the same text, read as sentences and without what
 * a voice turns into noise. Case and other ids are left out; a 6-digit code is described, never read out (a
 * hand-over code said aloud in an airport hall is a code given away); airport and airline codes are spelled
 * ("D E L to J F K", "A I 105"); separators become pauses; each line ends as a sentence, so the voice pauses
 * between a card's lines. Lines left with nothing to say are dropped.
 */
export function speakableText(text: string, words: SpeechWords): string {
  return text
    .split(/\n+/)
    .map((line) =>
      line
        .replace(READABLE_ID, ' ')
        .replace(SIX_DIGITS, words.codeOnScreen)
        .replace(ROUTE, (_match, from: string, to: string) => words.route(spelled(from), spelled(to)))
        .replace(ARROW, ', ')
        .replace(FLIGHT, (_match, airline: string, number: string) => `${spelled(airline)} ${number}`)
        .replace(
          FLIGHT_WITH_DIGIT,
          (_match, airline: string, number: string) => `${spelled(airline)} ${number}`,
        )
        .replace(/\s+·\s+/g, ', ')
        .replace(/\(\s*\)/g, ' ')
        .replace(/\s+/g, ' ')
        .replace(/ ([.,!?।:;])/g, '$1')
        .replace(EDGE_MARKS, ''),
    )
    .filter((line) => /[\p{L}\p{N}]/u.test(line))
    .map((line) => (SENTENCE_END.test(line) ? line : `${line}.`))
    .join('\n');
}
