import { promisify } from 'node:util';
import { brotliCompress, constants, gzip as gzipCallback } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * What the server compresses as it answers: text, JSON, XML, JavaScript and SVG, never an event
 * stream (replies stream token by token; they are also written on a hijacked reply, which no onSend
 * hook sees) and never binary downloads (PDF, images, octet-stream: already compressed or too big to
 * be worth the CPU). Built files are precompressed at build time and served as they are
 * (spa.ts, `preCompressed`); this covers JSON from /api and the HTML rendered per request.
 */
export const COMPRESSIBLE_TYPES = /^text\/(?!event-stream)|(?:\+|\/)json(?:;|$)|(?:\+|\/)xml(?:;|$)|^application\/javascript|^image\/svg\+xml/u;

/** Below this a response goes as it is: compressing a few hundred bytes saves less than it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE_TYPES,
    // Request bodies are never inflated: they are small JSON, and an inflated body is a way around bodyLimit.
    globalDecompression: false,
  });
}

/** The encoding to answer with: brotli, else gzip, when the request accepts it (q=0 refuses). */
export function acceptedEncoding(header: string | string[] | undefined): 'br' | 'gzip' | undefined {
  const accepted = new Set<string>();
  for (const part of (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const refused = params.some((p) => /^\s*q\s*=\s*0(?:\.0*)?\s*$/.test(p));
    if (name && !refused) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return undefined;
}

/** Adds a request header to Vary, keeping what is there. */
export function addVary(reply: FastifyReply, header: string): void {
  const current = reply.getHeader('vary');
  const values = (Array.isArray(current) ? current.join(',') : String(current ?? '')).split(',').map((v) => v.trim()).filter(Boolean);
  if (!values.some((v) => v.toLowerCase() === header.toLowerCase())) values.push(header);
  reply.header('vary', values.join(', '));
}

/** Compressed bodies by encoding and text, each computed once; a promise, so concurrent requests share it. */
export type CompressedCache = Map<string, Promise<Buffer>>;

const brotli = promisify(brotliCompress);
const gzip = promisify(gzipCallback);

/**
 * The body compressed as the build compresses its files (brotli 11, gzip 9), on libuv's thread pool:
 * brotli 11 takes about 90 ms for a 120 kB page, which on the event loop would hold every other request.
 */
export function compressedBody(body: string, encoding: 'br' | 'gzip', cache?: CompressedCache): Promise<Buffer> {
  const key = `${encoding}:${body}`;
  let compressed = cache?.get(key);
  if (!compressed) {
    compressed = encoding === 'br' ? brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }) : gzip(body, { level: 9 });
    cache?.set(key, compressed);
    // A failure is not kept: the next request tries again.
    compressed.catch(() => cache?.delete(key));
  }
  return compressed;
}

/**
 * Sends text compressed as the compression hook would. For the not-found handler (the pages rendered
 * for client routes), which is no route, so the hook that compresses every route's answer is not on it.
 * `cache` keeps the compressed bytes of bodies sent again and again (the same few pages; spa.ts fills it
 * at start, so no visitor waits for it).
 */
export async function sendCompressed(request: FastifyRequest, reply: FastifyReply, body: string, cache?: CompressedCache): Promise<FastifyReply> {
  addVary(reply, 'accept-encoding');
  const encoding = Buffer.byteLength(body) >= COMPRESSION_THRESHOLD_BYTES ? acceptedEncoding(request.headers['accept-encoding']) : undefined;
  if (!encoding) return reply.send(body);
  return reply.header('content-encoding', encoding).send(await compressedBody(body, encoding, cache));
}
