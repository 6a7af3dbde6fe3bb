import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';

export const HEARTBEAT_INTERVAL_MS = 15_000;
/**
 * Streams one account may hold open on this instance (decision 054). A person with a dozen tabs each
 * following a reply and a roundtable, plus the connections a sleeping phone left half-open, stays far
 * below it; one account opening 1,063 made another user's send answer 503 (issue 28, point 10).
 */
export const MAX_STREAMS_PER_ACCOUNT = 32;
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
 * server can end them (an open stream would otherwise keep server.close() waiting forever), and
 * counted per account, so no account can hold more than its share of the instance.
 */
export class SseConnections {
  private readonly open = new Set<() => void>();
  private readonly openByAccount = new Map<string, number>();

  constructor(
    private readonly heartbeatMs = HEARTBEAT_INTERVAL_MS,
    private readonly maxPerAccount = MAX_STREAMS_PER_ACCOUNT,
  ) {}

  /** How many streams are open now. */
  get size(): number {
    return this.open.size;
  }

  /**
   * Opens the stream of `accountId`'s request, or refuses it (AppError 'rate_limit:streams', 429 with
   * Retry-After) while the account already holds `maxPerAccount` here: before anything is written.
   */
  start(request: FastifyRequest, reply: FastifyReply, accountId: string): SseConnection {
    const held = this.openByAccount.get(accountId) ?? 0;
    if (held >= this.maxPerAccount) {
      request.log.warn({ accountId, held }, 'event stream refused: the account holds the most streams allowed');
      throw new AppError('rate_limit:streams');
    }
    this.openByAccount.set(accountId, held + 1);
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
      const left = (this.openByAccount.get(accountId) ?? 1) - 1;
      if (left > 0) this.openByAccount.set(accountId, left);
      else this.openByAccount.delete(accountId);
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
