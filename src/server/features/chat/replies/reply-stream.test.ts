import { describe, expect, it } from 'vitest';
import { replyErrors } from '#contract/chat.ts';
import { tokenChunks } from '#tests/fakes/openai-server.ts';
import { ask, createChatSession, openSse, waitForMessage, type SseEvent } from '#tests/helpers/chat-api.ts';
import { useTestApp } from '#tests/helpers/use-test-app.ts';

// SSE needs a real connection: inject() buffers the whole response.
const t = useTestApp({}, { fakeAi: true, listen: true });

let markers = 0;
const marker = () => `[sse-${++markers}-${Date.now().toString(36)}]`;
const streamUrl = (sessionId: string, messageId: string) => `${t.origin}/api/chat-sessions/${sessionId}/messages/${messageId}/stream`;
const longReply = Array.from({ length: 60 }, (_, i) => `token${i}`).join(' ');

/** Applies events as a client would; checks every id is the length of the text held after it. */
function replay(events: SseEvent[], startFrom = ''): string {
  let text = startFrom;
  for (const event of events) {
    if (event.event === 'snapshot') text = (event.data as { content: string }).content;
    else if (event.event === 'delta') text += (event.data as { text: string }).text;
    else text = (event.data as { content: string }).content;
    expect(event.id).toBe(String(text.length));
  }
  return text;
}

