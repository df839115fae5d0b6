/**
 * A one-page PDF 1.7 writer for text that is already shaped: it draws glyph ids where the layout put them
 * (Type0 fonts, Identity-H encoding, CIDFontType2 with CIDToGIDMap /Identity), so what HarfBuzz decided about
 * conjuncts, reordered vowel signs and mark positions is exactly what is printed. Each font is embedded as a
 * subset of the glyphs drawn (sfnt.ts). Text stays extractable: every line is a marked-content span whose
 * /ActualText is the line as written (ISO 32000-1 §14.9.4), because a shaped Indic line has no one-to-one map
 * from glyphs back to characters (a vowel sign drawn before its consonant, a conjunct drawn as one glyph);
 * each font also has a ToUnicode map of the glyphs that do map to text, for viewers without ActualText.
 */
import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { fontMetrics, subsetFont, type FontMetrics } from './sfnt';

/** A font as a document uses it. */
export interface PdfFont {
  /** The resource name (F1, F2, ...). */
  id: string;
  sfnt: Buffer;
  metrics: FontMetrics;
  /** Text of each glyph drawn that starts a cluster (for ToUnicode). */
  glyphText: Map<number, string>;
  used: Set<number>;
}

const metricsOf = new WeakMap<Buffer, FontMetrics>();

export function pdfFont(id: string, sfnt: Buffer): PdfFont {
  let metrics = metricsOf.get(sfnt);
  if (!metrics) metricsOf.set(sfnt, (metrics = fontMetrics(sfnt)));
  return { id, sfnt, metrics, glyphText: new Map(), used: new Set() };
}

/** Glyphs of one font at one size; positions in points from the page's bottom left. */
export interface GlyphRun {
  font: PdfFont;
  size: number;
  glyphs: Array<{ gid: number; x: number; y: number }>;
  /** Fill colour, 0–1 each. */
  color: readonly [number, number, number];
}

/** A line of text as written (its ActualText) and the runs that draw it. */
export interface TextLine {
  text: string;
  runs: GlyphRun[];
}

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
  color: readonly [number, number, number];
  /** Stroked (with this line width) instead of filled. */
  stroke?: number;
}

export interface PageContent {
  width: number;
  height: number;
  lines: TextLine[];
  rects: Rect[];
}

const num = (value: number) => {
  const rounded = Math.round(value * 100) / 100;
  return Object.is(rounded, -0) ? '0' : String(rounded);
};

/** A PDF text string in UTF-16BE with its byte order mark, as hex (any script, no escaping). */
export function utf16Hex(text: string): string {
  let hex = 'FEFF';
  for (let i = 0; i < text.length; i++) hex += text.charCodeAt(i).toString(16).padStart(4, '0').toUpperCase();
  return `<${hex}>`;
}

const gidHex = (gid: number) => gid.toString(16).padStart(4, '0').toUpperCase();
const rgb = (color: readonly [number, number, number]) => color.map(num).join(' ');

/** The width of a glyph in the PDF's text space (thousandths of the font size), as the /W array says. */
export const glyphWidth = (font: PdfFont, gid: number) =>
  Math.round(((font.metrics.advances[gid] ?? 0) * 1000) / font.metrics.unitsPerEm);

function contentStream(page: PageContent): string {
  const out: string[] = [];
  for (const rect of page.rects) {
    if (rect.stroke)
      out.push(
        `${rgb(rect.color)} RG ${num(rect.stroke)} w ${num(rect.x)} ${num(rect.y)} ${num(rect.w)} ${num(rect.h)} re S`,
      );
    else out.push(`${rgb(rect.color)} rg ${num(rect.x)} ${num(rect.y)} ${num(rect.w)} ${num(rect.h)} re f`);
  }
  for (const line of page.lines) {
    out.push(`/Span << /ActualText ${utf16Hex(line.text)} >> BDC BT`);
    for (const run of line.runs) {
      if (run.glyphs.length === 0) continue;
      out.push(`${rgb(run.color)} rg /${run.font.id} ${num(run.size)} Tf`);
      // A glyph where the previous one's advance leaves the pen continues the same string; any other
      // position (a mark's offset, kerning, a word gap) starts a new one with its own text matrix.
      let hex = '';
      let penX = Number.NaN;
      let penY = Number.NaN;
      for (const glyph of run.glyphs) {
        if (!(Math.abs(glyph.x - penX) < 0.01 && Math.abs(glyph.y - penY) < 0.01)) {
          if (hex) out.push(`<${hex}> Tj`);
          hex = '';
          out.push(`1 0 0 1 ${num(glyph.x)} ${num(glyph.y)} Tm`);
        }
        hex += gidHex(glyph.gid);
        penX = glyph.x + (glyphWidth(run.font, glyph.gid) * run.size) / 1000;
        penY = glyph.y;
      }
      if (hex) out.push(`<${hex}> Tj`);
    }
    out.push('ET EMC');
  }
  return out.join('\n');
}

function toUnicode(font: PdfFont): string {
  const entries = [...font.glyphText].filter(([gid, text]) => font.used.has(gid) && text.length > 0);
  const blocks: string[] = [];
  for (let i = 0; i < entries.length; i += 100) {
    const chunk = entries.slice(i, i + 100);
    blocks.push(
      `${chunk.length} beginbfchar\n${chunk.map(([gid, text]) => `<${gidHex(gid)}> ${utf16Hex(text).replace('<FEFF', '<')}`).join('\n')}\nendbfchar`,
    );
  }
  return [
    '/CIDInit /ProcSet findresource begin',
    '12 dict begin',
    'begincmap',
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
    '/CMapName /Adobe-Identity-UCS def',
    '/CMapType 2 def',
    '1 begincodespacerange',
    '<0000> <FFFF>',
    'endcodespacerange',
    ...blocks,
    'endcmap',
    'CMapName currentdict /CMap defineresource pop',
    'end',
    'end',
  ].join('\n');
}

