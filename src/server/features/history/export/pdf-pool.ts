import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { AppError } from '#server/errors.ts';
import type { ConversationExport } from './conversation.ts';
import type { DecisionMemo } from './memo.ts';
import type { PdfRenderAnswer, PdfRenderRequest } from './pdf-worker.ts';

/**
 * PDF exports render on worker threads (pdf-worker.ts), never on the server's thread (issue 9,
 * finding 6: one 58-message export held every request, health checks included, for 4-5 s).
 * A small pool: at most RENDER_THREADS threads, started on first use and kept (unref'd, so they never
 * hold the process open); at most MAX_PDF_RENDERS exports in flight per process, rendering or
 * waiting for a thread. One more is refused at once with 'unavailable:export_busy' (decision 020)
 * rather than queued behind minutes of work.
 */
export const RENDER_THREADS = Math.max(1, Math.min(2, availableParallelism() - 1));
export const MAX_PDF_RENDERS = 2 * RENDER_THREADS + 2;

interface Job {
  request: PdfRenderRequest;
  resolve: (pdf: Buffer) => void;
  reject: (error: Error) => void;
}

interface Thread {
  worker: Worker;
  job: Job | null;
}

const workerUrl = new URL('./pdf-worker.ts', import.meta.url);
const threads: Thread[] = [];
const waiting: Job[] = [];
let inFlight = 0;
let nextId = 1;

function startThread(): Thread {
  const thread: Thread = { worker: new Worker(workerUrl), job: null };
  thread.worker.unref();
  thread.worker.on('message', (answer: PdfRenderAnswer) => {
    const job = thread.job;
    if (!job || job.request.id !== answer.id) return;
    thread.job = null;
    thread.worker.unref();
    if ('pdf' in answer) job.resolve(Buffer.from(answer.pdf.buffer, answer.pdf.byteOffset, answer.pdf.byteLength));
    else job.reject(new Error(`PDF rendering failed: ${answer.error}`));
    dispatch();
  });
  // A thread that dies (out of memory, a crash in pdfmake) fails its export and is replaced on demand.
  const lost = (error: Error) => {
    const index = threads.indexOf(thread);
    if (index >= 0) threads.splice(index, 1);
    thread.job?.reject(error);
    thread.job = null;
    dispatch();
  };
  thread.worker.on('error', lost);
  thread.worker.on('exit', (code) => lost(new Error(`The PDF thread stopped (exit code ${code})`)));
  threads.push(thread);
  return thread;
}

function dispatch(): void {
  while (waiting.length > 0) {
    const thread = threads.find((t) => t.job === null) ?? (threads.length < RENDER_THREADS ? startThread() : undefined);
    if (!thread) return;
    const job = waiting.shift()!;
    thread.job = job;
    // A thread at work keeps the process alive until its answer is delivered.
    thread.worker.ref();
    thread.worker.postMessage(job.request);
  }
}

type RenderInput = { conversation: ConversationExport } | { memo: DecisionMemo };

async function renderOffThread(input: RenderInput): Promise<Buffer> {
  if (inFlight >= MAX_PDF_RENDERS) throw new AppError('unavailable:export_busy');
  inFlight += 1;
  try {
    return await new Promise<Buffer>((resolve, reject) => {
      waiting.push({ request: { id: nextId++, ...input }, resolve, reject });
      dispatch();
    });
  } finally {
    inFlight -= 1;
  }
}

/** The conversation as an A4 PDF, rendered on a PDF thread; refused with 'unavailable:export_busy' past the limit. */
export async function renderConversationPdfOffThread(conversation: ConversationExport): Promise<Buffer> {
  return renderOffThread({ conversation });
}

/** The decision memo as a one-page A4 PDF, on the same threads and under the same limit. */
export async function renderMemoPdfOffThread(memo: DecisionMemo): Promise<Buffer> {
  return renderOffThread({ memo });
}

/** Exports rendering or waiting for a thread now (tests and the bench read it). */
export function pdfRendersInFlight(): number {
  return inFlight;
}
