import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A plain HTTP reverse proxy in front of the end-to-end server, on its own port: its own origin, so the
 * pages a test opens through it have their own service worker registration, apart from every other
 * journey running in parallel. Two test-side levers, as a deployment and a network would pull them:
 *
 * - `publishNewBuild()`: from now on /sw.js answers with different bytes (a comment appended), which is
 *   what a new build is to the browser's update check. Nothing on disk changes.
 * - `holdReplyStreams()` / `releaseReplyStreams()`: the chat's reply streams stop delivering (their
 *   bytes are kept, as on a stalled network) until released, so a reply stays 'streaming' as long as
 *   the test needs.
 *
 * The Host header is passed through, so the server sees the proxy's origin as its own (as behind any
 * reverse proxy that keeps the Host).
 */
export interface BuildProxy {
  url: string;
  publishNewBuild(): void;
  holdReplyStreams(): void;
  releaseReplyStreams(): void;
  close(): Promise<void>;
}

const isReplyStream = (path: string) => /^\/api\/.*\/messages\/[^/]+\/stream$/.test(path);

export async function startBuildProxy(upstream: string): Promise<BuildProxy> {
  const target = new URL(upstream);
  let build = 0;
  let streamsHeld = false;
  const heldStreams = new Set<() => void>();

  const server = http.createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0]!;
    const rewriteWorker = path === '/sw.js' && build > 0;
    const headers = { ...request.headers };
    if (rewriteWorker) {
      // The whole script, uncompressed, whatever the browser holds: its validators are the old build's.
      delete headers['accept-encoding'];
      delete headers['if-none-match'];
      delete headers['if-modified-since'];
    }
    const forward = http.request({ host: target.hostname, port: target.port, method: request.method, path: request.url, headers }, (answer) => {
      if (rewriteWorker && answer.statusCode === 200) {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const body = Buffer.concat([...chunks, Buffer.from(`\n// e2e build ${build}\n`)]);
          const { etag: _etag, 'last-modified': _modified, 'content-length': _length, ...rest } = answer.headers;
          response.writeHead(200, { ...rest, 'content-length': body.length });
          response.end(body);
        });
        return;
      }
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      if (!isReplyStream(path)) {
        answer.pipe(response);
        return;
      }
      // A reply stream: passed on chunk by chunk, or kept while the test holds streams.
      const pending: Buffer[] = [];
      let ended = false;
      const flush = () => {
        for (const chunk of pending.splice(0)) response.write(chunk);
        if (ended) response.end();
      };
      heldStreams.add(flush);
      answer.on('data', (chunk: Buffer) => {
        pending.push(chunk);
        if (!streamsHeld) flush();
      });
      answer.on('end', () => {
        ended = true;
        heldStreams.delete(flush);
        if (!streamsHeld) flush();
        else heldStreams.add(flush);
      });
    });
    forward.on('error', () => response.destroy());
    response.on('close', () => forward.destroy());
    request.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    publishNewBuild: () => void (build += 1),
    holdReplyStreams: () => void (streamsHeld = true),
    releaseReplyStreams: () => {
      streamsHeld = false;
      for (const flush of [...heldStreams]) flush();
      heldStreams.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
