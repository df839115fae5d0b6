/**
 * Draws the web app's raster icons from the one drawing, web-shell/public/favicon.svg, in Debian's Chromium:
 *
 *   npx tsx scripts/web-icons.ts
 *
 * writes next to it `favicon.ico` (16, 32 and 48 px PNGs in one ICO, for browsers and tools that ask for
 * /favicon.ico), `apple-touch-icon.png` (180 px, square: iOS rounds the corners itself) and the web
 * manifest's icons (`icons/icon-192.png`, `icons/icon-512.png`, and `icons/maskable-512.png`, whose drawing
 * keeps inside the middle 80 % that Android's masks never cut). The files are committed; run it again after
 * changing the SVG.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

const PUBLIC_DIR = path.resolve(__dirname, '..', 'web-shell', 'public');
const SVG = fs.readFileSync(path.join(PUBLIC_DIR, 'favicon.svg'), 'utf8');

/** Square icons (no rounded corners) for platforms that mask the icon themselves. */
const square = (svg: string) => svg.replace(/ rx="[\d.]+"/, '');

/** Square, with the drawing shrunk into the safe zone (a circle of 80 % of the width) of a maskable icon. */
const maskable = (svg: string) =>
  square(svg).replace(/<path ([^>]*)\/>/, '<g transform="translate(3.2 3.2) scale(0.8)"><path $1/></g>');

const ICO_SIZES = [16, 32, 48];
const PNGS: Array<{ file: string; size: number; svg: string }> = [
  { file: 'apple-touch-icon.png', size: 180, svg: square(SVG) },
  { file: 'icons/icon-192.png', size: 192, svg: SVG },
  { file: 'icons/icon-512.png', size: 512, svg: SVG },
  { file: 'icons/maskable-512.png', size: 512, svg: maskable(SVG) },
];

/** An ICO file holding PNG images (supported by every browser since Windows Vista's format revision). */
export function icoOf(images: Array<{ size: number; png: Buffer }>): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(images.length, 4);
  const entries: Buffer[] = [];
  let offset = 6 + 16 * images.length;
  for (const { size, png } of images) {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size >= 256 ? 0 : size, 0); // width (0 means 256)
    entry.writeUInt8(size >= 256 ? 0 : size, 1); // height
    entry.writeUInt8(0, 2); // no palette
    entry.writeUInt8(0, 3); // reserved
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    entries.push(entry);
    offset += png.length;
  }
  return Buffer.concat([header, ...entries, ...images.map((image) => image.png)]);
}

async function main(): Promise<void> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox'],
  });
  try {
    const page = await browser.newPage();
    const render = async (svg: string, size: number): Promise<Buffer> => {
      await page.setViewportSize({ width: size, height: size });
      await page.setContent(
        `<body style="margin:0">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body>`,
      );
      return page.screenshot({ omitBackground: true });
    };
    const icoImages = [];
    for (const size of ICO_SIZES) icoImages.push({ size, png: await render(SVG, size) });
    fs.writeFileSync(path.join(PUBLIC_DIR, 'favicon.ico'), icoOf(icoImages));
    for (const { file, size, svg } of PNGS) {
      fs.mkdirSync(path.dirname(path.join(PUBLIC_DIR, file)), { recursive: true });
      fs.writeFileSync(path.join(PUBLIC_DIR, file), await render(svg, size));
    }
    process.stdout.write(
      `[web-icons] favicon.ico (${ICO_SIZES.join(', ')} px) and ${PNGS.map((p) => p.file).join(', ')} in ${PUBLIC_DIR}\n`,
    );
  } finally {
    await browser.close();
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
