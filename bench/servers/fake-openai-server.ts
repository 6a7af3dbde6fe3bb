/**
 * The fake OpenAI-compatible provider in its own process, for benchmarks: the load generator's event
 * loop must not delay the provider's answers (that delay would be counted against the app).
 * Driven over IPC: 'configure' sets replies and rules; 'timing' asks when a request came and got its first chunk
 * (and how long its system prompt was).
 */
import { startFakeOpenAiServer, type FakeStep } from '../../tests/fakes/openai-server.ts';

export type FakeProcessMessage =
  | { type: 'configure'; defaultReply?: string; titleReply?: string; when?: { marker: string; steps: FakeStep[] } }
  | { type: 'timing'; id: number; marker: string };

const fake = await startFakeOpenAiServer();
process.on('message', (message: FakeProcessMessage) => {
  if (message.type === 'configure') {
    if (message.defaultReply !== undefined) fake.defaultReply = message.defaultReply;
    if (message.titleReply !== undefined) fake.titleReply = message.titleReply;
    if (message.when) fake.when(message.when.marker, ...message.when.steps);
    process.send?.({ type: 'configured' });
  } else if (message.type === 'timing') {
    const request = fake.requestsFor(message.marker)[0];
    process.send?.({ type: 'timing', id: message.id, providerMs: request?.firstChunkAt === undefined ? null : request.firstChunkAt - request.receivedAt, systemChars: request?.systemText.length ?? null });
    // Sends are measured one after another and asked about once: what was recorded up to now is not
    // needed again. Kept, 1,000 recorded conversations made this process's own collections long
    // (an 11 ms full one was seen), and a request arriving during one is counted against the app.
    if (request) fake.requests.splice(0, fake.requests.indexOf(request) + 1);
  }
});
process.on('SIGTERM', async () => {
  await fake.close();
  process.exit(0);
});
process.send?.({ port: Number(new URL(fake.baseUrl).port) });