describe('GET .../messages/:messageId/stream', () => {
  it('sends the text so far, then live deltas, then done, with SSE headers', async () => {
    const { cookie, session } = await t.conversation();
    const m = marker();
    let release!: () => void;
    // Nothing is written until the client is connected, so every token arrives as a live delta.
    t.fake.when(m, { reply: longReply, gate: new Promise<void>((resolve) => (release = resolve)), gateAfterChunks: 0 });
    const { assistantMessage } = await ask(t.app, cookie, session.id, `Stream it ${m}`);
    const stream = await openSse(streamUrl(session.id, assistantMessage.id), { cookie });
    expect(await stream.next(() => true)).toEqual({ event: 'snapshot', id: '0', data: { content: '', status: 'streaming' } });
    release();
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers.get('cache-control')).toContain('no-cache');
    expect(stream.headers.get('x-accel-buffering')).toBe('no');
    expect(stream.headers.get('x-content-type-options')).toBe('nosniff');
    await stream.ended;

    const names = stream.events.map((e) => e.event);
    expect(names[0]).toBe('snapshot');
    expect(names.at(-1)).toBe('done');
    expect(names.filter((n) => n === 'delta')).toHaveLength(tokenChunks(longReply).length);
    const done = stream.events.at(-1)!.data as { status: string; content: string; usage: { completionTokens: number } };
    expect(done).toMatchObject({ status: 'complete', content: longReply, usage: { completionTokens: tokenChunks(longReply).length } });
    expect(replay(stream.events)).toBe(longReply);
  });

  it('resumes after a reconnect with Last-Event-ID, sending only what the client lacks', async () => {
    const { cookie, session } = await t.conversation();
    const m = marker();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const chunks = tokenChunks(longReply);
    // The reply pauses after 10 chunks, so it is still being written when the client comes back.
    t.fake.when(m, { reply: longReply, gate, gateAfterChunks: 10 });
    const { assistantMessage } = await ask(t.app, cookie, session.id, `Resume it ${m}`);
    const first = await openSse(streamUrl(session.id, assistantMessage.id), { cookie });
    const tenChunks = chunks.slice(0, 10).join('');
    await first.next((e) => e.id === String(tenChunks.length));
    first.close();
    expect(replay(first.events)).toBe(tenChunks);
    // Pretend the client had processed only the first three tokens when the connection dropped.
    const held = chunks.slice(0, 3).join('');

    const second = await openSse(streamUrl(session.id, assistantMessage.id), { cookie, lastEventId: String(held.length) });
    const catchUp = await second.next(() => true);
    expect(catchUp).toEqual({ event: 'delta', id: String(tenChunks.length), data: { text: tenChunks.slice(held.length) } });
    release();
    await second.ended;
    expect(second.events.map((e) => e.event)).not.toContain('snapshot');
    expect(replay(second.events, held)).toBe(longReply);
    expect(second.events.at(-1)).toMatchObject({ event: 'done', data: { status: 'complete', content: longReply } });
  });

  it('sends a finished reply whole, then done, whatever the client had', async () => {
    const { cookie, session } = await t.conversation();
    const m = marker();
    t.fake.when(m, { reply: 'Short and complete.' });
    const { assistantMessage } = await ask(t.app, cookie, session.id, `Finish ${m}`);
    await waitForMessage(t.app, cookie, session.id, assistantMessage.id);
    const stream = await openSse(streamUrl(session.id, assistantMessage.id), { cookie, lastEventId: '5' });
    await stream.ended;
    expect(stream.events.map((e) => [e.event, e.id])).toEqual([
      ['snapshot', '19'],
      ['done', '19'],
    ]);
    expect(stream.events[0]!.data).toEqual({ content: 'Short and complete.', status: 'complete' });
  });

  it('ends a failed reply with an error event carrying the message and the partial text', async () => {
    const { cookie, session } = await t.conversation();
    const m = marker();
    t.fake.when(m, { failAfterChunks: 2, reply: 'partial text here and more' });
    const { assistantMessage } = await ask(t.app, cookie, session.id, `Fail ${m}`);
    const stream = await openSse(streamUrl(session.id, assistantMessage.id), { cookie });
    await stream.ended;
    expect(stream.events.at(-1)).toEqual({ event: 'error', id: '13', data: { message: replyErrors.connectionLost, content: 'partial text ' } });
  });

  it('sends a stopped reply as done with status stopped', async () => {
    const { cookie, session } = await t.conversation();
    const m = marker();
    t.fake.when(m, { reply: longReply, gate: new Promise(() => {}), gateAfterChunks: 5 });
    const { assistantMessage } = await ask(t.app, cookie, session.id, `Stop ${m}`);
    const stream = await openSse(streamUrl(session.id, assistantMessage.id), { cookie });
    const fiveChunks = tokenChunks(longReply).slice(0, 5).join('');
    await stream.next((e) => e.id === String(fiveChunks.length));
    await fetch(`${t.origin}/api/chat-sessions/${session.id}/messages/${assistantMessage.id}/stop`, { method: 'POST', headers: { cookie } });
    const done = await stream.next((e) => e.event === 'done');
    await stream.ended;
    // A stopped reply ends at its last complete block (decision 061): the trailing space goes.
    expect(done.data).toMatchObject({ status: 'stopped', content: fiveChunks.trimEnd() });
    expect(replay(stream.events)).toBe(fiveChunks.trimEnd());
  });

  it("answers 404 JSON, before any event, for someone else's reply or a bad id", async () => {
    const owner = await t.signIn();
    const session = await createChatSession(t.app, owner.cookie);
    const m = marker();
    t.fake.when(m, { reply: longReply, delayMs: 10 });
    const { userMessage, assistantMessage } = await ask(t.app, owner.cookie, session.id, `Secret ${m}`);
    const intruder = await t.signIn();
    const urls = [
      streamUrl(session.id, assistantMessage.id),
      streamUrl(crypto.randomUUID(), assistantMessage.id),
      streamUrl(session.id, crypto.randomUUID()),
    ];
    for (const url of urls) {
      const response = await fetch(url, { headers: { cookie: intruder.cookie } });
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toContain('application/json');
      const body = await response.json();
      expect(body.code).toMatch(/^not_found:/);
      expect(JSON.stringify(body)).not.toContain('token');
    }
    // A message of another session of the owner is not found under this one either.
    const other = await createChatSession(t.app, owner.cookie);
    expect((await fetch(streamUrl(other.id, userMessage.id), { headers: { cookie: owner.cookie } })).status).toBe(404);
    expect((await fetch(streamUrl(session.id, assistantMessage.id))).status).toBe(401);
    await waitForMessage(t.app, owner.cookie, session.id, assistantMessage.id);
  });
});
