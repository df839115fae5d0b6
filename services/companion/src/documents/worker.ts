/**
 * The documents' worker thread: composes and typesets the traveller's card and the pickup pass, off the
 * service's event loop (a card is shaped, laid out, subset and compressed here). It loads HarfBuzz (an ES
 * module with a WebAssembly binary, imported dynamically), the fonts and the airport names once, on its
 * first job. Messages: `{ id, input }` in, `{ id, pdf }` or `{ id, error }` out.
 */
import { parentPort } from 'node:worker_threads';
import { pickupPass, travellerCard, type PaperInput } from './compose';
import { loadFonts } from './typeset/fonts';
import { renderDocument } from './typeset/layout';
import { createShaper, type Shaper } from './typeset/text';

let shaper: Promise<Shaper> | undefined;

async function loadShaper(): Promise<Shaper> {
  const hb = await import('harfbuzzjs');
  return createShaper(hb, loadFonts(hb));
}

parentPort!.on('message', async (message: { id: number; input: PaperInput }) => {
  try {
    shaper ??= loadShaper();
    const spec = message.input.kind === 'card' ? travellerCard(message.input) : pickupPass(message.input);
    const pdf = renderDocument(spec, await shaper);
    // A copy of its own: a Buffer's memory may be Node's shared pool, which cannot be transferred.
    const bytes = new Uint8Array(pdf);
    parentPort!.postMessage({ id: message.id, pdf: bytes }, [bytes.buffer]);
  } catch (error) {
    parentPort!.postMessage({
      id: message.id,
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
  }
});
