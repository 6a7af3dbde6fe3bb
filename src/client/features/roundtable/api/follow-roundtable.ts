import { apiHeaders } from '#client/lib/api-client.ts';
import { isFinalTableEvent, toTableEvent, type TableEvent } from '../logic/table-events.ts';
import { TableSseParser } from '../logic/sse.ts';

export type FollowTableResult = 'finished' | 'gone' | 'gave-up' | 'aborted';

const MAX_FAILURES = 5;
const RETRY_MS = 2000;

/**
 * GET /api/roundtables/:id/stream with fetch: every event is applied as it comes; a dropped
 * connection is reopened with the last event id (Last-Event-ID), so nothing is lost or repeated.
 */
export async function followRoundtable(id: string, onEvent: (event: TableEvent) => void, signal: AbortSignal): Promise<FollowTableResult> {
  let lastId: string | null = null;
  let failures = 0;
  while (!signal.aborted) {
    try {
      const headers = apiHeaders({ accept: 'text/event-stream' });
      if (lastId) headers.set('last-event-id', lastId);
      const response = await fetch(`/api/roundtables/${encodeURIComponent(id)}/stream`, { headers, credentials: 'include', cache: 'no-store', signal });
      if (!response.ok || !response.body) {
        if (response.status >= 400 && response.status < 500 && response.status !== 429) return 'gone';
        throw new Error(`stream answered ${response.status}`);
      }
      const parser = new TableSseParser();
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        for (const raw of parser.push(value)) {
          const event = toTableEvent(raw.event, raw.data);
          if (raw.id) lastId = raw.id;
          if (!event) continue;
          failures = 0;
          onEvent(event);
          if (isFinalTableEvent(event)) {
            void reader.cancel().catch(() => {});
            return 'finished';
          }
        }
      }
    } catch {
      if (signal.aborted) return 'aborted';
    }
    failures += 1;
    if (failures >= MAX_FAILURES) return 'gave-up';
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, RETRY_MS);
      signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
    });
  }
  return 'aborted';
}
