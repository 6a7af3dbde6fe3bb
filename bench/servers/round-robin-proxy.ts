/**
 * A round-robin HTTP reverse proxy in its own process, for the two-instance bench: each request goes
 * to the next upstream (UPSTREAMS, comma-separated base URLs), bodies and Server-Sent Events streamed
 * through unbuffered, as nginx with `proxy_buffering off` would.
 */
import http from 'node:http';

const upstreams = (process.env.UPSTREAMS ?? '').split(',').filter(Boolean).map((url) => new URL(url));
if (upstreams.length === 0) throw new Error('UPSTREAMS is empty');
const agent = new http.Agent({ keepAlive: true, maxSockets: 4096 });
let next = 0;

const server = http.createServer((req, res) => {
  const upstream = upstreams[next++ % upstreams.length]!;
  const forward = http.request(
    { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: { ...req.headers, host: upstream.host }, agent },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      res.flushHeaders();
      answer.pipe(res);
    },
  );
  forward.on('error', () => {
    if (!res.headersSent) res.writeHead(502).end();
    else res.destroy();
  });
  res.on('close', () => forward.destroy());
  req.pipe(forward);
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => process.send?.({ port: (server.address() as { port: number }).port }));
process.on('SIGTERM', () => {
  server.close();
  server.closeAllConnections();
  process.exit(0);
});
