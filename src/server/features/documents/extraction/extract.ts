import { Worker } from 'node:worker_threads';
import { extractionLimits, extractionText } from '#contract/documents-text.ts';
import { storableResult, type ExtractionLimits, type ExtractionResult } from './extraction-result.ts';
import { formatOf } from './formats.ts';

export type { ExtractionResult } from './extraction-result.ts';

export interface ExtractOptions {
  /** Overrides of the contract's limits (tests). */
  limits?: Partial<ExtractionLimits>;
  /** Wall-clock limit of one extraction (the worker is terminated after it). */
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** How often the server's memory is looked at while a file is read. */
const MEMORY_SAMPLE_MS = 25;
/** How long a finished reader's thread may take to stop before the next reader starts anyway. */
const TERMINATE_WAIT_MS = 1000;

/**
 * One file is read at a time per process: four bombs at once once took 7.9 GB, and the memory
 * watch below can only tell one reader's growth from the process's when it is the only one.
 */
let queue: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(run: () => Promise<T>): Promise<T> {
  const next = queue.then(run, run);
  queue = next.catch(() => {});
  return next;
}

/**
 * Reads a file's text on a worker thread of its own (the event loop stays free; a runaway or
 * crashing reader is terminated without touching the server), with memory and time limits. Never
 * throws for a file it cannot read: the result says so, in words for the user. Memory is bounded
 * three ways: each reader checks its input's size before it allocates (readers.ts), the worker's
 * heap is capped, and the process's resident memory is watched (buffers outside the heap, such as
 * inflated streams and WebAssembly, are not in the heap cap): past its budget the worker is stopped.
 */
export function extractText(path: string, file: { mimeType: string; name: string }, options: ExtractOptions = {}): Promise<ExtractionResult> {
  return oneAtATime(() => runWorker(path, file, options));
}

function runWorker(path: string, file: { mimeType: string; name: string }, options: ExtractOptions): Promise<ExtractionResult> {
  const { maxSeconds: _seconds, ...defaults } = extractionLimits;
  const limits: ExtractionLimits = { ...defaults, ...options.limits };
  const timeoutMs = options.timeoutMs ?? extractionLimits.maxSeconds * 1000;
  const format = formatOf(file.mimeType, file.name);
  const unreadable = (note: string): ExtractionResult => ({ status: 'unreadable', sections: [], pageCount: null, sheetCount: null, notes: [note] });
  if (options.signal?.aborted) return Promise.reject(options.signal.reason instanceof Error ? options.signal.reason : new Error('aborted'));
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./extract-worker.ts', import.meta.url), {
      workerData: { path, format, limits },
      resourceLimits: { maxOldGenerationSizeMb: 1024 },
    });
    const baseline = process.memoryUsage.rss();
    const budget = limits.maxMemoryMb * 1024 * 1024;
    let settled = false;
    const finish = (outcome: ExtractionResult | Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearInterval(watch);
      options.signal?.removeEventListener('abort', onAbort);
      const settle = () => (outcome instanceof Error ? reject(outcome) : resolve(storableResult(outcome)));
      // Settled once the thread is gone (or after a second at most, should it be stuck in native code):
      // the next reader's memory is measured from a baseline that no longer holds this one's, which it
      // did while a terminated worker freed its heap under the next one's watch.
      void Promise.race([worker.terminate().catch(() => undefined), new Promise((done) => setTimeout(done, TERMINATE_WAIT_MS).unref())]).then(settle);
    };
    const timer = setTimeout(() => finish(unreadable(extractionText.timeLimit(Math.round(timeoutMs / 1000)))), timeoutMs);
    const watch = setInterval(() => {
      if (process.memoryUsage.rss() - baseline > budget) finish(unreadable(extractionText.memoryLimit(limits.maxMemoryMb)));
    }, MEMORY_SAMPLE_MS);
    const onAbort = () => finish(options.signal!.reason instanceof Error ? options.signal!.reason : new Error('aborted'));
    options.signal?.addEventListener('abort', onAbort, { once: true });
    worker.once('message', (message: { ok: true; result: ExtractionResult } | { ok: false; message: string }) => {
      finish(message.ok ? message.result : unreadable(`The file could not be read as ${format.toUpperCase()}: ${message.message}`));
    });
    worker.once('error', (error) => finish(unreadable(`The file could not be read: ${error.message}`)));
    worker.once('exit', (code) => finish(unreadable(`The file could not be read (the reader stopped with code ${code}).`)));
  });
}
