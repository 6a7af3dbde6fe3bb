import { z } from 'zod';

/**
 * A route's PDF answer in its response schema: the Buffer is sent as it is (Fastify serializes neither
 * a Buffer nor a string with its own content type), and the OpenAPI document says what the file is.
 */
export function pdfFile(description: string) {
  return z.custom<Buffer>((value) => Buffer.isBuffer(value)).describe(`${description} as an A4 PDF (application/pdf)`);
}
