import type { InstanceBus, InstanceMessage } from '#server/streams/instance-bus.ts';
import type { RedisConnections } from './redis-connections.ts';

/** The instance bus on Redis pub/sub: one channel per deployment; each message names its sender. */
export async function createRedisBus(redis: RedisConnections, log: { warn(obj: object, msg: string): void }): Promise<InstanceBus> {
  const channel = `${redis.prefix}bus`;
  const self = crypto.randomUUID();
  const handlers = new Set<(message: InstanceMessage) => void>();
  const onMessage = (from: string, raw: string) => {
    if (from !== channel) return;
    let parsed: { from: string; message: InstanceMessage };
    try {
      parsed = JSON.parse(raw) as typeof parsed;
    } catch (err) {
      log.warn({ err }, 'instance bus: a message that is not JSON');
      return;
    }
    if (parsed.from === self) return;
    for (const handler of handlers) {
      try {
        handler(parsed.message);
      } catch (err) {
        log.warn({ err, kind: parsed.message.kind }, 'instance bus: a handler failed');
      }
    }
  };
  redis.subscriber.on('message', onMessage);
  // ioredis subscribes again by itself after a reconnection.
  await redis.subscriber.subscribe(channel);
  return {
    publish(message) {
      redis.commands.publish(channel, JSON.stringify({ from: self, message })).catch((err: unknown) => log.warn({ err, kind: message.kind }, 'instance bus: could not publish'));
    },
    subscribe(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    async close() {
      handlers.clear();
      redis.subscriber.off('message', onMessage);
    },
  };
}
