import type { Redis } from 'ioredis';
import type { EventHub, HubEvent, HubSubscription } from './event-hub.ts';

/** How long Redis keeps a stream: a running one (refreshed at every open), and one that ended. */
const OPEN_TTL_SECONDS = 6 * 60 * 60;
const ENDED_TTL_SECONDS = 5 * 60;
/** How long one blocking read waits before it is issued again (it returns at once on new events or a wake). */
const BLOCK_MS = 15_000;
/** The most entries one read takes per stream: a reader far behind catches up in several reads. */
const READ_COUNT = 500;

export interface RedisHubOptions {
  /** Appends and reads (never blocks). Commands on it run in the order they were sent. */
  commands: Redis;
  /** Only the hub's blocking reads: a blocked connection can do nothing else. */
  blocking: Redis;
  /** Key prefix, e.g. `co:`; every instance of one deployment uses the same. */
  prefix: string;
  log: { warn(obj: object, msg: string): void };
}

interface Subscriber<E> {
  listener: (event: HubEvent<E>) => void;
  /** Events that arrived while the replay was being read: delivered after it, without repeats. */
  early: HubEvent<E>[] | null;
  /** The last id this reader has (delivered or replayed): nothing at or before it is delivered again. */
  floor: EntryId | null;
}

type EntryId = readonly [bigint, bigint];
type Entry = [id: string, fields: string[]];

function parseId(id: string): EntryId | null {
  const match = /^(\d+)-(\d+)$/.exec(id);
  return match ? [BigInt(match[1]!), BigInt(match[2]!)] : null;
}

function after(a: EntryId, b: EntryId | null): boolean {
  return b === null || a[0] > b[0] || (a[0] === b[0] && a[1] > b[1]);
}

/**
 * The event hub on Redis Streams, shared by every instance of a deployment: one Redis stream per
 * hub stream (XADD to append, XRANGE to replay, XREAD BLOCK to follow), so a reader on any instance
 * follows a reply written on another, and one that reconnects elsewhere with the id of the last
 * event it got (a Redis entry id) resumes without loss. Opening a stream trims it to nothing and
 * adds an empty marker entry, so the stream exists (readers know it is live) and its ids continue
 * after the earlier ones. One blocking connection per instance reads every followed stream at once;
 * a new stream to follow wakes it through the instance's own wake stream (race-free: the wake entry
 * is after the id the read waits from, whenever the read starts).
 *
 * Publishing never waits: the commands connection sends in order in the background (and, while
 * Redis is away, queues and sends on reconnection). The database stays the record: a reader that
 * Redis cannot serve is brought up to date from it by its StreamView.
 */
