import type { Readable } from 'node:stream';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';

/**
 * A route's PDF answer in its response schema: the Buffer is sent as it is (Fastify serializes neither
 * a Buffer nor a string with its own content type), and the OpenAPI document says what the file is.
 */
export function pdfFile(description: string) {
  return z.custom<Buffer>((value) => Buffer.isBuffer(value)).describe(`${description} as an A4 PDF (application/pdf)`);
}

/** The content types of the exports. */
export const MARKDOWN_TYPE = 'text/markdown; charset=utf-8';
export const PDF_TYPE = 'application/pdf';

/** A file the server answers as a download: an export, a document, a mail. */
export interface Download<Body extends string | Buffer | Readable = string | Buffer | Readable> {
  body: Body;
  /** The name to save it under, any characters (the header carries an ASCII fallback and RFC 6266's UTF-8 form). */
  fileName: string;
  contentType: string;
  /** Its size in bytes, when known before sending (a stream's). */
  size?: number;
}

/**
 * Every download is answered one way: saved, never shown in the page (`attachment`, its name encoded by
 * the content-disposition library), never sniffed into another type, never kept by a cache (an export
 * or a document is the account's own).
 */
export function sendDownload(reply: FastifyReply, file: Download) {
  reply
    .header('content-type', file.contentType)
    .header('content-disposition', contentDisposition(file.fileName))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store');
  if (file.size !== undefined) reply.header('content-length', String(file.size));
  return reply.send(file.body);
}
