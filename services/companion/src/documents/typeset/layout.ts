/**
 * The page: a top-down flow of blocks on one A4 page (the documents are meant to be printed on whatever
 * printer a family has), with the QR code in the top right corner and the lines beside it kept clear of it.
 * When the content would not fit, everything is laid out again a little smaller, so the document stays one
 * page in every language (Malayalam and Tamil words are long).
 */
import {
  pdfFont,
  writePdf,
  type GlyphRun,
  type PageContent,
  type PdfFont,
  type Rect,
  type TextLine,
} from './pdf';
import type { LoadedFont } from './fonts';
import { correction, generate } from 'lean-qr';
import { breakLines, type Rgb, type Shaper, type Style } from './text';

export const A4 = { width: 595.28, height: 841.89 } as const;
const MARGIN = 36;

export const COLORS = {
  ink: [0.1, 0.1, 0.12],
  muted: [0.33, 0.35, 0.38],
  accent: [0.0, 0.33, 0.42],
  rule: [0.75, 0.78, 0.8],
  panel: [0.93, 0.96, 0.97],
  white: [1, 1, 1],
} as const satisfies Record<string, Rgb>;

export type StyleName = 'title' | 'heading' | 'body' | 'strong' | 'english' | 'big' | 'small' | 'code';

// Large enough for an older reader at arm's length; a page that does not fit is shrunk (renderDocument).
const STYLES: Record<StyleName, Style> = {
  title: { size: 19, weight: 600, color: COLORS.accent },
  heading: { size: 11, weight: 600, color: COLORS.accent },
  body: { size: 11, weight: 400, color: COLORS.ink },
  strong: { size: 11.5, weight: 600, color: COLORS.ink },
  english: { size: 9.5, weight: 400, color: COLORS.muted },
  big: { size: 14, weight: 600, color: COLORS.ink },
  small: { size: 7.5, weight: 400, color: COLORS.muted },
  code: { size: 48, weight: 600, color: COLORS.ink },
};

export type Block =
  | { kind: 'text'; text: string; style: StyleName; gap?: number; indent?: number }
  /** A table of two columns (the traveller's language, English), rows ruled apart. */
  | { kind: 'pairs'; rows: Array<readonly [string, string]> }
  /** Blocks on a tinted panel (the safety note, the code). */
  | { kind: 'panel'; blocks: Block[]; center?: boolean }
  | { kind: 'space'; height: number };

export interface QrCode {
  /** What the code says (a URL). */
  link: string;
  /** Lines under the code. */
  caption: string[];
}

/** The QR code's dark modules, row by row, with its quiet zone (4 modules). Correction level M (15 %). */
export function qrModules(text: string): boolean[][] {
  const code = generate(text, { minCorrectionLevel: correction.M });
  const quiet = 4;
  const size = code.size + 2 * quiet;
  return Array.from({ length: size }, (_, y) =>
    Array.from({ length: size }, (_, x) => code.get(x - quiet, y - quiet)),
  );
}

export interface DocumentSpec {
  title: string;
  lang: string;
  blocks: Block[];
  qr: QrCode;
}

const QR_SIZE = 112;
const QR_GAP = 14;

interface Cursor {
  y: number;
  lines: TextLine[];
  rects: Rect[];
  /** The QR code's modules: drawn last, so nothing can cover them. */
  qr: Rect[];
}

