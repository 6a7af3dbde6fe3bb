/**
 * A PDF render thread (pdf-pool.ts starts it): pdfmake lays out a long conversation for seconds of
 * pure CPU, which on the server's thread would stall every other request. Each message is one
 * conversation (or memo) to render; the answer carries the PDF's bytes (transferred, not copied) or the error.
 * Loaded by Node itself (no TypeScript loader in a worker): erasable TypeScript only.
 */
import { parentPort } from 'node:worker_threads';
import type { ConversationExport } from './conversation.ts';
import type { DecisionMemo } from './memo.ts';
import { renderMemoPdf } from './memo-pdf.ts';
import { renderConversationPdf } from './pdf.ts';

/** A conversation (or a document laid out like one), or a decision memo. */
export type PdfRenderRequest = { id: number; conversation: ConversationExport } | { id: number; memo: DecisionMemo };

export type PdfRenderAnswer = { id: number; pdf: Uint8Array } | { id: number; error: string };

parentPort?.on('message', (request: PdfRenderRequest) => {
  const rendering = 'memo' in request ? renderMemoPdf(request.memo) : renderConversationPdf(request.conversation);
  rendering.then(
    (buffer) => {
      const pdf = new Uint8Array(buffer);
      parentPort?.postMessage({ id: request.id, pdf } satisfies PdfRenderAnswer, [pdf.buffer]);
    },
    (error: unknown) => parentPort?.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) } satisfies PdfRenderAnswer),
  );
});
