import { describeEventHubContract } from '#tests/contracts/event-hub.contract.ts';
import { createInProcessHub } from './in-process-hub.ts';

// One instance: the writer's hub is the reader's.
describeEventHubContract('the in-process hub', async () => {
  const hub = createInProcessHub<{ n: number }>();
  return { writer: hub, reader: hub, close: () => hub.close() };
});
