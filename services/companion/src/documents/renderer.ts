/**
 * Makes documents in a worker thread (worker.ts), so shaping and compressing a page never holds up the
 * service's other requests. One worker, started on the first document and stopped after a minute without
 * one (it holds the fonts, HarfBuzz and the airport names: some 40 MB a service does not need all day). A
 * worker that fails or crashes fails the documents it was making, and the next document starts a new one.
 */
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { PaperInput } from './compose';

const IDLE_MS = 60_000;
/** The first document of a worker also loads it (about a second on a slow machine). */
const JOB_TIMEOUT_MS = 20_000;

/**
 * From the TypeScript source (development, tests) the worker runs through tsx like the service; the
 * production bundle has the worker's own bundle beside it (scripts/build-servers.ts).
 */
function workerEntry(): { file: string; execArgv: string[] } {
  return __filename.endsWith('.ts')
    ? { file: path.join(__dirname, 'worker.ts'), execArgv: ['--import', 'tsx'] }
    : { file: path.join(__dirname, 'documents-worker.js'), execArgv: [] };
}

interface Pending {
  resolve: (pdf: Buffer) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

export class DocumentRenderer {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private idle: NodeJS.Timeout | null = null;

  render(input: PaperInput): Promise<Buffer> {
    const worker = this.start();
    const id = this.nextId++;
    if (this.idle) clearTimeout(this.idle);
    return new Promise<Buffer>((resolve, reject) => {
      const timer = setTimeout(() => this.fail(new Error('the document took too long'), id), JOB_TIMEOUT_MS);
      this.pending.set(id, { resolve, reject, timer });
      worker.postMessage({ id, input });
    });
  }

  async close(): Promise<void> {
    if (this.idle) clearTimeout(this.idle);
    const worker = this.worker;
    this.worker = null;
    this.fail(new Error('the service is stopping'));
    await worker?.terminate();
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const { file, execArgv } = workerEntry();
    const worker = new Worker(file, { execArgv });
    worker.on('message', (message: { id: number; pdf?: Uint8Array; error?: string }) => {
      const job = this.pending.get(message.id);
      if (!job) return;
      this.pending.delete(message.id);
      clearTimeout(job.timer);
      if (message.pdf)
        job.resolve(Buffer.from(message.pdf.buffer, message.pdf.byteOffset, message.pdf.byteLength));
      else job.reject(new Error(message.error ?? 'the document could not be made'));
      this.scheduleIdle();
    });
    worker.on('error', (error) => this.fail(error));
    worker.on('exit', () => {
      if (this.worker === worker) this.worker = null;
      this.fail(new Error('the documents worker stopped'));
    });
    worker.unref();
    this.worker = worker;
    return worker;
  }

  private scheduleIdle() {
    if (this.pending.size > 0) return;
    if (this.idle) clearTimeout(this.idle);
    this.idle = setTimeout(() => {
      const worker = this.worker;
      this.worker = null;
      void worker?.terminate();
    }, IDLE_MS);
    this.idle.unref();
  }

  /** Fails one job (a time-out: the worker is restarted, it may be stuck) or every pending one. */
  private fail(error: Error, id?: number) {
    const ids = id === undefined ? [...this.pending.keys()] : [id];
    for (const key of ids) {
      const job = this.pending.get(key);
      if (!job) continue;
      this.pending.delete(key);
      clearTimeout(job.timer);
      job.reject(error);
    }
    if (id !== undefined && this.worker) {
      const worker = this.worker;
      this.worker = null;
      void worker.terminate();
      this.fail(error);
    }
  }
}
