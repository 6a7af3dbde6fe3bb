import { describe, expect, it } from 'vitest';
import type { EventHub, HubEvent } from '#server/streams/event-hub.ts';
import { waitFor } from '#tests/helpers/wait-for.ts';

type Event = { n: number };

/**
 * Two hubs on one shared backend: a writer's instance and a reader's. For the in-process hub both
 * are the same object; a Redis hub gives two hubs on one Redis, so a reader on "another instance"
 * is tested for real.
 */
export interface HubPair {
  writer: EventHub<Event>;
  reader: EventHub<Event>;
  /**
   * Resolves once what the writer published so far is stored where the reader's hub reads it: a
   * networked hub publishes in the background, so a reader on another instance that comes "later"
   * must come after that. Omitted when publishing is immediate.
   */
  settled?(): Promise<void>;
  close(): Promise<void>;
}

/** Collects what a subscription gets: its replay, then the listener's events. */
async function follow(hub: EventHub<Event>, streamId: string, afterId: string | null) {
  const live: HubEvent<Event>[] = [];
  const subscription = await hub.subscribe(streamId, afterId, (event) => live.push(event));
  const all = () => [...subscription.missed, ...live];
  return {
    subscription,
    live,
    all,
    numbers: () => all().map((e) => e.event.n),
    /** Waits (on the events, never on a clock) until the stream's last event has arrived. */
    untilLast: () => waitFor(() => all().some((e) => e.last), `the last event of ${streamId}`, 5_000),
  };
}

let streams = 0;
const newStreamId = () => `contract-${Date.now().toString(36)}-${++streams}`;
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** The EventHub contract (src/server/streams/event-hub.ts). Every implementation runs it. */
export function describeEventHubContract(name: string, createPair: () => Promise<HubPair>): void {
  describe(`${name}: the event hub contract`, () => {
    const withPair = (test: (pair: HubPair) => Promise<void>) => async () => {
      const pair = await createPair();
      try {
        await test(pair);
      } finally {
        await pair.close();
      }
    };

    it(
      'does not know a stream that was never opened, and follows it once it is',
      withPair(async ({ writer, reader }) => {
        const id = newStreamId();
        const early = await follow(reader, id, null);
        expect(early.subscription.known).toBe(false);
        expect(early.subscription.missed).toEqual([]);
        writer.open(id);
        writer.publish(id, { n: 1 });
        writer.end(id, { n: 2 });
        await early.untilLast();
        expect(early.numbers()).toEqual([1, 2]);
        expect(early.all().map((e) => e.last)).toEqual([false, true]);
        early.subscription.unsubscribe();
      }),
    );

    it(
      'replays the log to a late reader, then follows live events in order, each once',
      withPair(async ({ writer, reader, settled }) => {
        const id = newStreamId();
        writer.open(id);
        for (const n of range(1, 5)) writer.publish(id, { n });
        await settled?.();
        const late = await follow(reader, id, null);
        expect(late.subscription.known).toBe(true);
        for (const n of range(6, 9)) writer.publish(id, { n });
        writer.end(id, { n: 10 });
        await late.untilLast();
        expect(late.numbers()).toEqual(range(1, 10));
        const ids = late.all().map((e) => e.id);
        expect(new Set(ids).size).toBe(ids.length);
        late.subscription.unsubscribe();
      }),
    );

    it(
      'resumes a reader that reconnects to another instance after the last event it got, without loss',
      withPair(async ({ writer, reader }) => {
        const id = newStreamId();
        writer.open(id);
        for (const n of range(1, 3)) writer.publish(id, { n });
        const first = await follow(writer, id, null);
        await waitFor(() => first.all().length === 3, 'three events');
        const lastSeen = first.all().at(-1)!.id;
        first.subscription.unsubscribe();
        // Published while the reader is away.
        for (const n of range(4, 6)) writer.publish(id, { n });
        const resumed = await follow(reader, id, lastSeen);
        writer.end(id, { n: 7 });
        await resumed.untilLast();
        expect(resumed.numbers()).toEqual(range(4, 7));
        resumed.subscription.unsubscribe();
      }),
    );

    it(
      'loses and repeats nothing for readers that subscribe while events are being published',
      withPair(async ({ writer, reader }) => {
        const id = newStreamId();
        writer.open(id);
        const publishing = (async () => {
          for (const n of range(1, 200)) {
            writer.publish(id, { n });
            if (n % 7 === 0) await new Promise((resolve) => setImmediate(resolve));
            else await Promise.resolve();
          }
          writer.end(id, { n: 201 });
        })();
        const readers = [];
        for (let i = 0; i < 10; i++) {
          readers.push(await follow(i % 2 ? reader : writer, id, null));
          await new Promise((resolve) => setImmediate(resolve));
        }
        await publishing;
        for (const r of readers) {
          await r.untilLast();
          expect(r.numbers()).toEqual(range(1, 201));
          r.subscription.unsubscribe();
        }
      }),
    );

    it(
      'gives a stream opened again ids after its earlier ones, so a reader of the old one gets the new one whole',
      withPair(async ({ writer, reader }) => {
        const id = newStreamId();
        writer.open(id);
        writer.publish(id, { n: 1 });
        const old = await follow(reader, id, null);
        writer.end(id, { n: 2 });
        await old.untilLast();
        old.subscription.unsubscribe();
        writer.open(id);
        writer.publish(id, { n: 10 });
        const again = await follow(reader, id, old.all().at(-1)!.id);
        writer.end(id, { n: 11 });
        await again.untilLast();
        expect(again.numbers()).toEqual([10, 11]);
        again.subscription.unsubscribe();
      }),
    );

    it(
      'gives a reader that subscribes while an event is being delivered that event once',
      withPair(async ({ writer, reader }) => {
        const id = newStreamId();
        writer.open(id);
        // The first reader's listener subscribes a second reader while the hub delivers event 1.
        let second: Promise<Awaited<ReturnType<typeof follow>>> | undefined;
        const first = await reader.subscribe(id, null, () => {
          second ??= follow(reader, id, null);
        });
        writer.publish(id, { n: 1 });
        const late = await waitFor(() => second, 'the second reader to subscribe');
        writer.end(id, { n: 2 });
        await late.untilLast();
        expect(late.numbers()).toEqual([1, 2]);
        first.unsubscribe();
        late.subscription.unsubscribe();
      }),
    );

    it(
      'stops delivering to a reader that unsubscribed, and keeps delivering to the others',
      withPair(async ({ writer, reader }) => {
        const id = newStreamId();
        writer.open(id);
        const leaving = await follow(reader, id, null);
        const staying = await follow(reader, id, null);
        writer.publish(id, { n: 1 });
        await waitFor(() => leaving.all().length === 1, 'the first event');
        leaving.subscription.unsubscribe();
        writer.publish(id, { n: 2 });
        writer.end(id, { n: 3 });
        await staying.untilLast();
        expect(staying.numbers()).toEqual([1, 2, 3]);
        expect(leaving.numbers()).toEqual([1]);
        staying.subscription.unsubscribe();
      }),
    );
  });
}