/** The /W array: runs of consecutive used glyph ids with their widths. */
function widths(font: PdfFont): string {
  const gids = [...font.used].sort((a, b) => a - b);
  const parts: string[] = [];
  let i = 0;
  while (i < gids.length) {
    const start = gids[i]!;
    const run = [glyphWidth(font, start)];
    while (i + 1 < gids.length && gids[i + 1] === gids[i]! + 1) {
      i += 1;
      run.push(glyphWidth(font, gids[i]!));
    }
    parts.push(`${start} [${run.join(' ')}]`);
    i += 1;
  }
  return `[${parts.join(' ')}]`;
}

/** Six capital letters naming a subset (ISO 32000-1 §9.6.4), from the glyphs it holds. */
function subsetTag(font: PdfFont): string {
  const digest = createHash('sha256')
    .update([...font.used].sort((a, b) => a - b).join(','))
    .digest();
  return [...digest.subarray(0, 6)].map((byte) => String.fromCharCode(65 + (byte % 26))).join('');
}

export interface PdfDocumentInfo {
  title: string;
  /** BCP 47 language of the document's text (the Catalog's /Lang). */
  lang: string;
}

/** The whole file. Deterministic for the same input (no dates; the ID is a digest of the content). */
export function writePdf(page: PageContent, fonts: PdfFont[], info: PdfDocumentInfo): Buffer {
  const objects: Array<Buffer | string> = [];
  const add = (body: Buffer | string) => {
    objects.push(body);
    return objects.length;
  };
  const stream = (dict: string, data: Buffer) =>
    Buffer.concat([
      Buffer.from(`<< ${dict} /Length ${data.length} >>\nstream\n`, 'latin1'),
      data,
      Buffer.from('\nendstream', 'latin1'),
    ]);

  const catalog = add('');
  const pages = add('');
  const pageObject = add('');
  const content = Buffer.from(contentStream(page), 'latin1');
  const contents = add(stream('/Filter /FlateDecode', deflateSync(content)));
  const resources: string[] = [];
  for (const font of fonts.filter((f) => f.used.size > 0)) {
    const name = `${subsetTag(font)}+${font.metrics.postscriptName.replace(/[^A-Za-z0-9-]/g, '')}`;
    const program = subsetFont(font.sfnt, font.used);
    const file = add(stream(`/Filter /FlateDecode /Length1 ${program.length}`, deflateSync(program)));
    const scale = (value: number) => Math.round((value * 1000) / font.metrics.unitsPerEm);
    const [x0, y0, x1, y1] = font.metrics.bbox;
    const descriptor = add(
      `<< /Type /FontDescriptor /FontName /${name} /Flags 4 /FontBBox [${scale(x0)} ${scale(y0)} ${scale(x1)} ${scale(y1)}] /ItalicAngle 0 /Ascent ${scale(font.metrics.ascender)} /Descent ${scale(font.metrics.descender)} /CapHeight ${scale(font.metrics.ascender)} /StemV 80 /FontFile2 ${file} 0 R >>`,
    );
    const cidFont = add(
      `<< /Type /Font /Subtype /CIDFontType2 /BaseFont /${name} /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /FontDescriptor ${descriptor} 0 R /DW 0 /W ${widths(font)} /CIDToGIDMap /Identity >>`,
    );
    const cmap = add(stream('/Filter /FlateDecode', deflateSync(Buffer.from(toUnicode(font), 'latin1'))));
    const type0 = add(
      `<< /Type /Font /Subtype /Type0 /BaseFont /${name} /Encoding /Identity-H /DescendantFonts [${cidFont} 0 R] /ToUnicode ${cmap} 0 R >>`,
    );
    resources.push(`/${font.id} ${type0} 0 R`);
  }
  const infoObject = add(`<< /Title ${utf16Hex(info.title)} /Producer (SafarSaathi) >>`);
  objects[catalog - 1] =
    `<< /Type /Catalog /Pages ${pages} 0 R /Lang (${info.lang}) /ViewerPreferences << /DisplayDocTitle true >> >>`;
  objects[pages - 1] = `<< /Type /Pages /Kids [${pageObject} 0 R] /Count 1 >>`;
  objects[pageObject - 1] =
    `<< /Type /Page /Parent ${pages} 0 R /MediaBox [0 0 ${num(page.width)} ${num(page.height)}] ` +
    `/Resources << /Font << ${resources.join(' ')} >> >> /Contents ${contents} 0 R >>`;

  const chunks: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let length = chunks[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(length);
    const chunk = Buffer.concat([
      Buffer.from(`${index + 1} 0 obj\n`, 'latin1'),
      typeof body === 'string' ? Buffer.from(body, 'latin1') : body,
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    chunks.push(chunk);
    length += chunk.length;
  });
  const id = createHash('md5').update(Buffer.concat(chunks)).digest('hex');
  const xref = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n `),
    'trailer',
    `<< /Size ${objects.length + 1} /Root ${catalog} 0 R /Info ${infoObject} 0 R /ID [<${id}> <${id}>] >>`,
    'startxref',
    String(length),
    '%%EOF',
    '',
  ].join('\n');
  chunks.push(Buffer.from(xref, 'latin1'));
  return Buffer.concat(chunks);
}
