import { followEventStream, type FollowResult } from '#client/lib/event-stream.ts';
import { isFinalTableEvent, toTableEvent, type TableEvent } from '../logic/table-events.ts';

export type FollowTableResult = FollowResult;

/**
 * GET /api/roundtables/:id/stream: every event is applied as it comes; a dropped connection is reopened
 * with the last event id (Last-Event-ID) after the server's `retry:` delay, so nothing is lost or repeated.
 */
export function followRoundtable(id: string, onEvent: (event: TableEvent) => void, signal: AbortSignal): Promise<FollowTableResult> {
  return followEventStream({
    url: `/api/roundtables/${encodeURIComponent(id)}/stream`,
    lastEventId: (streamLastId) => streamLastId,
    signal,
    onEvent: (raw) => {
      const event = toTableEvent(raw.event, raw.data);
      if (!event) return 'skip';
      onEvent(event);
      return isFinalTableEvent(event) ? 'final' : 'ok';
    },
  });
}
