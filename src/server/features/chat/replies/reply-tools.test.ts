import { describe, expect, it } from 'vitest';
import type { ChatMessageDto } from '#contract/chat.ts';
import { ask, openSse, waitForMessage } from '#tests/helpers/chat-api.ts';
import { useTestApp } from '#tests/helpers/use-test-app.ts';

/**
 * Issue 32, point 1 (decision 070): replies call the advisor's tools through the AI SDK's tool loop,
 * against a real OpenAI-compatible server (tests/fakes) streaming tool calls in SSE. What reaches the
 * model is asserted on the exact requests the fake receives.
 */
const t = useTestApp({}, { fakeAi: true, listen: true });

let markers = 0;
const marker = () => `[tools-${++markers}-${Date.now().toString(36)}]`;
const streamUrl = (sessionId: string, messageId: string) => `${t.origin}/api/chat-sessions/${sessionId}/messages/${messageId}/stream`;

describe('replies that call tools', () => {
  it('computes with calculate: the tool is offered, its result reaches the model, and the call is saved and streamed with the reply', async () => {
    const { cookie, session } = await t.conversation({ plan: 'vip', session: { executiveRole: 'CFO', industry: 'Technology' } });
    const m = marker();
    t.fake.when(
      m,
      { toolCalls: [{ id: 'call_runway', name: 'calculate', input: { operation: 'runway', cash: 2_400_000, monthlyNetBurn: 169_000 } }] },
      { reply: 'At your current burn you have about 14.2 months of runway (cash 2.4M / net burn 169K a month).' },
    );
    const { assistantMessage } = await ask(t.app, cookie, session.id, `Cash is $2.4M and net burn $169K a month. What is our runway? ${m}`);
    const reply = (await waitForMessage(t.app, cookie, session.id, assistantMessage.id)) as ChatMessageDto;

    expect(reply.status).toBe('complete');
    expect(reply.content).toContain('14.2 months of runway');
    expect(reply.tools).toHaveLength(1);
    expect(reply.tools![0]).toMatchObject({ callId: 'call_runway', name: 'calculate', label: 'Calculating runway…', status: 'done' });
    const calculation = reply.tools![0]!.calculation!;
    expect(calculation.inputs).toEqual([
      { label: 'Cash', value: 2_400_000, unit: 'currency' },
      { label: 'Monthly net burn', value: 169_000, unit: 'currency' },
    ]);
    expect(calculation.results[0]!.label).toBe('Runway');
    expect(calculation.results[0]!.value).toBeCloseTo(14.2, 1);

    const [first, second] = t.fake.requestsFor(m);
    const offered = (first!.body.tools as Array<{ function: { name: string } }>).map((tool) => tool.function.name);
    expect(offered).toEqual(['calculate']);
    // The model's second step carries its own call and the tool's answer, as tool messages (never as instructions).
    expect(second!.body.messages.at(-2)).toMatchObject({ role: 'assistant', tool_calls: [{ id: 'call_runway', function: { name: 'calculate' } }] });
    const toolMessage = second!.body.messages.at(-1)!;
    expect(toolMessage).toMatchObject({ role: 'tool', tool_call_id: 'call_runway' });
    expect(JSON.parse(toolMessage.content as string)).toMatchObject({ operation: 'runway', results: [{ label: 'Runway', unit: 'months' }] });

    // A reader who comes after the end gets the tool calls with the reply, before `done`.
    const stream = await openSse(streamUrl(session.id, assistantMessage.id), { cookie });
    await stream.ended;
    expect(stream.events.map((event) => event.event)).toEqual(['snapshot', 'tools', 'done']);
    expect((stream.events[1]!.data as { tools: unknown[] }).tools).toEqual(reply.tools);
  });

  it('streams each tool call as it starts and ends, before the text that uses it', async () => {
    const { cookie, session } = await t.conversation({ plan: 'vip' });
    const m = marker();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    t.fake.when(
      m,
      { toolCalls: [{ id: 'call_npv', name: 'calculate', input: { operation: 'npv', rate: '10%', cashFlows: [-1000, 600, 600] } }] },
      { reply: 'The NPV is about 41 at 10 %.', gate, gateAfterChunks: 1 },
    );
    const { assistantMessage } = await ask(t.app, cookie, session.id, `Is the project worth it? ${m}`);
    const stream = await openSse(streamUrl(session.id, assistantMessage.id), { cookie });
    const done = await stream.next((event) => event.event === 'tools' && (event.data as { tools: Array<{ status: string }> }).tools[0]?.status === 'done');
    expect((done.data as { tools: Array<{ label: string }> }).tools[0]!.label).toBe('Calculating NPV…');
    release();
    await stream.ended;
    const kinds = stream.events.map((event) => event.event);
    expect(kinds.indexOf('tools')).toBeLessThan(kinds.lastIndexOf('delta'));
    expect(kinds.at(-1)).toBe('done');
  });

  it('gives bad input back to the model as a tool error it can recover from, and shows it', async () => {
    const { cookie, session } = await t.conversation({ plan: 'vip' });
    const m = marker();
    t.fake.when(
      m,
      { toolCalls: [{ id: 'call_bad', name: 'calculate', input: { operation: 'expression', expression: '1 / 0' } }] },
      { reply: 'That division has no answer: the denominator is zero.' },
    );
    const { assistantMessage } = await ask(t.app, cookie, session.id, `Divide one by zero ${m}`);
    const reply = (await waitForMessage(t.app, cookie, session.id, assistantMessage.id)) as ChatMessageDto;
    expect(reply.status).toBe('complete');
    expect(reply.tools![0]).toMatchObject({ status: 'error', name: 'calculate' });
    expect(reply.tools![0]!.error).toMatch(/zero/i);
    const second = t.fake.requestsFor(m)[1]!;
    expect(second.body.messages.at(-1)).toMatchObject({ role: 'tool', tool_call_id: 'call_bad' });
    expect(String(second.body.messages.at(-1)!.content)).toMatch(/zero/i);
  });

  it('answers on the plain path when the model cannot call tools, never with an error', async () => {
    const { cookie, session } = await t.conversation({ plan: 'vip' });
    const m = marker();
    t.fake.when(m, { status: 400, message: 'registry.ollama.ai/library/gemma:2b does not support tools' }, { reply: 'Here is my answer without tools.' });
    const { assistantMessage } = await ask(t.app, cookie, session.id, `Plain please ${m}`);
    const reply = (await waitForMessage(t.app, cookie, session.id, assistantMessage.id)) as ChatMessageDto;
    expect(reply).toMatchObject({ status: 'complete', content: 'Here is my answer without tools.' });
    expect(reply.tools).toBeUndefined();
    const [withTools, plain] = t.fake.requestsFor(m);
    expect(withTools!.body.tools).toBeDefined();
    expect(plain!.body.tools).toBeUndefined();
  });
});
