/// <reference lib="dom" />
/**
 * Easy reading in a browser test (addendum §4): a stand-in for speech synthesis with the voices a test
 * wants, and the large-text checks (text cut off, text under 20 px, targets under 48 px).
 */
import type { BrowserContext, Page } from '@playwright/test';

export interface Spoken {
  text: string;
  lang: string;
  voice: string | null;
}

/**
 * A stand-in for the browser's speech synthesis: the given voices (listed only after `voiceschanged`
 * when `late`), utterances recorded in window.__spoken, speaking until cancel() or __finishSpeaking().
 */
export async function fakeSpeech(context: BrowserContext, voiceLangs: string[], late = false): Promise<void> {
  await context.addInitScript(
    ([langs, listLate]) => {
      const voices = langs.map((lang, index) => ({
        lang,
        name: `Fake ${lang}`,
        voiceURI: `fake-${lang}`,
        default: index === 0,
        localService: true,
      }));
      let listed = listLate ? [] : voices;
      const events = new EventTarget();
      const spoken: Array<{ text: string; lang: string; voice: string | null }> = [];
      let pending: EventTarget[] = [];
      const w = window as unknown as Record<string, unknown>;
      w.__spoken = spoken;
      w.__cancels = 0;
      class FakeUtterance extends EventTarget {
        lang = '';
        voice: { lang: string } | null = null;
        constructor(public text: string) {
          super();
        }
      }
      const synthesis = {
        getVoices: () => listed,
        speak: (utterance: FakeUtterance) => {
          spoken.push({ text: utterance.text, lang: utterance.lang, voice: utterance.voice?.lang ?? null });
          pending.push(utterance);
        },
        cancel: () => {
          w.__cancels = (w.__cancels as number) + 1;
          const cut = pending;
          pending = [];
          for (const utterance of cut) utterance.dispatchEvent(new Event('error'));
        },
        pause: () => undefined,
        resume: () => undefined,
        addEventListener: events.addEventListener.bind(events),
        removeEventListener: events.removeEventListener.bind(events),
      };
      Object.defineProperty(window, 'speechSynthesis', { value: synthesis, configurable: true });
      Object.defineProperty(window, 'SpeechSynthesisUtterance', { value: FakeUtterance, configurable: true });
      w.__finishSpeaking = () => {
        const done = pending;
        pending = [];
        for (const utterance of done) utterance.dispatchEvent(new Event('end'));
      };
      if (listLate)
        setTimeout(() => {
          listed = voices;
          events.dispatchEvent(new Event('voiceschanged'));
        }, 300);
    },
    [voiceLangs, late] as const,
  );
}

export const spoken = (page: Page) =>
  page.evaluate(() => (window as unknown as { __spoken: Spoken[] }).__spoken);

/** Text cut off on this screen: no horizontal page scroll, and no element clipping its own text. */
export async function cutOffText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth + 1) {
      // Named by the innermost elements that reach past the screen's edge, text or not.
      const past = Array.from(document.body.querySelectorAll<HTMLElement>('*')).filter(
        (element) => element.getBoundingClientRect().right > root.clientWidth + 1,
      );
      const innermost = past
        .filter((element) => !past.some((other) => other !== element && element.contains(other)))
        .slice(0, 3)
        .map((element) => `<${element.tagName.toLowerCase()} class="${element.className}">`);
      problems.push(
        `page scrolls sideways: ${root.scrollWidth} > ${root.clientWidth} (${innermost.join(', ')})`,
      );
    }
    for (const element of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
      const ownText = Array.from(element.childNodes).some(
        (node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim(),
      );
      if (!ownText || element.closest('[aria-hidden="true"], .MuiInputBase-root')) continue;
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      const style = getComputedStyle(element);
      const clips = style.overflowX !== 'visible' || style.textOverflow === 'ellipsis';
      if (clips && element.scrollWidth > element.clientWidth + 1)
        problems.push(
          `cut off: "${element.textContent?.trim().slice(0, 40)}" (${element.scrollWidth} > ${element.clientWidth})`,
        );
      if (rect.right > root.clientWidth + 1 || rect.left < -1)
        problems.push(`outside the screen: "${element.textContent?.trim().slice(0, 40)}"`);
      // Whole, but past the edge of a box that hides what overflows it (a button beyond a card's edge).
      for (let box = element.parentElement; box && box !== document.body; box = box.parentElement) {
        const overflow = getComputedStyle(box).overflowX;
        if (overflow !== 'hidden' && overflow !== 'clip') continue;
        const edges = box.getBoundingClientRect();
        if (rect.right > edges.right + 1 || rect.left < edges.left - 1)
          problems.push(`hidden past the edge of its box: "${element.textContent?.trim().slice(0, 40)}"`);
        break;
      }
    }
    return problems;
  });
}

/** Body text of at least 20 px, and every visible button at least 48 px tall and wide. */
export async function largeTextProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const body = parseFloat(getComputedStyle(document.body).fontSize);
    if (body < 20) problems.push(`body text ${body}px`);
    for (const p of Array.from(
      document.querySelectorAll<HTMLElement>('p, .MuiTypography-body1, .MuiTypography-body2'),
    )) {
      const size = parseFloat(getComputedStyle(p).fontSize);
      if (p.getBoundingClientRect().height > 0 && size < 20)
        problems.push(`text "${p.textContent?.trim().slice(0, 30)}" at ${size}px`);
    }
    for (const control of Array.from(
      document.querySelectorAll<HTMLElement>(
        'button, [role="button"], a.MuiButton-root, input[type="checkbox"], input[type="radio"]',
      ),
    )) {
      const target = control.matches('input') ? control.parentElement! : control;
      const rect = target.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0 || getComputedStyle(target).visibility === 'hidden') continue;
      if (rect.height < 47.5 || rect.width < 47.5)
        problems.push(
          `target "${control.getAttribute('aria-label') ?? control.textContent?.trim().slice(0, 30)}" ${Math.round(rect.width)}×${Math.round(rect.height)}`,
        );
    }
    return problems;
  });
}

/**
 * Words split across two lines (a column too narrow for one word, e.g. "Welcom-e,"): each word of each
 * visible text is measured with a Range; one drawn on two lines (boxes that do not overlap vertically; a
 * script's marks may sit a pixel higher on the same line) is broken. A word nearly as wide as the screen
 * (a long e-mail address on a phone) fits no column and is left out, as are inputs and hidden parts.
 */
export async function brokenWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const widest = document.documentElement.clientWidth - 48;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('[aria-hidden="true"], .MuiInputBase-root, script, style')) continue;
      if (parent.getBoundingClientRect().width === 0) continue;
      // Hyphens, slashes, dashes and arrows are places a line may break; a word is what lies between.
      for (const match of (node.textContent ?? '').matchAll(/[^\s\-‐/–—→]+/gu)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const boxes = Array.from(range.getClientRects())
          .filter((rect) => rect.width > 0)
          .sort((a, b) => a.top - b.top);
        const width = boxes.reduce((sum, rect) => sum + rect.width, 0);
        const onTwoLines = boxes.some((rect, i) => i > 0 && rect.top >= boxes[i - 1]!.bottom - 1);
        if (onTwoLines && width <= widest)
          problems.push(`"${match[0]}" broken across lines in "${parent.textContent?.trim().slice(0, 40)}"`);
      }
    }
    return problems;
  });
}
