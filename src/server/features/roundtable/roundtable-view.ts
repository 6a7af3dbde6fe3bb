import { CHAIR_SEAT, type RoundtableDto, type RtDeltaEvent, type RtDoneEvent, type RtErrorEvent, type RtRoundEndEvent, type RtSynthesisEvent, type RtTurnEndEvent, type RtToolsEvent, type RtTurnStartEvent } from '#contract/roundtable.ts';
import { errorCatalog } from '#contract/errors.ts';
import type { Db } from '#server/db/client.ts';
import type { TurnStreamEvent } from '#server/runs/stream-events.ts';
import type { HubEvent } from '#server/streams/event-hub.ts';
import type { StreamView } from '#server/streams/stream-follower.ts';
import { toRoundtableDto } from './roundtable-dto.ts';
import { findRoundtable, turnsOf } from './roundtable.queries.ts';

/** The id of a `snapshot`: sent back as Last-Event-ID, it asks for everything the hub holds. */
export const SNAPSHOT_EVENT_ID = '0';

/** Where a roundtable stream's events go (an SSE connection; an array in a test). Ids are the hub's. */
export interface RoundtableEventSink {
  send(event: 'snapshot', id: string, data: { roundtable: RoundtableDto }): void;
  send(event: 'turn-start', id: string, data: RtTurnStartEvent): void;
  send(event: 'delta', id: string, data: RtDeltaEvent): void;
  send(event: 'turn-end', id: string, data: RtTurnEndEvent): void;
  send(event: 'tools', id: string, data: RtToolsEvent): void;
  send(event: 'round-end', id: string, data: RtRoundEndEvent): void;
  send(event: 'synthesis', id: string, data: RtSynthesisEvent): void;
  send(event: 'done', id: string, data: RtDoneEvent): void;
  send(event: 'error', id: string, data: RtErrorEvent): void;
}

/**
 * A roundtable as its reader follows it: the hub's events one for one, with the hub's ids, so a
 * reader that reconnects with Last-Event-ID gets exactly what it lacks. When the hub does not hold
 * the stream (the table ended, or runs on another instance), the stored table as a `snapshot`,
 * again while it changes, then how it ended.
 */
export class RoundtableStreamView implements StreamView<TurnStreamEvent> {
  private lastSnapshot = '';

  constructor(
    private readonly db: Db,
    private readonly roundtableId: string,
    readonly after: string | null,
    private readonly sink: RoundtableEventSink,
  ) {}

  replay(missed: HubEvent<TurnStreamEvent>[]): void {
    for (const event of missed) this.apply(event);
  }

  apply({ id, event }: HubEvent<TurnStreamEvent>): void {
    switch (event.type) {
      case 'turn-start':
        this.sink.send('turn-start', id, { turnId: event.turn, round: event.round ?? 1, seat: event.seat ?? CHAIR_SEAT, kind: event.kind ?? 'opening' });
        return;
      case 'delta':
        this.sink.send('delta', id, { turnId: event.turn, text: event.text });
        return;
      case 'tools':
        this.sink.send('tools', id, { turnId: event.turn, tools: event.tools });
        return;
      case 'turn-end': {
        const final = event.final;
        const status = final.type === 'error' ? 'failed' : final.status;
        this.sink.send('turn-end', id, { turnId: event.turn, status, content: final.content, stance: event.stance ?? null, error: final.type === 'error' ? final.message : null });
        if (event.seat === CHAIR_SEAT && status === 'complete') this.sink.send('synthesis', id, { turnId: event.turn, content: final.content });
        return;
      }
      case 'round-end':
        this.sink.send('round-end', id, { round: event.round, changedSeats: event.changedSeats });
        return;
      case 'end':
        if (event.status === 'failed') this.sink.send('error', id, { message: errorCatalog['ai:provider'].message });
        else this.sink.send('done', id, { status: event.status ?? 'complete', stopReason: event.stopReason ?? null, tokensUsed: event.tokensUsed ?? 0 });
        return;
    }
  }

  async catchUpFromStore(): Promise<boolean> {
    const table = await findRoundtable(this.db, this.roundtableId);
    if (!table) {
      this.sink.send('error', SNAPSHOT_EVENT_ID, { message: errorCatalog['not_found:roundtable'].message });
      return true;
    }
    const dto = toRoundtableDto(table, await turnsOf(this.db, table.id));
    const json = JSON.stringify(dto);
    if (json !== this.lastSnapshot) {
      this.lastSnapshot = json;
      this.sink.send('snapshot', SNAPSHOT_EVENT_ID, { roundtable: dto });
    }
    if (table.status === 'running') return false;
    if (table.status === 'failed') this.sink.send('error', SNAPSHOT_EVENT_ID, { message: errorCatalog['ai:provider'].message });
    else this.sink.send('done', SNAPSHOT_EVENT_ID, { status: table.status, stopReason: table.stopReason, tokensUsed: table.tokensUsed });
    return true;
  }
}

/** Last-Event-ID as the hub's id; null when absent or not one of ours. */
export function parseRoundtableEventId(header: string | string[] | undefined): string | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  return value;
}