/** Lays the page out at `scale` (1 = the styles above); returns its content and where the flow ended. */
function layoutAt(
  spec: DocumentSpec,
  shaper: Shaper,
  pdfFontOf: (font: LoadedFont) => PdfFont,
  scale: number,
) {
  const styleOf = (name: StyleName): Style => ({ ...STYLES[name], size: STYLES[name].size * scale });
  const cursor: Cursor = { y: MARGIN, lines: [], rects: [], qr: [] };
  const qrLeft = A4.width - MARGIN - QR_SIZE;
  let qrBottom = MARGIN;

  // The QR code, top right: one filled square per dark module, on a white quiet zone.
  const modules = qrModules(spec.qr.link);
  const cell = QR_SIZE / modules.length;
  modules.forEach((row, r) => {
    let start = -1;
    row.forEach((dark, c) => {
      if (dark && start < 0) start = c;
      if ((!dark || c === row.length - 1) && start >= 0) {
        const end = dark ? c + 1 : c;
        cursor.qr.push({
          x: qrLeft + start * cell,
          y: A4.height - (MARGIN + (r + 1) * cell),
          w: (end - start) * cell,
          h: cell,
          color: COLORS.ink,
        });
        start = -1;
      }
    });
  });
  qrBottom = MARGIN + QR_SIZE + 4;
  for (const caption of spec.qr.caption) {
    for (const line of breakLines(shaper, caption, styleOf('small'), QR_SIZE)) {
      place(line, qrLeft + (QR_SIZE - line.width) / 2, qrBottom, styleOf('small'), cursor);
      qrBottom += styleOf('small').size * 1.45;
    }
  }

  const widthAt = (y: number, left: number, right: number) =>
    y < qrBottom + 4 ? Math.min(right, qrLeft - QR_GAP) - left : right - left;

  function flow(blocks: Block[], left: number, right: number, center = false) {
    for (const block of blocks) {
      if (block.kind === 'space') cursor.y += block.height * scale;
      else if (block.kind === 'text') {
        const style = styleOf(block.style);
        cursor.y += (block.gap ?? 0) * scale;
        const indent = (block.indent ?? 0) * scale;
        // The width of the first line decides the breaking; beside the QR code the column is narrower.
        const lines = breakLines(shaper, block.text, style, widthAt(cursor.y, left + indent, right));
        for (const line of lines) {
          const width = widthAt(cursor.y, left + indent, right);
          const x = center ? left + (right - left - line.width) / 2 : left + indent;
          place(line.width > width && !center ? line : line, x, cursor.y, style, cursor);
          cursor.y += style.size * 1.5;
        }
      } else if (block.kind === 'pairs') {
        const style = styleOf('body');
        const english = { ...styleOf('body'), color: COLORS.muted };
        const mid = left + (right - left) / 2;
        for (const [local, en] of block.rows) {
          const top = cursor.y;
          cursor.rects.push({ x: left, y: A4.height - top, w: right - left, h: 0.5, color: COLORS.rule });
          let yLeft = top + 3 * scale;
          for (const line of breakLines(shaper, local, style, mid - left - 8)) {
            place(line, left, yLeft, style, cursor);
            yLeft += style.size * 1.5;
          }
          let yRight = top + 3 * scale;
          for (const line of breakLines(shaper, en, english, right - mid)) {
            place(line, mid, yRight, english, cursor);
            yRight += english.size * 1.5;
          }
          cursor.y = Math.max(yLeft, yRight) + 2 * scale;
        }
      } else {
        const pad = 7 * scale;
        const top = cursor.y;
        const rectIndex = cursor.rects.length;
        // A panel beside the QR code stops short of it.
        const panelRight = left + widthAt(top, left, right);
        cursor.y += pad;
        flow(block.blocks, left + pad, panelRight - pad, block.center);
        cursor.y += pad - 2 * scale;
        // Behind its lines: rects are drawn before text.
        cursor.rects.splice(rectIndex, 0, {
          x: left,
          y: A4.height - cursor.y,
          w: panelRight - left,
          h: cursor.y - top,
          color: COLORS.panel,
        });
        cursor.y += 4 * scale;
      }
    }
  }

  /** Puts a shaped line with its top at `top` (points from the page's top). */
  function place(
    line: ReturnType<typeof breakLines>[number],
    x: number,
    top: number,
    style: Style,
    into: Cursor,
  ) {
    const baseline = A4.height - (top + style.size * 1.1);
    const runs: GlyphRun[] = [];
    let pen = x;
    const space = shaper.spaceWidth(style);
    line.words.forEach((word, index) => {
      if (index > 0) pen += space;
      for (const run of word.runs) {
        const font = pdfFontOf(run.font);
        const glyphs: GlyphRun['glyphs'] = [];
        const starts = [...new Set(run.glyphs.map((g) => g.cluster))].sort((a, b) => a - b);
        let previousCluster = -1;
        for (const glyph of run.glyphs) {
          glyphs.push({ gid: glyph.gid, x: pen + glyph.dx, y: baseline + glyph.dy });
          font.used.add(glyph.gid);
          if (glyph.cluster !== previousCluster && !font.glyphText.has(glyph.gid)) {
            const end = starts.find((s) => s > glyph.cluster) ?? run.text.length;
            font.glyphText.set(glyph.gid, run.text.slice(glyph.cluster, end));
          }
          previousCluster = glyph.cluster;
          pen += glyph.advance;
        }
        runs.push({ font, size: style.size, glyphs, color: style.color });
      }
    });
    into.lines.push({ text: line.text, runs });
  }

  flow(spec.blocks, MARGIN, A4.width - MARGIN);
  return { cursor, end: Math.max(cursor.y, qrBottom) };
}

/** The document as one PDF page: shrunk step by step until it fits (never below 60 %). */
export function renderDocument(spec: DocumentSpec, shaper: Shaper): Buffer {
  let scale = 1;
  for (;;) {
    const fonts = new Map<string, PdfFont>();
    const pdfFontOf = (font: LoadedFont) => {
      let pdf = fonts.get(font.key);
      if (!pdf) {
        pdf = pdfFont(`F${fonts.size + 1}`, font.sfnt);
        fonts.set(font.key, pdf);
      }
      return pdf;
    };
    const { cursor, end } = layoutAt(spec, shaper, pdfFontOf, scale);
    if (end <= A4.height - MARGIN || scale <= 0.6) {
      const page: PageContent = { ...A4, lines: cursor.lines, rects: [...cursor.rects, ...cursor.qr] };
      return writePdf(page, [...fonts.values()], { title: spec.title, lang: spec.lang });
    }
    scale = Math.max(0.6, scale * 0.93);
  }
}
