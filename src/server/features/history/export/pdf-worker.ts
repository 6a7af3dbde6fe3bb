/**
 * A PDF render thread (pdf-pool.ts starts it): pdfmake lays out a long conversation for seconds of
 * pure CPU, which on the server's thread would stall every other request. Each message is one
 * conversation to render; the answer carries the PDF's bytes (transferred, not copied) or the error.
 * Loaded by Node itself (no TypeScript loader in a worker): erasable TypeScript only.
 */
import { parentPort } from 'node:worker_threads';
import type { ConversationExport } from './conversation.ts';
import { renderConversationPdf } from './pdf.ts';

export interface PdfRenderRequest {
  id: number;
  conversation: ConversationExport;
}

export type PdfRenderAnswer = { id: number; pdf: Uint8Array } | { id: number; error: string };

parentPort?.on('message', (request: PdfRenderRequest) => {
  renderConversationPdf(request.conversation).then(
    (buffer) => {
      const pdf = new Uint8Array(buffer);
      parentPort?.postMessage({ id: request.id, pdf } satisfies PdfRenderAnswer, [pdf.buffer]);
    },
    (error: unknown) => parentPort?.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) } satisfies PdfRenderAnswer),
  );
});
