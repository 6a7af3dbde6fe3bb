import { afterAll, describe, expect, it } from 'vitest';
import { startFakeOpenAiServer } from './openai-server.ts';
import { startFakeSearchServer } from './search-server.ts';

// The app reuses its connections to the fakes (undici keep-alive). With a one-second idle timeout and
// no Keep-Alive hint, a request written just before the test's event loop got busy was dropped by the
// fake before it read it (ECONNRESET: a roundtable seat failed in CI). The fakes advertise a long idle
// timeout, so the client's own idle limit is always the shorter one.
const advertisedSeconds = (header: string | null) => Number(/timeout=(\d+)/.exec(header ?? '')?.[1] ?? 0);

describe('the fakes keep idle connections open longer than a test file runs', () => {
  const closers: Array<() => Promise<void>> = [];
  afterAll(() => Promise.all(closers.map((close) => close())));

  it('the model server, streamed replies included', async () => {
    const fake = await startFakeOpenAiServer();
    closers.push(fake.close);
    const streamed = await fetch(`${fake.baseUrl}/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ model: 'fake-model', stream: true, messages: [{ role: 'user', content: 'Hello' }] }) });
    await streamed.text();
    expect(streamed.headers.get('content-type')).toBe('text/event-stream');
    expect(advertisedSeconds(streamed.headers.get('keep-alive'))).toBeGreaterThanOrEqual(300);
  });

  it('the search server', async () => {
    const fake = await startFakeSearchServer();
    closers.push(fake.close);
    const answer = await fetch(`${fake.url}/search?q=x&format=json`);
    await answer.text();
    expect(advertisedSeconds(answer.headers.get('keep-alive'))).toBeGreaterThanOrEqual(300);
  });
});
