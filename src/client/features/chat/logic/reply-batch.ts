import type { ChatMessageDto } from '#contract/chat.ts';
import { applyReplyEvent, isOutOfStep, type ReplyEvent } from './reply-events.ts';

/**
 * How often a reply being written is drawn: the deltas that arrive in between are written into the
 * transcript together. A provider can send a token every few milliseconds, and each write renders the
 * reply's Markdown again from its start; 50 ms (20 frames a second) still reads as live typing.
 */
export const STREAM_RENDER_INTERVAL_MS = 50;

export interface ReplyBatchTimers {
  setTimeout: (run: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

export interface ReplyBatch {
  /** Takes one event; answers 'resync' when the text it leads to is out of step with the server's count. */
  push: (event: ReplyEvent) => 'ok' | 'resync';
  /** The reply as the events received so far make it, written or not (null while it is not in the transcript). */
  latest: () => ChatMessageDto | null;
  /** Writes whatever is pending now. */
  flush: () => void;
}

/**
 * Coalesces a reply's stream events into one write per interval. Deltas wait for the next write;
 * a snapshot, the final event and a delta that got out of step are written at once, with everything
 * before them. Pending events are applied to the message as the transcript holds it at write time, so a
 * transcript reread in between is built on, never overwritten.
 */
export function createReplyBatch(
  read: () => ChatMessageDto | null,
  write: (update: (message: ChatMessageDto) => ChatMessageDto) => void,
  intervalMs: number = STREAM_RENDER_INTERVAL_MS,
  timers: ReplyBatchTimers = { setTimeout: (run, ms) => setTimeout(run, ms), clearTimeout: (handle) => clearTimeout(handle as number) },
): ReplyBatch {
  let pending: ReplyEvent[] = [];
  let timer: unknown = null;

  const applyPending = (message: ChatMessageDto, events: ReplyEvent[]) => events.reduce(applyReplyEvent, message);
  const latest = () => {
    const message = read();
    return message ? applyPending(message, pending) : null;
  };
  const flush = () => {
    if (timer !== null) {
      timers.clearTimeout(timer);
      timer = null;
    }
    if (pending.length === 0) return;
    const events = pending;
    pending = [];
    write((message) => applyPending(message, events));
  };

  return {
    latest,
    flush,
    push(event) {
      const base = latest();
      if (!base) return 'ok';
      const outOfStep = isOutOfStep(applyReplyEvent(base, event), event);
      pending.push(event);
      if (event.type !== 'delta' || outOfStep) flush();
      else if (timer === null) timer = timers.setTimeout(flush, intervalMs);
      return outOfStep ? 'resync' : 'ok';
    },
  };
}
