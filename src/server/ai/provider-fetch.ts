import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';

type Fetch = typeof globalThis.fetch;

/** Statuses whose response has no body (the Response constructor refuses one). */
const NO_BODY = new Set([204, 205, 304]);

/** Fetch's own wording for a request that failed on the network, which the AI SDK recognises (a retryable APICallError). */
const fetchFailed = (cause: unknown) => new TypeError('fetch failed', { cause });

function headersOf(raw: string[]): Headers {
  const headers = new Headers();
  for (let i = 0; i + 1 < raw.length; i += 2) headers.append(raw[i]!, raw[i + 1]!);
  return headers;
}

/** A decoder for a compressed body (a server may compress without being asked); the body itself otherwise. */
function decoded(response: IncomingMessage): NodeJS.ReadableStream & { destroy(error?: Error): void } {
  const encoding = response.headers['content-encoding']?.trim().toLowerCase();
  const decoder = encoding === 'gzip' || encoding === 'x-gzip' ? createGunzip() : encoding === 'deflate' ? createInflate() : encoding === 'br' ? createBrotliDecompress() : null;
  if (!decoder) return response;
  response.on('error', (error) => decoder.destroy(error));
  return response.pipe(decoder);
}

/**
 * The body as a web stream, written here: Node's `Readable.toWeb` leaves each body's graph to be
 * promoted like fetch does (measured: about 1 MB per minor collection for 30-chunk bodies).
 * Backpressure: the body pauses while the stream's queue is full and resumes when it is read.
 * `fail` ends the stream with an error (an abort); `onSettled` runs once, however it ends.
 */
function bodyStream(response: IncomingMessage, onSettled: () => void): { stream: ReadableStream<Uint8Array>; fail(error: unknown): void } {
  const source = decoded(response);
  let settle: (error?: unknown) => void = () => {};
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      let settled = false;
      settle = (error) => {
        if (settled) return;
        settled = true;
        onSettled();
        if (error === undefined) controller.close();
        else controller.error(error);
      };
      source.on('data', (chunk: Buffer) => {
        if (settled) return;
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        if ((controller.desiredSize ?? 1) <= 0) source.pause();
      });
      source.on('end', () => settle());
      source.on('error', (error) => settle(new TypeError('terminated', { cause: error })));
      // The connection closed before the body's end (an error event does not always come first).
      response.on('close', () => {
        if (!response.complete) settle(new TypeError('terminated', { cause: new Error('the connection closed before the body ended') }));
      });
    },
    pull() {
      source.resume();
    },
    cancel() {
      settle = () => {};
      onSettled();
      response.destroy();
    },
  });
  return {
    stream,
    fail(error) {
      settle(error);
      response.destroy();
    },
  };
}

/**
 * The `fetch` the AI providers call: node:http(s) under a fetch-shaped function (decision 047).
 *
 * Why not the global fetch: each response it returns is registered with a FinalizationRegistry
 * holding a WeakRef to its body stream, and V8's young-generation collector treats a WeakRef's
 * target as alive. So each reply's body and what hangs off it survived two minor collections and
 * was promoted to the old generation, to die only at the next full collection. With 1,000 replies
 * streaming at once that held hundreds of megabytes; one reply at a time, every minor collection
 * copied about 3 MB instead of 2. undici's request API and `Readable.toWeb` keep bodies the same
 * way (measured); node:http with a stream built here does not.
 *
 * Fetch's contract is kept where the AI SDK relies on it: a network failure rejects with
 * `TypeError('fetch failed')` carrying the cause (a retryable APICallError to the SDK); an abort
 * rejects, or ends the body, with the signal's reason; a body cut short errors with
 * `TypeError('terminated')`; status, status text and headers are those received; a compressed body
 * is decoded; NODE_USE_ENV_PROXY's proxy is used as the global fetch would. Redirects are not
 * followed (a provider's API does not redirect a POST; its 3xx comes back as an error). Requests
 * this does not send as they are (a Request object, a body other than text or bytes) go to the
 * global fetch.
 */
export function createProviderFetch(): Fetch {
  // Node's own agents take the environment's proxy only when told to (the global ones are).
  const proxyEnv = process.env.NODE_USE_ENV_PROXY === '1' || process.execArgv.includes('--use-env-proxy') ? process.env : undefined;
  const agents: Record<string, http.Agent> = { 'http:': new http.Agent({ keepAlive: true, proxyEnv }), 'https:': new https.Agent({ keepAlive: true, proxyEnv }) };
  return (input, init = {}) => {
    const body = init.body;
    const plainBody = body === undefined || body === null || typeof body === 'string' || body instanceof Uint8Array;
    if (input instanceof Request || !plainBody) return globalThis.fetch(input, init);
    const url = new URL(input);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return globalThis.fetch(input, init);
    const signal = init.signal ?? undefined;
    if (signal?.aborted) return Promise.reject(signal.reason);
    try {
      const headers: Record<string, string> = {};
      new Headers(init.headers).forEach((value, name) => (headers[name] = value));
      if (body !== undefined && body !== null) headers['content-length'] = String(typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength);
      const { request, response } = openRequest(url, init.method ?? 'GET', headers, signal, agents[url.protocol]!);
      // Sent from here, not from a closure of openRequest's: what the request's listeners hold for the
      // reply's whole life must not include the body (the whole prompt as JSON, tens of kilobytes).
      request.end(body ?? undefined);
      return response;
    } catch (error) {
      // A header the request refuses (a key with a line break): fetch rejects, it does not throw.
      return Promise.reject(error);
    }
  };
}

/** A request on its way, and its response once the head arrives (fetch's contract, above). Throws what http.request throws. */
function openRequest(url: URL, method: string, headers: Record<string, string>, signal: AbortSignal | undefined, agent: http.Agent) {
  let settle!: { resolve(response: Response): void; reject(error: unknown): void };
  const response = new Promise<Response>((resolve, reject) => (settle = { resolve, reject }));
  let failBody: ((error: unknown) => void) | undefined;
  const onAbort = () => {
    request.destroy();
    if (failBody) failBody(signal!.reason);
    else settle.reject(signal!.reason);
  };
  const done = () => signal?.removeEventListener('abort', onAbort);
  const request = (url.protocol === 'https:' ? https : http).request(url, { method, headers, agent }, (incoming) => {
    const status = incoming.statusCode ?? 0;
    let stream: ReadableStream<Uint8Array> | null = null;
    if (NO_BODY.has(status) || method === 'HEAD') {
      incoming.resume();
      done();
    } else {
      const body = bodyStream(incoming, done);
      stream = body.stream;
      failBody = body.fail;
    }
    try {
      settle.resolve(new Response(stream, { status, statusText: incoming.statusMessage ?? '', headers: headersOf(incoming.rawHeaders) }));
    } catch (error) {
      incoming.destroy();
      done();
      settle.reject(fetchFailed(error));
    }
  });
  request.on('error', (error) => {
    if (signal?.aborted) return;
    done();
    settle.reject(fetchFailed(error));
  });
  signal?.addEventListener('abort', onAbort, { once: true });
  return { request, response };
}
