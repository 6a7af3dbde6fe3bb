import { describe, expect, it } from 'vitest';
import type { ChatMessageDto } from '#contract/chat.ts';
import { ask, sendChatMessage, waitForMessage } from '#tests/helpers/chat-api.ts';
import { attachAndAnalyse } from '#tests/helpers/documents-api.ts';
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

describe('the demo advisor reading an attached sheet', () => {
  it('reads the rows through read_document, computes the runway from those cells, quotes them and cites them [1]', async () => {
    const { cookie, session } = await t.conversation({ plan: 'vip', session: { executiveRole: 'CFO', industry: 'Technology' } });
    const document = await attachAndAnalyse(t.app, cookie, session.id, { name: 'q3-pl.xlsx', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
    const sent = await sendChatMessage(t.app, cookie, session.id, 'What is our runway?', { documentIds: [document.id] });
    expect(sent.statusCode, sent.body).toBe(201);
    const reply = (await waitForMessage(t.app, cookie, session.id, sent.json().assistantMessage.id)) as ChatMessageDto;
    expect(reply.status).toBe('complete');
    expect(reply.tools!.map((tool) => [tool.name, tool.status, tool.label])).toEqual([
      ['read_document', 'done', 'Reading q3-pl.xlsx, sheet Costs'],
      ['calculate', 'done', 'Calculating runway…'],
    ]);
    expect(reply.tools![0]!.sources).toMatchObject([{ n: 1, file: 'q3-pl.xlsx', location: 'sheet Costs, A6:D7', quote: '| 6 | Net burn | 158,000 | 163,000 | 169,000 |\n| 7 | Cash at end | 2,740,000 | 2,577,000 | 2,408,000 |' }]);
    expect(reply.tools![1]!.calculation!.inputs).toEqual([
      { label: 'Cash', value: 2_408_000, unit: 'currency' },
      { label: 'Monthly net burn', value: 169_000, unit: 'currency' },
    ]);
    expect(reply.content).toContain('**Computed from your figures:** **Runway: 14.2 months** (from cash 2,408,000, monthly net burn 169,000).');
    expect(reply.content).toContain('I read "q3-pl.xlsx" (sheet Costs, A6:D7) [1]:\n- `Net burn | 158,000 | 163,000 | 169,000` [1]\n- `Cash at end | 2,740,000 | 2,577,000 | 2,408,000` [1]');
  });
});
