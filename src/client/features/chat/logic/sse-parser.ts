/** One Server-Sent Event as the stream delivered it. */
export interface SseEvent {
  event: string;
  data: string;
  /** The last `id:` seen on the stream (ids carry over to later events, as in EventSource). */
  id: string | null;
}

/**
 * An incremental parser of the text/event-stream format (the subset EventSource implements):
 * feed it chunks as they arrive, get back the events they completed. Comments (heartbeats) are skipped.
 */
export class SseParser {
  private buffer = '';
  private eventName = '';
  private dataLines: string[] = [];
  private lastId: string | null = null;
  /** The reconnect delay the server asked for with `retry:`, in ms. */
  retryMs: number | null = null;

  push(chunk: string): SseEvent[] {
    this.buffer += chunk;
    const events: SseEvent[] = [];
    for (;;) {
      const match = /\r\n|\r|\n/.exec(this.buffer);
      if (!match) break;
      // A lone \r at the end may be the first half of \r\n still on its way.
      if (match[0] === '\r' && match.index === this.buffer.length - 1) break;
      const line = this.buffer.slice(0, match.index);
      this.buffer = this.buffer.slice(match.index + match[0].length);
      const event = this.line(line);
      if (event) events.push(event);
    }
    return events;
  }

  private line(line: string): SseEvent | null {
    if (line === '') return this.dispatch();
    if (line.startsWith(':')) return null;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.eventName = value;
    else if (field === 'data') this.dataLines.push(value);
    else if (field === 'id' && !value.includes('\0')) this.lastId = value;
    else if (field === 'retry' && /^\d+$/.test(value)) this.retryMs = Number(value);
    return null;
  }

  private dispatch(): SseEvent | null {
    const hasData = this.dataLines.length > 0;
    const event: SseEvent = { event: this.eventName || 'message', data: this.dataLines.join('\n'), id: this.lastId };
    this.eventName = '';
    this.dataLines = [];
    return hasData ? event : null;
  }
}
