import { describe, expect, it } from 'vitest';
import { ask, waitForMessage } from '#tests/helpers/chat-api.ts';
import { inject } from '#tests/helpers/test-app.ts';
import { useTestApp } from '#tests/helpers/use-test-app.ts';
import { waitFor } from '#tests/helpers/wait-for.ts';

/**
 * Issue 28, point 13 (decision 050): a title costs at most one model call per message count of the
 * conversation, whoever asks for it: the reply that makes a title due, or POST .../generate-title.
 */
const t = useTestApp({}, { fakeAi: true });

let markers = 0;
const marker = () => `[title-${++markers}-${Date.now().toString(36)}]`;
const titleCalls = (m: string) => t.fake.requests.filter((r) => !r.body.stream && JSON.stringify(r.body.messages).includes(m)).length;
const generate = (cookie: string, id: string) => inject(t.app, { method: 'POST', url: `/api/chat-sessions/${id}/generate-title`, cookie });

describe('POST /api/chat-sessions/:id/generate-title on a Free account', () => {
  it('30 requests after the automatic title reach the model never, and answer the title', async () => {
    const { cookie, session } = await t.conversation();
    const m = marker();
    t.fake.titleReply = 'Runway Before The Next Round';
    const { assistantMessage } = await ask(t.app, cookie, session.id, `How long is our runway? ${m}`);
    await waitForMessage(t.app, cookie, session.id, assistantMessage.id);
    await waitFor(async () => (await inject(t.app, { method: 'GET', url: `/api/chat-sessions/${session.id}`, cookie })).json().title !== session.title || undefined, 'the automatic title');
    const answers = [];
    for (let i = 0; i < 30; i++) answers.push(await generate(cookie, session.id));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(30).fill(200));
    expect(answers.at(-1)!.json()).toEqual({ title: 'Runway Before The Next Round' });
    expect(titleCalls(m)).toBe(1);
  });

  it('when no title came of it, 30 requests (10 at once) do not ask the model again for the same messages', async () => {
    const { cookie, session } = await t.conversation();
    const m = marker();
    // The model answers no usable title: the conversation keeps its first name.
    t.fake.titleReply = '   ';
    const { assistantMessage } = await ask(t.app, cookie, session.id, `Should we raise prices? ${m}`);
    await waitForMessage(t.app, cookie, session.id, assistantMessage.id);
    await waitFor(async () => titleCalls(m) === 1 || undefined, 'the automatic title attempt');
    const parallel = await Promise.all(Array.from({ length: 10 }, () => generate(cookie, session.id)));
    for (let i = 0; i < 20; i++) parallel.push(await generate(cookie, session.id));
    expect(parallel.every((a) => a.statusCode === 200 && a.json().title === session.title)).toBe(true);
    expect(titleCalls(m)).toBe(1);
    t.fake.titleReply = 'Fake Conversation Title';
  });
});
