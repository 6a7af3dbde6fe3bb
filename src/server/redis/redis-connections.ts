import { Redis, type RedisOptions } from 'ioredis';

export interface RedisConnections {
  /** Commands that never block (appends, reads, publishes): sent in order; queued while Redis is away. */
  commands: Redis;
  /** The event hub's blocking reads. */
  blocking: Redis;
  /** Pub/sub: a subscribed connection can do nothing else. */
  subscriber: Redis;
  /** Rate-limit counters: fails at once while Redis is away (the limit is then skipped, never the request). */
  counters: Redis;
  /** Key prefix shared by every instance of the deployment. */
  prefix: string;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The Redis connections of one instance (ioredis): each reconnects by itself, with back-off, when
 * Redis goes away. The commands connection queues what is sent meanwhile (so events published
 * during a short outage are not lost); the counters connection does not (a request is never held
 * waiting for a rate-limit counter).
 */
export function openRedis(url: string, log: { warn(obj: object, msg: string): void }): RedisConnections {
  const base: RedisOptions = {
    lazyConnect: false,
    // A hub command waits for Redis to come back rather than failing after some retries.
    maxRetriesPerRequest: null,
    retryStrategy: (times) => Math.min(times * 100, 2_000),
    connectionName: 'corner-office',
  };
  const connect = (name: string, options: RedisOptions = {}) => {
    const client = new Redis(url, { ...base, ...options, connectionName: `corner-office:${name}` });
    let warned = false;
    client.on('error', (err: Error) => {
      // ioredis reports every failed reconnection; once per outage is enough.
      if (!warned) log.warn({ err }, `redis (${name}): connection error; reconnecting`);
      warned = true;
    });
    client.on('ready', () => (warned = false));
    return client;
  };
  const commands = connect('commands');
  const blocking = connect('blocking');
  const subscriber = connect('subscriber');
  const counters = connect('counters', { maxRetriesPerRequest: 1, enableOfflineQueue: false });
  const all = [commands, blocking, subscriber, counters];
  return {
    commands,
    blocking,
    subscriber,
    counters,
    prefix: 'co:',
    async ping() {
      // On the connection that fails at once while Redis is away (the others wait for it).
      await counters.ping();
    },
    async close() {
      // disconnect(), not quit(): a blocked read or a Redis that is away must not hold the shutdown.
      for (const client of all) client.disconnect();
    },
  };
}
