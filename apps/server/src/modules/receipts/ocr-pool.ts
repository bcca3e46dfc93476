/**
 * Tesseract workers that read receipts (DECISIONS.md #108): each is tesseract.js's own worker
 * thread, so a read never holds the server's thread. Workers are made on the first read, not at
 * start-up (about 100 MB each with the English model), reused while reads keep coming, and ended
 * after a minute idle. At most `size` read at once; a few more reads may wait their turn, and
 * beyond those the pool says it is full, so a burst costs neither unbounded memory nor a queue
 * of requests that would time out anyway.
 */
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { OEM, PSM, type Worker, createWorker } from 'tesseract.js';

export interface OcrPoolOptions {
  /** Reads at once: each takes one core while it runs. */
  size: number;
  /** Reads that may wait for a worker beyond those running. */
  maxWaiting: number;
  /** A worker idle this long is ended, giving its memory back. */
  idleMs: number;
  /** A read still running after this is taken as stuck: its worker is ended and the read fails. */
  readTimeoutMs: number;
}

/**
 * The English model shipped as a package (@tesseract.js-data/eng): a path on disk, so nothing is
 * ever fetched. `4.0.0` is the integer LSTM model tesseract.js uses by default, faster than
 * `4.0.0_best_int` with the same reading of printed receipts (measured: 1.1 s against 1.5 s).
 */
function englishModelDir(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0');
}

interface Waiter {
  resolve: (worker: Worker) => void;
  reject: (error: Error) => void;
}

export class OcrPoolFullError extends Error {}

export class OcrPool {
  private readonly idle: Array<{ worker: Worker; timer: NodeJS.Timeout }> = [];
  private readonly waiting: Waiter[] = [];
  /** Workers lent out or being made. */
  private running = 0;
  private closed = false;

  constructor(private readonly options: OcrPoolOptions) {}

  /** False when a read now would only be refused: every worker busy and the waiting line full. */
  hasRoom(): boolean {
    return !this.closed && (this.running < this.options.size || this.waiting.length < this.options.maxWaiting);
  }

  /** Workers alive now (busy or idle): what the bench and the tests read. */
  get workers(): number {
    return this.running + this.idle.length;
  }

  /** The text of a prepared image (PNG), lines separated by newlines. */
  async read(image: Buffer): Promise<string> {
    const worker = await this.take();
    let healthy = false;
    try {
      const text = await this.withTimeout(worker.recognize(image));
      healthy = true;
      return text.data.text;
    } finally {
      if (healthy) this.giveBack(worker);
      else this.discard(worker);
    }
  }

  /** Ends every worker; reads waiting are refused. */
  async close(): Promise<void> {
    this.closed = true;
    for (const waiter of this.waiting.splice(0)) waiter.reject(new OcrPoolFullError('closing'));
    const idle = this.idle.splice(0);
    await Promise.all(
      idle.map(({ worker, timer }) => {
        clearTimeout(timer);
        return worker.terminate().catch(() => undefined);
      }),
    );
  }

  private async take(): Promise<Worker> {
    if (this.closed) throw new OcrPoolFullError('closed');
    const ready = this.idle.pop();
    if (ready) {
      clearTimeout(ready.timer);
      this.running += 1;
      return ready.worker;
    }
    if (this.running < this.options.size) {
      this.running += 1;
      try {
        return await this.start();
      } catch (error) {
        this.running -= 1;
        this.wakeNext();
        throw error;
      }
    }
    if (this.waiting.length >= this.options.maxWaiting) throw new OcrPoolFullError('full');
    return new Promise<Worker>((resolve, reject) => this.waiting.push({ resolve, reject }));
  }

  private async start(): Promise<Worker> {
    const worker = await createWorker('eng', OEM.LSTM_ONLY, {
      langPath: englishModelDir(),
      gzip: true,
      // 'none': the model is read from the package every time a worker starts, and never written
      // into the working directory as a cache.
      cacheMethod: 'none',
    });
    // A receipt is one column of lines: read as such, a line's label and its right-aligned amount
    // stay one line (the automatic layout cut the amounts of 2 of the 5 test receipts off as
    // another column). Photos carry no usable resolution; without one Tesseract warns on every
    // read and guesses 70 dpi.
    await worker.setParameters({ tessedit_pageseg_mode: PSM.SINGLE_COLUMN, user_defined_dpi: '300' });
    return worker;
  }

  private giveBack(worker: Worker): void {
    const next = this.waiting.shift();
    if (next) {
      next.resolve(worker);
      return;
    }
    this.running -= 1;
    if (this.closed) {
      void worker.terminate().catch(() => undefined);
      return;
    }
    const entry = { worker, timer: setTimeout(() => this.endIdle(entry), this.options.idleMs) };
    entry.timer.unref();
    this.idle.push(entry);
  }

  private discard(worker: Worker): void {
    this.running -= 1;
    void worker.terminate().catch(() => undefined);
    this.wakeNext();
  }

  /** A waiting read gets a new worker when one was discarded or failed to start. */
  private wakeNext(): void {
    const next = this.waiting.shift();
    if (!next) return;
    this.running += 1;
    this.start().then(next.resolve, (error: unknown) => {
      this.running -= 1;
      next.reject(error instanceof Error ? error : new Error(String(error)));
      this.wakeNext();
    });
  }

  private endIdle(entry: { worker: Worker; timer: NodeJS.Timeout }): void {
    const at = this.idle.indexOf(entry);
    if (at < 0) return;
    this.idle.splice(at, 1);
    void entry.worker.terminate().catch(() => undefined);
  }

  private withTimeout<T>(work: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`Reading took over ${this.options.readTimeoutMs} ms`)), this.options.readTimeoutMs);
    });
    return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
  }
}
