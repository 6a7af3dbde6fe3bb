import { parentPort, workerData } from 'node:worker_threads';
import type { ExtractionLimits } from './extraction-result.ts';
import type { DocumentFormat } from './formats.ts';
import { readDocument } from './readers.ts';

/** The extraction thread: reads one file, posts the result (or the error's message), ends. */
const input = workerData as { path: string; format: DocumentFormat; limits: ExtractionLimits };
try {
  parentPort!.postMessage({ ok: true, result: await readDocument(input.path, input.format, input.limits) });
} catch (error) {
  parentPort!.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) });
}