export function createRedisHub<E>(options: RedisHubOptions): EventHub<E> {
  const { commands, blocking, prefix, log } = options;
  const keyOf = (streamId: string) => `${prefix}stream:${streamId}`;
  const wakeKey = `${prefix}wake:${crypto.randomUUID()}`;
  /** Per followed Redis key: its readers, and the id the blocking read continues after. */
  const followed = new Map<string, { subscribers: Set<Subscriber<E>>; cursor: string }>();
  let wakeCursor = '0-0';
  let closed = false;
  let loop: Promise<void> | undefined;
  let idle: (() => void) | undefined;

  const send = (what: string, command: Promise<unknown>) => {
    command.catch((err: unknown) => {
      if (!closed) log.warn({ err }, `event hub: could not ${what}`);
    });
  };

  const toEvent = (id: string, fields: string[]): HubEvent<E> | null => {
    const index = fields.indexOf('e');
    if (index < 0 || index % 2 !== 0) return null; // the marker entry written by open()
    const { event, last } = JSON.parse(fields[index + 1]!) as { event: E; last: boolean };
    return { id, event, last };
  };

  const deliver = (subscriber: Subscriber<E>, event: HubEvent<E>) => {
    if (subscriber.early) {
      subscriber.early.push(event);
      return;
    }
    const id = parseId(event.id)!;
    if (!after(id, subscriber.floor)) return;
    subscriber.floor = id;
    subscriber.listener(event);
  };

  const wake = () => {
    if (idle) {
      idle();
      idle = undefined;
      return;
    }
    send('wake its reader', commands.xadd(wakeKey, 'MAXLEN', '~', '10', '*', 'w', '1'));
  };

  async function readLoop(): Promise<void> {
    while (!closed) {
      // A stream whose first replay is still being read has no cursor yet.
      const ready = [...followed].filter(([, stream]) => stream.cursor !== '');
      if (ready.length === 0) {
        await new Promise<void>((resolve) => (idle = resolve));
        continue;
      }
      const keys = ready.map(([key]) => key);
      const cursors = ready.map(([, stream]) => stream.cursor);
      let result: [key: string, entries: Entry[]][] | null;
      try {
        result = (await blocking.xread('COUNT', READ_COUNT, 'BLOCK', BLOCK_MS, 'STREAMS', wakeKey, ...keys, wakeCursor, ...cursors)) as typeof result;
      } catch (err) {
        if (closed) return;
        log.warn({ err }, 'event hub: a blocking read failed; reading again');
        // The client reconnects by itself; wait a little so a Redis that is away is not hammered.
        await new Promise((resolve) => setTimeout(resolve, 200));
        continue;
      }
      for (const [key, entries] of result ?? []) {
        if (key === wakeKey) {
          wakeCursor = entries.at(-1)?.[0] ?? wakeCursor;
          continue;
        }
        const stream = followed.get(key);
        if (!stream) continue;
        for (const [id, fields] of entries) {
          stream.cursor = id;
          const event = toEvent(id, fields);
          if (!event) continue;
          for (const subscriber of [...stream.subscribers]) deliver(subscriber, event);
        }
      }
    }
  }

  const append = (streamId: string, event: E, last: boolean) => {
    const key = keyOf(streamId);
    send('publish an event', commands.xadd(key, '*', 'e', JSON.stringify({ event, last })));
    if (last) send('set a stream to expire', commands.expire(key, ENDED_TTL_SECONDS));
  };

  return {
    open(streamId) {
      const key = keyOf(streamId);
      send(
        'open a stream',
        commands
          .multi()
          .xtrim(key, 'MAXLEN', 0)
          .xadd(key, '*', 'o', '1')
          .expire(key, OPEN_TTL_SECONDS)
          .exec(),
      );
    },
    publish(streamId, event) {
      append(streamId, event, false);
    },
    end(streamId, event) {
      append(streamId, event, true);
    },
    async subscribe(streamId, afterId, listener) {
      const key = keyOf(streamId);
      const from = afterId !== null ? parseId(afterId) : null;
      const subscriber: Subscriber<E> = { listener, early: [], floor: from };
      let stream = followed.get(key);
      if (!stream) {
        // Not read by the loop until the replay below says where to start.
        stream = { subscribers: new Set(), cursor: '' };
        followed.set(key, stream);
      }
      stream.subscribers.add(subscriber);
      const unsubscribe = () => {
        const current = followed.get(key);
        if (!current) return;
        current.subscribers.delete(subscriber);
        if (current.subscribers.size === 0) followed.delete(key);
      };
      let exists: number;
      let entries: Entry[];
      try {
        const replies = await commands
          .multi()
          .exists(key)
          .xrange(key, from ? `(${from[0]}-${from[1]}` : '-', '+')
          .exec();
        for (const [err] of replies ?? []) if (err) throw err;
        exists = replies![0]![1] as number;
        entries = replies![1]![1] as Entry[];
      } catch (err) {
        unsubscribe();
        throw err;
      }
      const missed: HubEvent<E>[] = [];
      for (const [id, fields] of entries) {
        const event = toEvent(id, fields);
        if (event && after(parseId(id)!, subscriber.floor)) missed.push(event);
      }
      const lastRead = entries.at(-1)?.[0];
      if (lastRead) subscriber.floor = parseId(lastRead);
      // Events the loop delivered meanwhile, after the replay: the listener gets them now, in order.
      const early = subscriber.early ?? [];
      subscriber.early = null;
      for (const event of early) deliver(subscriber, event);
      // The first replay to come back (replies come back in the order the reads were sent) says where
      // the loop starts; readers whose replay ends later skip what they have by their floor.
      if (followed.get(key) === stream && stream.cursor === '') {
        stream.cursor = lastRead ?? (from ? `${from[0]}-${from[1]}` : '0-0');
        loop ??= readLoop();
        wake();
      }
      const subscription: HubSubscription<E> = { known: exists === 1, missed, unsubscribe };
      return subscription;
    },
    async close() {
      // What was published is sent before the connections close (the final events of replies ended by
      // a shutdown reach readers on other instances): commands run in order, so a PING answered means
      // every earlier one ran. Not for ever while Redis is away.
      await Promise.race([commands.ping().catch(() => {}), new Promise((resolve) => setTimeout(resolve, 2_000).unref())]);
      closed = true;
      followed.clear();
      idle?.();
      // Unblocks the read in flight; the connections themselves belong to the caller.
      await commands.del(wakeKey).catch(() => {});
      await commands.xadd(wakeKey, '*', 'w', '1').catch(() => {});
      await commands.del(wakeKey).catch(() => {});
      await loop;
    },
  };
}
