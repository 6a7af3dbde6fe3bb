import { afterAll, beforeAll, describe } from 'vitest';
import { describeEventHubContract } from '#tests/contracts/event-hub.contract.ts';
import { redisServerAvailable, startTestRedis, type TestRedis } from '#tests/helpers/redis-server.ts';
import { openRedis } from '#server/redis/redis-connections.ts';
import { createRedisHub } from './redis-hub.ts';

const silent = { warn: () => {} };

// Two instances on one Redis (a server of the test's own): the writer's hub and the reader's are
// different objects with different connections, as on two machines.
describe.skipIf(!redisServerAvailable)('the Redis Streams hub', () => {
  let redis: TestRedis;
  beforeAll(async () => {
    redis = await startTestRedis();
  });
  afterAll(async () => {
    await redis.stop();
  });

  describeEventHubContract('the Redis Streams hub', async () => {
    const writerConnections = openRedis(redis.url, silent);
    const readerConnections = openRedis(redis.url, silent);
    const writer = createRedisHub<{ n: number }>({ ...writerConnections, log: silent });
    const reader = createRedisHub<{ n: number }>({ ...readerConnections, log: silent });
    return {
      writer,
      reader,
      // Commands on one connection run in order: when a PING is answered, every earlier XADD is stored.
      settled: async () => void (await writerConnections.commands.ping()),
      close: async () => {
        await Promise.all([writer.close(), reader.close()]);
        await Promise.all([writerConnections.close(), readerConnections.close()]);
      },
    };
  });
});
