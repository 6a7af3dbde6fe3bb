import type { StreamDeltaEvent, StreamDoneEvent, StreamErrorEvent, StreamSnapshotEvent } from '#contract/chat.ts';
import { errorCatalog } from '#contract/errors.ts';
import type { Db } from '#server/db/client.ts';
import type { ChatMessage } from '#server/db/schema.ts';
import * as queries from './chat.queries.ts';
import type { FinalReplyEvent, ReplyEvent, StreamHub } from './stream-hub.ts';

/** Where the events of one stream go: an SSE connection in production, an array in a unit test. */
export interface ReplyEventSink {
  send(event: 'snapshot', id: number, data: StreamSnapshotEvent): void;
  send(event: 'delta', id: number, data: StreamDeltaEvent): void;
  send(event: 'done', id: number, data: StreamDoneEvent): void;
  send(event: 'error', id: number, data: StreamErrorEvent): void;
  end(): void;
}

/** When the reply is written by another instance and no hub reaches it, the saved text is read this often. */
export const POLL_INTERVAL_MS = 500;

function finalFromRow(row: ChatMessage): FinalReplyEvent {
  if (row.status === 'failed') return { type: 'error', message: row.error ?? errorCatalog['ai:provider'].message, content: row.content };
  return {
    type: 'done',
    status: row.status === 'stopped' ? 'stopped' : 'complete',
    content: row.content,
    usage: { promptTokens: row.promptTokens, completionTokens: row.completionTokens },
  };
}

/**
 * Follows one reply for one client: first the text so far (or, on a reconnect, what the client is
 * missing), then live deltas, then the final event. Event ids are text offsets. Ownership must be
 * checked before calling. Returns a function that stops following (call it when the client leaves).
 */
export async function followReply(
  deps: { db: Db; hub: StreamHub },
  messageId: string,
  resumeFrom: number | null,
  sink: ReplyEventSink,
): Promise<() => void> {
  let sent = 0;
  let ready = false;
  let ended = false;
  let pollTimer: NodeJS.Timeout | undefined;
  let unsubscribe = () => {};
  const early: ReplyEvent[] = [];

  const end = () => {
    if (ended) return;
    ended = true;
    clearTimeout(pollTimer);
    unsubscribe();
    sink.end();
  };

  const sendFinal = (event: FinalReplyEvent) => {
    if (ended) return;
    if (event.type === 'error') sink.send('error', event.content.length, { message: event.message, content: event.content });
    else sink.send('done', event.content.length, { status: event.status, content: event.content, usage: event.usage });
    end();
  };

  /** The first thing the client gets: the whole text, or only what it lacks when it resumes at an offset we sent. */
  const sendStart = (content: string, status: ChatMessage['status']) => {
    if (resumeFrom !== null && resumeFrom <= content.length) {
      if (content.length > resumeFrom) sink.send('delta', content.length, { text: content.slice(resumeFrom) });
    } else {
      sink.send('snapshot', content.length, { content, status });
    }
    sent = content.length;
  };

  const sendText = (content: string) => {
    if (content.length <= sent) return;
    sink.send('delta', content.length, { text: content.slice(sent) });
    sent = content.length;
  };

  const onEvent = (event: ReplyEvent) => {
    if (ended) return;
    if (!ready) {
      early.push(event);
      return;
    }
    if (event.type !== 'delta') return sendFinal(event);
    const start = event.offset - event.text.length;
    if (event.offset <= sent) return;
    if (start > sent) {
      // A gap (only possible with a cross-instance hub): catch up from the database.
      void resync();
      return;
    }
    sink.send('delta', event.offset, { text: event.text.slice(sent - start) });
    sent = event.offset;
  };

  const resync = async () => {
    const row = await queries.findMessageById(deps.db, messageId);
    if (ended) return;
    if (!row) return sendFinal({ type: 'error', message: errorCatalog['not_found:message'].message, content: '' });
    sendText(row.content);
    if (row.status !== 'streaming') sendFinal(finalFromRow(row));
  };

  // Without a live runner here, the database is the source: poll it until the reply ends.
  const poll = () => {
    pollTimer = setTimeout(() => {
      resync()
        .catch(() => {})
        .finally(() => {
          if (!ended) poll();
        });
    }, POLL_INTERVAL_MS);
  };

  const subscription = await deps.hub.subscribe(messageId, onEvent);
  unsubscribe = subscription.unsubscribe;
  if (subscription.live) {
    sendStart(subscription.live.content, 'streaming');
  } else {
    // Read after subscribing, so a reply that ends in between is seen either here or as an event.
    const row = await queries.findMessageById(deps.db, messageId);
    if (!row) {
      sendFinal({ type: 'error', message: errorCatalog['not_found:message'].message, content: '' });
      return end;
    }
    if (row.status !== 'streaming') {
      // A finished reply is sent whole, whatever the client had.
      sink.send('snapshot', row.content.length, { content: row.content, status: row.status });
      sendFinal(finalFromRow(row));
      return end;
    }
    sendStart(row.content, row.status);
    poll();
  }
  ready = true;
  for (const event of early.splice(0)) onEvent(event);
  return end;
}

/** Last-Event-ID as a text offset; null when absent or not one of ours. */
export function parseLastEventId(header: string | string[] | undefined): number | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  return Number(value);
}
