/** One Server-Sent Event: its name, data and the last id seen (ids carry over, as in EventSource). */
export interface RawSseEvent {
  event: string;
  data: string;
  id: string | null;
}

/** A small incremental text/event-stream parser (the subset EventSource implements); heartbeats are skipped. */
export class TableSseParser {
  private buffer = '';
  private name = '';
  private data: string[] = [];
  private id: string | null = null;

  push(chunk: string): RawSseEvent[] {
    this.buffer += chunk;
    const events: RawSseEvent[] = [];
    let index = this.buffer.indexOf('\n');
    while (index !== -1) {
      const line = this.buffer.slice(0, index).replace(/\r$/, '');
      this.buffer = this.buffer.slice(index + 1);
      if (line === '') {
        if (this.data.length > 0) events.push({ event: this.name || 'message', data: this.data.join('\n'), id: this.id });
        this.name = '';
        this.data = [];
      } else if (!line.startsWith(':')) {
        const colon = line.indexOf(':');
        const field = colon === -1 ? line : line.slice(0, colon);
        const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') this.name = value;
        else if (field === 'data') this.data.push(value);
        else if (field === 'id') this.id = value;
      }
      index = this.buffer.indexOf('\n');
    }
    return events;
  }
}
