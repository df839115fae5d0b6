/**
 * Shaping and line breaking. A paragraph is cut into words at spaces (every one of the nine languages
 * separates words with spaces), each word into runs of one font (Latin, or the script's Noto font), and each
 * run is shaped by HarfBuzz, the shaper of Chromium, Firefox and Android, which applies the fonts' Indic
 * rules (conjuncts, reph, pre-base vowel signs, split vowels, mark positioning). Lines are filled greedily;
 * a word too long for a line is cut between grapheme clusters, never inside one.
 */
import type { Hb, LoadedFont, Weight } from './fonts';

export type Rgb = readonly [number, number, number];

export interface Style {
  size: number;
  weight: Weight;
  color: Rgb;
}

/** A shaped glyph: its id, where it starts in the run's text, its advance and offset in points. */
export interface ShapedGlyph {
  gid: number;
  cluster: number;
  advance: number;
  dx: number;
  dy: number;
}

export interface ShapedRun {
  font: LoadedFont;
  text: string;
  glyphs: ShapedGlyph[];
  width: number;
}

export interface ShapedWord {
  text: string;
  runs: ShapedRun[];
  width: number;
}

export interface Shaper {
  word(text: string, style: Style): ShapedWord;
  spaceWidth(style: Style): number;
}

const isSpaceLike = (cp: number) => cp === 0x200c || cp === 0x200d || cp === 0x25cc;
/** Marks and joiners stay in the font of what they attach to. */
const COMBINING = /\p{M}/u;

/** Cuts a word into runs of one font: the first font that has the character, marks with their base. */
export function fontRuns(
  text: string,
  fonts: readonly LoadedFont[],
): Array<{ font: LoadedFont; text: string }> {
  const runs: Array<{ font: LoadedFont; text: string }> = [];
  for (const char of text) {
    const cp = char.codePointAt(0)!;
    const last = runs.at(-1);
    const font =
      last && (COMBINING.test(char) || isSpaceLike(cp)) && last.font.covers(cp)
        ? last.font
        : (fonts.find((f) => f.covers(cp)) ?? fonts[0]!);
    if (last && last.font === font) last.text += char;
    else runs.push({ font, text: char });
  }
  return runs;
}

export function createShaper(hb: Hb, fonts: Record<Weight, LoadedFont[]>): Shaper {
  // Shaped once per word at 1 pt: HarfBuzz positions scale linearly with the size (no hinting), so a page
  // laid out again smaller (layout.ts) reuses them.
  const cache = new Map<string, ShapedWord>();
  const shapeRun = (font: LoadedFont, text: string): ShapedRun => {
    const buffer = new hb.Buffer();
    buffer.addText(text);
    buffer.guessSegmentProperties();
    hb.shape(font.hb, buffer);
    const scale = 1 / font.unitsPerEm;
    const infos = buffer.getGlyphInfos();
    const positions = buffer.getGlyphPositions();
    const glyphs = infos.map((info, i) => ({
      gid: info.codepoint,
      cluster: info.cluster,
      advance: positions[i]!.xAdvance * scale,
      dx: positions[i]!.xOffset * scale,
      dy: positions[i]!.yOffset * scale,
    }));
    return { font, text, glyphs, width: glyphs.reduce((sum, g) => sum + g.advance, 0) };
  };
  const unit = (text: string, weight: Weight) => {
    const key = `${weight}:${text}`;
    let word = cache.get(key);
    if (!word) {
      const runs = fontRuns(text, fonts[weight]).map((run) => shapeRun(run.font, run.text));
      word = { text, runs, width: runs.reduce((sum, run) => sum + run.width, 0) };
      if (cache.size > 20_000) cache.clear();
      cache.set(key, word);
    }
    return word;
  };
  return {
    word(text, style) {
      const word = unit(text, style.weight);
      const size = style.size;
      return {
        text,
        width: word.width * size,
        runs: word.runs.map((run) => ({
          ...run,
          width: run.width * size,
          glyphs: run.glyphs.map((g) => ({
            ...g,
            advance: g.advance * size,
            dx: g.dx * size,
            dy: g.dy * size,
          })),
        })),
      };
    },
    spaceWidth(style) {
      return unit(' ', style.weight).width * style.size;
    },
  };
}

/** A line of words, ready to place. */
export interface LaidLine {
  text: string;
  words: ShapedWord[];
  width: number;
}

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** Greedy line filling at spaces; a word wider than the line is cut between grapheme clusters. */
export function breakLines(shaper: Shaper, text: string, style: Style, maxWidth: number): LaidLine[] {
  const space = shaper.spaceWidth(style);
  const lines: LaidLine[] = [];
  let current: LaidLine = { text: '', words: [], width: 0 };
  const push = (word: ShapedWord) => {
    const extra = current.words.length > 0 ? space : 0;
    if (current.words.length > 0 && current.width + extra + word.width > maxWidth) {
      lines.push(current);
      current = { text: '', words: [], width: 0 };
    }
    const gap = current.words.length > 0 ? space : 0;
    current.text += (current.words.length > 0 ? ' ' : '') + word.text;
    current.words.push(word);
    current.width += gap + word.width;
  };
  for (const paragraphLine of text.split('\n')) {
    for (const token of paragraphLine.split(/\s+/).filter(Boolean)) {
      const word = shaper.word(token, style);
      if (word.width <= maxWidth) push(word);
      else {
        let piece = '';
        for (const { segment } of graphemes.segment(token)) {
          if (piece && shaper.word(piece + segment, style).width > maxWidth) {
            push(shaper.word(piece, style));
            piece = '';
          }
          piece += segment;
        }
        if (piece) push(shaper.word(piece, style));
      }
    }
    lines.push(current);
    current = { text: '', words: [], width: 0 };
  }
  return lines.filter((line) => line.words.length > 0);
}
