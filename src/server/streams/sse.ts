import type { FastifyReply, FastifyRequest } from 'fastify';

export const HEARTBEAT_INTERVAL_MS = 15_000;
/** How long a browser waits before reconnecting (the EventSource `retry:` field). */
const RECONNECT_DELAY_MS = 2_000;

export interface SseConnection {
  /** One event; `data` is sent as JSON. Nothing is sent once the connection is closed. */
  send(event: string, id: string | number, data: unknown): void;
  end(): void;
  /** Runs once, when the client leaves or the stream ends. */
  onClose(listener: () => void): void;
}

/**
 * Server-Sent Events on a hijacked Fastify reply. The open connections are tracked so a closing
 * server can end them (an open stream would otherwise keep server.close() waiting forever).
 */
export class SseConnections {
  private readonly open = new Set<() => void>();

  constructor(private readonly heartbeatMs = HEARTBEAT_INTERVAL_MS) {}

  /** How many streams are open now. */
  get size(): number {
    return this.open.size;
  }

  start(request: FastifyRequest, reply: FastifyReply): SseConnection {
    reply.hijack();
    const res = reply.raw;
    // Headers set by hooks (security headers, request id) are kept; hijacking would drop them.
    const hookHeaders = Object.fromEntries(Object.entries(reply.getHeaders()).filter(([, v]) => v !== undefined)) as Record<string, string | string[] | number>;
    res.writeHead(200, {
      ...hookHeaders,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
    });
    res.write(`retry: ${RECONNECT_DELAY_MS}\n\n`);

    const closeListeners: (() => void)[] = [];
    let closed = false;
    const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), this.heartbeatMs);
    const close = () => {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      this.open.delete(close);
      if (!res.writableEnded) res.end();
      for (const listener of closeListeners.splice(0)) listener();
    };
    this.open.add(close);
    request.raw.on('close', close);
    res.on('close', close);
    res.on('error', close);

    return {
      send(event, id, data) {
        if (closed) return;
        res.write(`id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      },
      end: close,
      onClose(listener) {
        if (closed) listener();
        else closeListeners.push(listener);
      },
    };
  }

  closeAll(): void {
    for (const close of [...this.open]) close();
  }
}
