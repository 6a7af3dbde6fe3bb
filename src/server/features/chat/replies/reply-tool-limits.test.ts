import { describe, expect, it } from 'vitest';
import type { ChatMessageDto } from '#contract/chat.ts';
import { ask, waitForMessage } from '#tests/helpers/chat-api.ts';
import { useTestApp } from '#tests/helpers/use-test-app.ts';

/**
 * Issue 32, point 6 (decision 084): a daily tool budget per account, counted on the server across
 * replies. When it is spent the tool is not run, the model reads why in the tool result, and the reply
 * completes. Asserted on the exact requests the fake OpenAI-compatible server receives.
 */
const t = useTestApp({ TOOL_CALLS_PER_DAY_FREE: '2', TOOL_CALLS_PER_DAY: '5' }, { fakeAi: true, listen: true });

const runway = (id: string) => ({ toolCalls: [{ id, name: 'calculate', input: { operation: 'runway', cash: 2_400_000, monthlyNetBurn: 169_000 } }] });

async function reply(cookie: string, sessionId: string, marker: string, id: string) {
  t.fake.when(marker, runway(id), { reply: `Answer ${marker}` });
  const { assistantMessage } = await ask(t.app, cookie, sessionId, `What is our runway? ${marker}`);
  const message = (await waitForMessage(t.app, cookie, sessionId, assistantMessage.id)) as ChatMessageDto;
  const toolResult = t.fake.requestsFor(marker)[1]!.body.messages.at(-1)!;
  return { message, toolResult: String(toolResult.content) };
}

describe('the daily tool budget of an account', () => {
  it('counts calls across replies; once spent, the model reads that the limit is reached and the reply still completes', async () => {
    const { cookie, session } = await t.conversation();
    const first = await reply(cookie, session.id, '[limit-a]', 'call_a');
    expect(JSON.parse(first.toolResult)).toMatchObject({ operation: 'runway' });
    const second = await reply(cookie, session.id, '[limit-b]', 'call_b');
    expect(JSON.parse(second.toolResult)).toMatchObject({ operation: 'runway' });

    // The third call of the day, in a third reply: not run; the model is told, the reply goes on.
    const third = await reply(cookie, session.id, '[limit-c]', 'call_c');
    expect(third.toolResult).toMatch(/^Daily tool limit reached for this account; answer from what you have/);
    expect(third.message).toMatchObject({ status: 'complete', content: 'Answer [limit-c]' });
    expect(third.message.tools![0]).toMatchObject({ callId: 'call_c', status: 'error', error: expect.stringMatching(/^Daily tool limit reached/) });

    // Another account's budget is its own; Premium has the larger one.
    const premium = await t.conversation({ plan: 'vip' });
    for (const marker of ['[limit-p1]', '[limit-p2]', '[limit-p3]']) {
      const result = await reply(premium.cookie, premium.session.id, marker, `call_${marker}`);
      expect(JSON.parse(result.toolResult)).toMatchObject({ operation: 'runway' });
    }
  });
});
