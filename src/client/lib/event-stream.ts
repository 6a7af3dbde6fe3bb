import { EventSourceParserStream } from 'eventsource-parser/stream';
import { apiHeaders } from '#client/lib/api-client.ts';

/** One Server-Sent Event; `id` is the last id the stream has given (ids carry over, as in EventSource). */
export interface StreamEvent {
  event: string;
  data: string;
  id: string | null;
}

/**
 * What an event does to the follow: `ok` counts as progress; `final` ends it ('finished'); `reconnect`
 * drops the connection and opens a new one at once (the caller's state got out of step and it asks anew);
 * `skip` is an event the caller does not know, which is not progress.
 */
export type EventOutcome = 'ok' | 'final' | 'reconnect' | 'skip';

export interface FollowEventStreamOptions {
  url: string;
  /** The Last-Event-ID to send when (re)connecting, or null for none; asked at every connect. */
  lastEventId: (streamLastId: string | null) => string | null;
  onEvent: (event: StreamEvent) => EventOutcome;
  signal: AbortSignal;
  /** Work before each connect (loading the events' schemas); a failure counts as a failed attempt. */
  beforeConnect?: () => Promise<void>;
}

/** finished: the final event arrived; gone: the server refused (deleted, not ours); gave-up: the connection kept failing. */
export type FollowResult = 'finished' | 'gone' | 'gave-up' | 'aborted';

const MAX_CONSECUTIVE_FAILURES = 5;
const DEFAULT_RETRY_MS = 2000;

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });
}

/**
 * Follows a text/event-stream of ours (a reply, a roundtable) with fetch rather than EventSource: the
 * request carries our headers, a refusal (4xx) is told apart from a dropped connection, and a named
 * 'error' event cannot be confused with a network error. The stream is parsed by eventsource-parser
 * (CR, LF and CRLF line ends, comments as heartbeats, `retry:`). A connection that ends before the
 * final event is reopened after the server's `retry:` delay with Last-Event-ID, as EventSource would;
 * five failures in a row without an event give up.
 */
export async function followEventStream({ url, lastEventId, onEvent, signal, beforeConnect }: FollowEventStreamOptions): Promise<FollowResult> {
  let failures = 0;
  let retryMs = DEFAULT_RETRY_MS;
  let streamLastId: string | null = null;
  while (!signal.aborted) {
    let reconnectNow = false;
    try {
      await beforeConnect?.();
      const headers = apiHeaders({ accept: 'text/event-stream' });
      const resumeFrom = lastEventId(streamLastId);
      if (resumeFrom !== null) headers.set('last-event-id', resumeFrom);
      const response = await fetch(url, { headers, credentials: 'include', cache: 'no-store', signal });
      if (!response.ok || !response.body) {
        if (response.status >= 400 && response.status < 500 && response.status !== 429) return 'gone';
        throw new Error(`stream answered ${response.status}`);
      }
      const reader = response.body
        .pipeThrough(new TextDecoderStream())
        .pipeThrough(new EventSourceParserStream({ onRetry: (ms) => (retryMs = ms) }))
        .getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        if (value.id !== undefined) streamLastId = value.id;
        const outcome = onEvent({ event: value.event ?? 'message', data: value.data, id: streamLastId });
        if (outcome === 'skip') continue;
        failures = 0;
        if (outcome === 'final' || outcome === 'reconnect') {
          void reader.cancel().catch(() => {});
          if (outcome === 'final') return 'finished';
          reconnectNow = true;
          break;
        }
      }
    } catch {
      if (signal.aborted) return 'aborted';
    }
    // The stream ended without its final event, or the request failed: try again shortly.
    failures += 1;
    if (failures >= MAX_CONSECUTIVE_FAILURES) return 'gave-up';
    if (!reconnectNow) await wait(retryMs, signal);
  }
  return 'aborted';
}
