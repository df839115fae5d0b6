/**
 * The fonts of the printed documents: the very Noto Sans files the web app ships (@fontsource, WOFF 1.0),
 * one family per script of the nine languages plus Latin, regular (400) and semibold (600), read from the
 * installed packages (no network). Each is unpacked once per process and given to HarfBuzz for shaping;
 * the PDF embeds a subset of each font a document draws.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type * as HarfBuzz from 'harfbuzzjs';
import { woffToSfnt } from './sfnt';

export type Hb = typeof HarfBuzz;
export type Weight = 400 | 600;

/** Latin first: digits, punctuation and spaces take it unless a script font is already drawing a word. */
export const FONT_SUBSETS = [
  ['devanagari', 'latin'],
  ['devanagari', 'latin-ext'],
  ['devanagari', 'devanagari'],
  ['gujarati', 'gujarati'],
  ['gurmukhi', 'gurmukhi'],
  ['tamil', 'tamil'],
  ['telugu', 'telugu'],
  ['bengali', 'bengali'],
  ['malayalam', 'malayalam'],
] as const;

export interface LoadedFont {
  /** `<subset>-<weight>`, e.g. `tamil-600`. */
  key: string;
  sfnt: Buffer;
  hb: HarfBuzz.Font;
  unitsPerEm: number;
  covers: (codePoint: number) => boolean;
}

function fontFile(family: string, subset: string, weight: Weight): string {
  const pkg = path.dirname(require.resolve(`@fontsource/noto-sans-${family}/package.json`));
  return path.join(pkg, 'files', `noto-sans-${family}-${subset}-${weight}-normal.woff`);
}

/** Every font, both weights, in fallback order. */
export function loadFonts(hb: Hb): Record<Weight, LoadedFont[]> {
  const load = (weight: Weight) =>
    FONT_SUBSETS.map(([family, subset]) => {
      const sfnt = woffToSfnt(readFileSync(fontFile(family, subset, weight)));
      const face = new hb.Face(new hb.Blob(sfnt));
      const covered = new Set(face.collectUnicodes());
      return {
        key: `${subset}-${weight}`,
        sfnt,
        hb: new hb.Font(face),
        unitsPerEm: face.upem,
        covers: (codePoint: number) => covered.has(codePoint),
      };
    });
  return { 400: load(400), 600: load(600) };
}
