import { describe, expect, it } from 'vitest';
import type { ChatMessageDto } from '#contract/chat.ts';
import { ask, waitForMessage } from '#tests/helpers/chat-api.ts';
import { useTestApp } from '#tests/helpers/use-test-app.ts';

/**
 * Issue 32, point 5 and issue 31, point 6: the offline demo advisor goes through the same tool path as
 * a real model: given the figures, it calls `calculate` and states the result with its inputs.
 */
const t = useTestApp();

describe('the demo advisor with tools', () => {
  it('computes the runway from the figures in the question, through the calculate tool', async () => {
    const { cookie, session } = await t.conversation({ plan: 'vip', session: { executiveRole: 'CFO', industry: 'Technology' } });
    const { assistantMessage } = await ask(t.app, cookie, session.id, 'We have $2.4M in cash and our net burn is $169K a month. What is our runway?');
    const reply = (await waitForMessage(t.app, cookie, session.id, assistantMessage.id)) as ChatMessageDto;
    expect(reply.status).toBe('complete');
    expect(reply.tools).toHaveLength(1);
    expect(reply.tools![0]).toMatchObject({ name: 'calculate', status: 'done', label: 'Calculating runway…' });
    expect(reply.tools![0]!.calculation!.results[0]!.value).toBeCloseTo(2_400_000 / 169_000, 1);
    expect(reply.content).toContain('**Runway: 14.2 months**');
    expect(reply.content).toContain('cash 2,400,000, monthly net burn 169,000');
  });

  it('calls no tool when there is nothing to compute', async () => {
    const { cookie, session } = await t.conversation({ plan: 'vip' });
    const { assistantMessage } = await ask(t.app, cookie, session.id, 'How should I prepare for a hard conversation with my co-founder?');
    const reply = (await waitForMessage(t.app, cookie, session.id, assistantMessage.id)) as ChatMessageDto;
    expect(reply.status).toBe('complete');
    expect(reply.tools).toBeUndefined();
  });
});
