import { describe, expect, it } from 'vitest';
import { errorCatalog } from '#contract/errors.ts';
import { MAX_STREAMS_PER_ACCOUNT } from '#server/streams/sse.ts';
import { ask, openSse, type SseStream } from '#tests/helpers/chat-api.ts';
import { useTestApp } from '#tests/helpers/use-test-app.ts';

/**
 * Issue 28, point 10: one account opened 1,063 event streams and another user's send answered 503. An
 * account holds at most MAX_STREAMS_PER_ACCOUNT streams on an instance; past it, 429 with Retry-After
 * and the contract's message, while other accounts are untouched and a closed stream frees its place.
 */
describe('event streams per account', () => {
  // The demo advisor writes a word every two seconds (a reply lasts minutes): every reply stays live, and so does each stream following it.
  const t = useTestApp({ AI_DEMO_WORD_DELAY_MS: '2000' }, { listen: true });

  async function liveReply() {
    const { cookie, session } = await t.conversation();
    const { assistantMessage } = await ask(t.app, cookie, session.id, 'What should the board hear first?');
    return { cookie, url: `${t.origin}/api/chat-sessions/${session.id}/messages/${assistantMessage.id}/stream` };
  }

  it(`holds ${MAX_STREAMS_PER_ACCOUNT} open for one account, refuses the next with 429 and Retry-After, and serves other accounts`, async () => {
    const mine = await liveReply();
    const open: SseStream[] = [];
    try {
      for (let i = 0; i < MAX_STREAMS_PER_ACCOUNT; i += 1) {
        const stream = await openSse(mine.url, { cookie: mine.cookie, timeoutMs: 300_000 });
        open.push(stream);
        expect(stream.status).toBe(200);
      }
      const refused = await fetch(mine.url, { headers: { cookie: mine.cookie, accept: 'text/event-stream' } });
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe('5');
      expect(await refused.json()).toEqual({ error: errorCatalog['rate_limit:streams'].message, code: 'rate_limit:streams' });

      const other = await liveReply();
      const theirs = await openSse(other.url, { cookie: other.cookie, timeoutMs: 300_000 });
      open.push(theirs);
      expect(theirs.status).toBe(200);

      // A stream the browser closes gives its place back.
      open.shift()!.close();
      await expect
        .poll(async () => {
          const again = await openSse(mine.url, { cookie: mine.cookie, timeoutMs: 300_000 });
          open.push(again);
          return again.status;
        })
        .toBe(200);
    } finally {
      for (const stream of open) stream.close();
    }
  });
});
