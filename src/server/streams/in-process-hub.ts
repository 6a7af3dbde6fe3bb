import type { EventHub, HubEvent } from './event-hub.ts';

interface Stream<E> {
  log: HubEvent<E>[];
  listeners: Set<(event: HubEvent<E>) => void>;
}

/**
 * The event hub of one instance: logs in memory, forgotten at a stream's last event (readers then
 * read the durable state, written before it). Ids are one counter for the whole hub, so a stream
 * opened again continues after its earlier ids.
 */
export function createInProcessHub<E>(): EventHub<E> {
  const streams = new Map<string, Stream<E>>();
  /** Listeners of streams not opened yet (a reader may arrive first). */
  const waiting = new Map<string, Set<(event: HubEvent<E>) => void>>();
  let sequence = 0;

  const open = (streamId: string): Stream<E> => {
    const listeners = streams.get(streamId)?.listeners ?? waiting.get(streamId) ?? new Set();
    waiting.delete(streamId);
    const stream = { log: [], listeners };
    streams.set(streamId, stream);
    return stream;
  };

  const append = (streamId: string, event: E, last: boolean) => {
    const stream = streams.get(streamId) ?? open(streamId);
    const entry: HubEvent<E> = { id: String(++sequence), event, last };
    stream.log.push(entry);
    // The listeners of this moment: one that subscribes while the event is delivered has it in its replay already.
    for (const listener of [...stream.listeners]) listener(entry);
    if (last) {
      streams.delete(streamId);
      // Readers still subscribed wait for the stream to be opened again (a retry).
      if (stream.listeners.size > 0) waiting.set(streamId, stream.listeners);
    }
  };

  return {
    open(streamId) {
      open(streamId);
    },
    publish(streamId, event) {
      append(streamId, event, false);
    },
    end(streamId, event) {
      append(streamId, event, true);
    },
    async subscribe(streamId, afterId, listener) {
      // Replay and subscription happen in the same tick, so no event falls between them.
      const stream = streams.get(streamId);
      const listeners = stream?.listeners ?? waiting.get(streamId) ?? new Set();
      if (!stream) waiting.set(streamId, listeners);
      listeners.add(listener);
      const after = afterId !== null && /^\d+$/.test(afterId) ? Number(afterId) : 0;
      return {
        known: stream !== undefined,
        missed: stream ? stream.log.filter((entry) => Number(entry.id) > after) : [],
        unsubscribe: () => {
          listeners.delete(listener);
          if (listeners.size === 0 && waiting.get(streamId) === listeners) waiting.delete(streamId);
        },
      };
    },
    async close() {
      streams.clear();
      waiting.clear();
    },
  };
}
