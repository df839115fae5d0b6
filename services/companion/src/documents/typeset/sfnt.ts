/**
 * TrueType files for the PDF writer: a WOFF 1.0 font (the web's own @fontsource files) unpacked to its
 * sfnt, its few tables the writer needs read, and a subset that keeps only the glyphs a document draws.
 *
 * The subset keeps glyph ids as they are ("retain gids"): HarfBuzz shapes with the full font, and the PDF
 * draws those glyph ids through CIDToGIDMap /Identity, so nothing has to be renumbered. Unused glyphs become
 * empty (zero-length in `loca`), which is what makes the file small; `hmtx` stays whole (4 bytes a glyph).
 * Only the tables a PDF TrueType font program needs are kept (ISO 32000-1 §9.9: head, hhea, loca, maxp,
 * glyf, hmtx, and the hinting programs cvt/fpgm/prep when present); the layout tables (GSUB, GPOS, GDEF) and
 * cmap are not needed once the text is shaped.
 */
import { inflateSync } from 'node:zlib';

/** WOFF 1.0 → sfnt: each table inflated (zlib) where it was compressed, the directory rebuilt. */
export function woffToSfnt(woff: Uint8Array): Buffer {
  const data = Buffer.from(woff.buffer, woff.byteOffset, woff.byteLength);
  if (data.readUInt32BE(0) !== 0x774f4646) throw new Error('not a WOFF 1.0 font');
  const count = data.readUInt16BE(12);
  const tables = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    const entry = 44 + i * 20;
    const tag = data.toString('latin1', entry, entry + 4);
    const offset = data.readUInt32BE(entry + 4);
    const compressed = data.readUInt32BE(entry + 8);
    const original = data.readUInt32BE(entry + 12);
    const raw = data.subarray(offset, offset + compressed);
    tables.set(tag, compressed < original ? inflateSync(raw) : Buffer.from(raw));
  }
  return writeSfnt(data.readUInt32BE(4), tables);
}

/** The tables of an sfnt by tag. */
export function readTables(sfnt: Buffer): Map<string, Buffer> {
  const count = sfnt.readUInt16BE(4);
  const tables = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    const entry = 12 + i * 16;
    const offset = sfnt.readUInt32BE(entry + 8);
    tables.set(
      sfnt.toString('latin1', entry, entry + 4),
      sfnt.subarray(offset, offset + sfnt.readUInt32BE(entry + 12)),
    );
  }
  return tables;
}

function checksum(table: Buffer): number {
  let sum = 0;
  const padded =
    table.length % 4 === 0 ? table : Buffer.concat([table, Buffer.alloc(4 - (table.length % 4))]);
  for (let i = 0; i < padded.length; i += 4) sum = (sum + padded.readUInt32BE(i)) >>> 0;
  return sum;
}

/** An sfnt from its tables (sorted by tag, 4-byte aligned, checksums and head.checkSumAdjustment set). */
export function writeSfnt(flavor: number, tables: Map<string, Buffer>): Buffer {
  const tags = [...tables.keys()].sort();
  const headerSize = 12 + 16 * tags.length;
  const size = tags.reduce((total, tag) => total + ((tables.get(tag)!.length + 3) & ~3), headerSize);
  const out = Buffer.alloc(size);
  const power = 2 ** Math.floor(Math.log2(tags.length));
  out.writeUInt32BE(flavor, 0);
  out.writeUInt16BE(tags.length, 4);
  out.writeUInt16BE(power * 16, 6);
  out.writeUInt16BE(Math.log2(power), 8);
  out.writeUInt16BE(tags.length * 16 - power * 16, 10);
  let offset = headerSize;
  let headOffset = -1;
  tags.forEach((tag, i) => {
    const table = tables.get(tag)!;
    if (tag === 'head') {
      table.writeUInt32BE(0, 8);
      headOffset = offset;
    }
    out.write(tag, 12 + i * 16, 'latin1');
    out.writeUInt32BE(checksum(table), 16 + i * 16);
    out.writeUInt32BE(offset, 20 + i * 16);
    out.writeUInt32BE(table.length, 24 + i * 16);
    table.copy(out, offset);
    offset += (table.length + 3) & ~3;
  });
  if (headOffset >= 0) out.writeUInt32BE((0xb1b0afba - checksum(out)) >>> 0, headOffset + 8);
  return out;
}

/** What the PDF writer reads of a font: its metrics and name. */
export interface FontMetrics {
  postscriptName: string;
  unitsPerEm: number;
  ascender: number;
  descender: number;
  bbox: [number, number, number, number];
  numGlyphs: number;
  /** Advance widths by glyph id, in font units. */
  advances: Uint16Array;
}

