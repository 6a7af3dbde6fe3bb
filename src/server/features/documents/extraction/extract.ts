import { Worker } from 'node:worker_threads';
import { extractionLimits } from '#contract/documents.ts';
import type { ExtractionLimits, ExtractionResult } from './extraction-result.ts';
import { formatOf } from './formats.ts';

export type { ExtractionResult } from './extraction-result.ts';

export interface ExtractOptions {
  limits?: ExtractionLimits;
  /** Wall-clock limit of one extraction (the worker is terminated after it). */
  timeoutMs?: number;
  signal?: AbortSignal;
}

/**
 * Reads a file's text on a worker thread of its own (the event loop stays free; a runaway or
 * crashing reader is terminated without touching the server), with memory and time limits. Never
 * throws for a file it cannot read: the result says so, in words for the user.
 */
export function extractText(path: string, file: { mimeType: string; name: string }, options: ExtractOptions = {}): Promise<ExtractionResult> {
  const limits = options.limits ?? extractionLimits;
  const timeoutMs = options.timeoutMs ?? extractionLimits.maxSeconds * 1000;
  const format = formatOf(file.mimeType, file.name);
  const unreadable = (note: string): ExtractionResult => ({ status: 'unreadable', sections: [], pageCount: null, sheetCount: null, notes: [note] });
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./extract-worker.ts', import.meta.url), {
      workerData: { path, format, limits },
      resourceLimits: { maxOldGenerationSizeMb: 1024 },
    });
    let settled = false;
    const finish = (outcome: ExtractionResult | Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      void worker.terminate();
      if (outcome instanceof Error) reject(outcome);
      else resolve(outcome);
    };
    const timer = setTimeout(() => finish(unreadable(`Reading the file took longer than ${Math.round(timeoutMs / 1000)} seconds (the time limit), so its content was not read.`)), timeoutMs);
    const onAbort = () => finish(options.signal!.reason instanceof Error ? options.signal!.reason : new Error('aborted'));
    options.signal?.addEventListener('abort', onAbort, { once: true });
    worker.once('message', (message: { ok: true; result: ExtractionResult } | { ok: false; message: string }) => {
      finish(message.ok ? message.result : unreadable(`The file could not be read as ${format.toUpperCase()}: ${message.message}`));
    });
    worker.once('error', (error) => finish(unreadable(`The file could not be read: ${error.message}`)));
    worker.once('exit', (code) => finish(unreadable(`The file could not be read (the reader stopped with code ${code}).`)));
  });
}
