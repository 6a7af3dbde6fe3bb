import type { StreamDeltaEvent, StreamDoneEvent, StreamErrorEvent, StreamSnapshotEvent, StreamToolsEvent } from '#contract/chat.ts';
import type { ToolActivity } from '#contract/tools.ts';
import { errorCatalog } from '#contract/errors.ts';
import type { Db } from '#server/db/client.ts';
import type { ChatMessage } from '#server/db/schema.ts';
import type { HubEvent } from '#server/streams/event-hub.ts';
import type { StreamView } from '#server/streams/stream-follower.ts';
import { findMessageById } from '../messages.queries.ts';
import type { TurnFinal, TurnStreamEvent } from '#server/runs/stream-events.ts';

/**
 * Where the events of one reply stream go: an SSE connection in production, an array in a unit
 * test. The wire format (src/contract/chat.ts): `id` is the length of the reply text after the
 * event, so Last-Event-ID is a text offset.
 */
export interface ReplyEventSink {
  send(event: 'snapshot', id: number, data: StreamSnapshotEvent): void;
  send(event: 'delta', id: number, data: StreamDeltaEvent): void;
  send(event: 'done', id: number, data: StreamDoneEvent): void;
  send(event: 'error', id: number, data: StreamErrorEvent): void;
  send(event: 'tools', id: number, data: StreamToolsEvent): void;
}

function finalFromRow(row: ChatMessage): TurnFinal {
  if (row.status === 'failed') return { type: 'error', message: row.error ?? errorCatalog['ai:provider'].message, content: row.content };
  return {
    type: 'done',
    status: row.status === 'stopped' ? 'stopped' : 'complete',
    content: row.content,
    usage: { promptTokens: row.promptTokens, completionTokens: row.completionTokens },
  };
}

/**
 * A single reply as its reader sees it: first the text so far (or, on a reconnect, only what the
 * reader lacks), then deltas, then `done` or `error`. A finished reply is sent whole. The hub's
 * event ids stay on the server: the reply is replayed from its start and cut at the reader's offset.
 */
export class ReplyStreamView implements StreamView<TurnStreamEvent> {
  /** The text the reader has from this view. */
  private sent = '';
  private started = false;
  /** The tool calls the reader was last sent (compared by value: a repeat is not sent). */
  private sentTools = '[]';
  readonly after = null;

  constructor(
    private readonly db: Db,
    private readonly messageId: string,
    /** The reader's Last-Event-ID as a text offset; null when it has nothing. */
    private readonly resumeFrom: number | null,
    private readonly sink: ReplyEventSink,
  ) {}

  replay(missed: HubEvent<TurnStreamEvent>[]): void {
    let text = '';
    let final: TurnFinal | null = null;
    let tools: ToolActivity[] | null = null;
    for (const { event } of missed) {
      if (event.type === 'delta' && event.turn === this.messageId) text += event.text;
      else if (event.type === 'tools' && event.turn === this.messageId) tools = event.tools;
      else if (event.type === 'turn-end' && event.turn === this.messageId) final = event.final;
    }
    if (final) return this.sendFinished(final, tools);
    this.sendText(text, 'streaming');
    if (tools) this.sendTools(tools, this.sent.length);
  }

  apply({ event }: HubEvent<TurnStreamEvent>): void {
    if (event.type === 'delta' && event.turn === this.messageId) {
      const start = event.offset - event.text.length;
      // Contiguous by the hub's contract; an event the reader already has is skipped.
      if (event.offset <= this.sent.length || start > this.sent.length) return;
      const text = event.text.slice(this.sent.length - start);
      this.sent += text;
      this.sink.send('delta', this.sent.length, { text });
    } else if (event.type === 'tools' && event.turn === this.messageId) {
      this.sendTools(event.tools, this.sent.length);
    } else if (event.type === 'turn-end' && event.turn === this.messageId) {
      this.sendFinal(event.final);
    }
  }

  /** The reply's tool calls, whole, when they differ from what the reader has. */
  private sendTools(tools: ToolActivity[], id: number): void {
    const json = JSON.stringify(tools);
    if (json === this.sentTools) return;
    this.sentTools = json;
    this.sink.send('tools', id, { tools });
  }

  async catchUpFromStore(first: boolean): Promise<boolean> {
    const row = await findMessageById(this.db, this.messageId);
    if (!row) {
      this.sendFinal({ type: 'error', message: errorCatalog['not_found:message'].message, content: '' });
      return true;
    }
    if (first && row.status !== 'streaming') {
      this.sendFinished(finalFromRow(row), row.tools);
      return true;
    }
    this.sendText(row.content, row.status);
    // After the text, so the event id (a text offset) never runs ahead of the text the reader has.
    if (row.tools?.length) this.sendTools(row.tools, this.sent.length);
    if (row.status === 'streaming') return false;
    this.sendFinal(finalFromRow(row));
    return true;
  }

  /**
   * Brings the reader to `content`: at first the whole text, or only what it lacks when it resumes
   * at an offset we sent; later the new text as a delta, or a snapshot if the text was replaced (a retry).
   */
  private sendText(content: string, status: ChatMessage['status']): void {
    if (!this.started) {
      this.started = true;
      const from = this.resumeFrom;
      if (from !== null && from <= content.length) {
        if (content.length > from) this.sink.send('delta', content.length, { text: content.slice(from) });
      } else {
        this.sink.send('snapshot', content.length, { content, status });
      }
      this.sent = content;
      return;
    }
    if (content.length > this.sent.length && content.startsWith(this.sent)) {
      this.sink.send('delta', content.length, { text: content.slice(this.sent.length) });
    } else if (content !== this.sent && !this.sent.startsWith(content)) {
      this.sink.send('snapshot', content.length, { content, status });
    } else {
      return;
    }
    this.sent = content;
  }

  /** A reply that had ended before the reader came is sent whole, whatever the reader had. */
  private sendFinished(final: TurnFinal, tools?: ToolActivity[] | null): void {
    const status = final.type === 'error' ? 'failed' : final.status;
    this.sink.send('snapshot', final.content.length, { content: final.content, status });
    if (tools?.length) this.sendTools(tools, final.content.length);
    this.sendFinal(final);
  }

  private sendFinal(final: TurnFinal): void {
    if (final.type === 'error') this.sink.send('error', final.content.length, { message: final.message, content: final.content });
    else this.sink.send('done', final.content.length, { status: final.status, content: final.content, usage: final.usage });
  }
}

/** Last-Event-ID as a text offset; null when absent or not one of ours. */
export function parseLastEventId(header: string | string[] | undefined): number | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  return Number(value);
}