export function fontMetrics(sfnt: Buffer): FontMetrics {
  const tables = readTables(sfnt);
  const head = tables.get('head')!;
  const hhea = tables.get('hhea')!;
  const maxp = tables.get('maxp')!;
  const hmtx = tables.get('hmtx')!;
  const numGlyphs = maxp.readUInt16BE(4);
  const longMetrics = hhea.readUInt16BE(34);
  const advances = new Uint16Array(numGlyphs);
  for (let gid = 0; gid < numGlyphs; gid++)
    advances[gid] = hmtx.readUInt16BE(Math.min(gid, longMetrics - 1) * 4);
  return {
    postscriptName: postscriptName(tables.get('name')) ?? 'NotoSans',
    unitsPerEm: head.readUInt16BE(18),
    ascender: hhea.readInt16BE(4),
    descender: hhea.readInt16BE(6),
    bbox: [head.readInt16BE(36), head.readInt16BE(38), head.readInt16BE(40), head.readInt16BE(42)],
    numGlyphs,
    advances,
  };
}

/** The name table's PostScript name (id 6), Windows Unicode or Macintosh Roman. */
function postscriptName(name: Buffer | undefined): string | null {
  if (!name) return null;
  const count = name.readUInt16BE(2);
  const strings = name.readUInt16BE(4);
  for (let i = 0; i < count; i++) {
    const record = 6 + i * 12;
    if (name.readUInt16BE(record + 6) !== 6) continue;
    const platform = name.readUInt16BE(record);
    const length = name.readUInt16BE(record + 8);
    const start = strings + name.readUInt16BE(record + 10);
    const bytes = name.subarray(start, start + length);
    if (platform === 3) return Buffer.from(bytes).swap16().toString('utf16le');
    if (platform === 1) return bytes.toString('latin1');
  }
  return null;
}

const KEPT_TABLES = ['head', 'hhea', 'hmtx', 'maxp', 'cvt ', 'fpgm', 'prep'];

/**
 * The font with only `used` glyphs (and the glyphs their composites are built from, and .notdef), ids kept.
 * `loca` is written in its long form (head.indexToLocFormat = 1).
 */
export function subsetFont(sfnt: Buffer, used: Iterable<number>): Buffer {
  const tables = readTables(sfnt);
  const head = Buffer.from(tables.get('head')!);
  const glyf = tables.get('glyf')!;
  const loca = tables.get('loca')!;
  const numGlyphs = tables.get('maxp')!.readUInt16BE(4);
  const longLoca = head.readInt16BE(50) === 1;
  const offsetOf = (gid: number) => (longLoca ? loca.readUInt32BE(gid * 4) : loca.readUInt16BE(gid * 2) * 2);
  const glyphData = (gid: number) => glyf.subarray(offsetOf(gid), offsetOf(gid + 1));

  const keep = new Set<number>([0]);
  const pending = [...used].filter((gid) => gid >= 0 && gid < numGlyphs);
  while (pending.length > 0) {
    const gid = pending.pop()!;
    if (keep.has(gid) && gid !== 0) continue;
    keep.add(gid);
    for (const component of components(glyphData(gid))) if (!keep.has(component)) pending.push(component);
  }

  const pieces: Buffer[] = [];
  const newLoca = Buffer.alloc((numGlyphs + 1) * 4);
  let offset = 0;
  for (let gid = 0; gid < numGlyphs; gid++) {
    newLoca.writeUInt32BE(offset, gid * 4);
    if (!keep.has(gid)) continue;
    const data = glyphData(gid);
    const padded = (data.length + 3) & ~3;
    pieces.push(data, Buffer.alloc(padded - data.length));
    offset += padded;
  }
  newLoca.writeUInt32BE(offset, numGlyphs * 4);
  head.writeInt16BE(1, 50);

  const out = new Map<string, Buffer>([
    ['head', head],
    ['loca', newLoca],
    ['glyf', Buffer.concat(pieces)],
  ]);
  for (const tag of KEPT_TABLES)
    if (!out.has(tag) && tables.has(tag)) out.set(tag, Buffer.from(tables.get(tag)!));
  return writeSfnt(0x00010000, out);
}

/** The glyph ids a composite glyph is made of (none for a simple or empty glyph). */
function components(glyph: Buffer): number[] {
  if (glyph.length < 10 || glyph.readInt16BE(0) >= 0) return [];
  const found: number[] = [];
  let at = 10;
  for (;;) {
    const flags = glyph.readUInt16BE(at);
    found.push(glyph.readUInt16BE(at + 2));
    at += 4 + (flags & 0x0001 ? 4 : 2);
    if (flags & 0x0008) at += 2;
    else if (flags & 0x0040) at += 4;
    else if (flags & 0x0080) at += 8;
    if (!(flags & 0x0020)) return found;
  }
}
