import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { tool } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '#tests/fakes/openai-server.ts';
import { createProviderFetch } from './provider-fetch.ts';
import { abortKind, TurnAbort } from './turn-outcome.ts';
import { specPrompt, streamTurn, type TurnToolEvent } from './turn.ts';

describe('a turn’s prompt in the provider specification’s shape', () => {
  it('puts the system prompt first, then each message’s text under its role, as streamText would for text', () => {
    expect(
      specPrompt('You are the CFO.', [
        { role: 'user', content: 'Should we raise prices?' },
        { role: 'assistant', content: [{ type: 'text', text: 'Start with ' }, { type: 'text', text: 'your margins.' }] },
        { role: 'system', content: 'The user changed their role to CEO.' },
        { role: 'user', content: 'And now?' },
      ]),
    ).toEqual([
      { role: 'system', content: 'You are the CFO.' },
      { role: 'user', content: [{ type: 'text', text: 'Should we raise prices?' }] },
      { role: 'assistant', content: [{ type: 'text', text: 'Start with your margins.' }] },
      { role: 'system', content: 'The user changed their role to CEO.' },
      { role: 'user', content: [{ type: 'text', text: 'And now?' }] },
    ]);
  });

  it('refuses what a turn never carries (files, tool calls) rather than dropping it silently', () => {
    expect(() => specPrompt('s', [{ role: 'user', content: [{ type: 'image', image: new Uint8Array([1]) }] }])).toThrow(/text only, not image/);
    expect(() => specPrompt('s', [{ role: 'tool', content: [] }])).toThrow(/no tool message/);
  });
});

describe('a turn with tools (decision 069)', () => {
  let fake: FakeOpenAiServer;
  beforeAll(async () => {
    fake = await startFakeOpenAiServer();
  });
  afterAll(() => fake.close());

  const model = () => createOpenAICompatible({ name: 'openai-compatible', baseURL: fake.baseUrl, includeUsage: true, fetch: createProviderFetch() }).chatModel('fake-model');
  const base = (controller = new AbortController()) => ({ model: model(), system: 'You are the CFO.', maxOutputTokens: 500, maxRetries: 0, stallTimeoutMs: 10_000, controller });

  it('runs the multi-step loop: the model asks for a tool, gets its result as a tool message, and answers', async () => {
    const events: TurnToolEvent[] = [];
    const texts: string[] = [];
    const add = tool({
      description: 'Adds two numbers',
      inputSchema: z.object({ a: z.number(), b: z.number() }),
      execute: async ({ a, b }) => ({ sum: a + b }),
    });
    fake.when('[tool-loop]', { toolCalls: [{ id: 'call_1', name: 'add', input: { a: 2, b: 40 } }] }, { reply: 'The sum is 42.' });
    const result = await streamTurn({ ...base(), messages: [{ role: 'user', content: 'Add 2 and 40 [tool-loop]' }], tools: { add }, maxSteps: 3, onText: (delta) => texts.push(delta), onToolEvent: (event) => events.push(event) });

    expect(result).toMatchObject({ text: 'The sum is 42.', finished: true, error: undefined });
    expect(result.usage!.inputTokens).toBeGreaterThan(10);
    expect(texts.join('')).toBe('The sum is 42.');
    expect(events).toEqual([
      { type: 'tool-call', callId: 'call_1', name: 'add', input: { a: 2, b: 40 } },
      { type: 'tool-result', callId: 'call_1', name: 'add', output: { sum: 42 } },
    ]);
    const [first, second] = fake.requestsFor('[tool-loop]');
    expect(first!.body.tools).toEqual([expect.objectContaining({ type: 'function', function: expect.objectContaining({ name: 'add', description: 'Adds two numbers' }) })]);
    expect(second!.body.messages.slice(-2)).toEqual([
      { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'add', arguments: JSON.stringify({ a: 2, b: 40 }) } }] },
      { role: 'tool', tool_call_id: 'call_1', content: JSON.stringify({ sum: 42 }) },
    ]);
  });

  it('takes the plain path with an empty tool set: no tools in the request', async () => {
    fake.when('[no-tools]', { reply: 'Plain answer.' });
    const result = await streamTurn({ ...base(), messages: [{ role: 'user', content: 'Hello [no-tools]' }], tools: {}, onText: () => {} });
    expect(result).toMatchObject({ text: 'Plain answer.', finished: true });
    const [request] = fake.requestsFor('[no-tools]');
    expect(request!.body.tools).toBeUndefined();
  });

  it('stops at the step limit and reports a failing tool as an error the model sees', async () => {
    const events: TurnToolEvent[] = [];
    const broken = tool({ description: 'Always fails', inputSchema: z.object({}), execute: async (): Promise<string> => Promise.reject(new Error('division by zero')) });
    fake.when('[tool-fails]', { toolCalls: [{ id: 'call_x', name: 'broken', input: {} }] }, { toolCalls: [{ id: 'call_y', name: 'broken', input: {} }] });
    const result = await streamTurn({ ...base(), messages: [{ role: 'user', content: 'Try it [tool-fails]' }], tools: { broken }, maxSteps: 2, onText: () => {}, onToolEvent: (event) => events.push(event) });
    expect(events.filter((e) => e.type === 'tool-error')).toEqual([
      { type: 'tool-error', callId: 'call_x', name: 'broken', error: 'division by zero' },
      { type: 'tool-error', callId: 'call_y', name: 'broken', error: 'division by zero' },
    ]);
    expect(fake.requestsFor('[tool-fails]')).toHaveLength(2);
    const second = fake.requestsFor('[tool-fails]')[1]!;
    expect(second.body.messages.at(-1)).toMatchObject({ role: 'tool', tool_call_id: 'call_x' });
    expect(result.finished).toBe(true);
  });

  it('answers an unknown tool and an input that does not fit its schema with errors the model reads, and runs neither', async () => {
    const events: TurnToolEvent[] = [];
    let ran = 0;
    const add = tool({ description: 'Adds two numbers', inputSchema: z.object({ a: z.number(), b: z.number() }), execute: async ({ a, b }) => ((ran += 1), { sum: a + b }) });
    fake.when(
      '[tool-bad-input]',
      { toolCalls: [{ id: 'call_u', name: 'multiply', input: { a: 1 } }, { id: 'call_b', name: 'add', input: { a: 'two', b: 40 } }] },
      { reply: 'I could not compute it.' },
    );
    const result = await streamTurn({ ...base(), messages: [{ role: 'user', content: 'Compute [tool-bad-input]' }], tools: { add }, maxSteps: 3, onText: () => {}, onToolEvent: (event) => events.push(event) });
    expect(result).toMatchObject({ text: 'I could not compute it.', finished: true, error: undefined });
    expect(ran).toBe(0);
    const errors = events.filter((e) => e.type === 'tool-error');
    expect(errors.map((e) => e.callId).sort()).toEqual(['call_b', 'call_u']);
    expect(errors.find((e) => e.callId === 'call_u')!.error).toContain('there is no tool named "multiply"');
    expect(errors.find((e) => e.callId === 'call_b')!.error).toMatch(/^Invalid input for tool add/);
    const second = fake.requestsFor('[tool-bad-input]')[1]!;
    const toolMessages = second.body.messages.filter((m) => m.role === 'tool');
    expect(toolMessages.map((m) => m.tool_call_id).sort()).toEqual(['call_b', 'call_u']);
    // Usage is summed over the two model calls.
    expect(result.usage!.inputTokens).toBeGreaterThan(0);
  });

  it('is stopped mid-tool: the tool sees the abort and the turn ends at once', async () => {
    const controller = new AbortController();
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const slow = tool({
      description: 'Waits until aborted',
      inputSchema: z.object({}),
      execute: (_input, { abortSignal }) =>
        new Promise<string>((_resolve, reject) => {
          started();
          abortSignal?.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
        }),
    });
    fake.when('[tool-stop]', { toolCalls: [{ id: 'call_s', name: 'slow', input: {} }] }, { reply: 'never sent' });
    const turn = streamTurn({ ...base(controller), messages: [{ role: 'user', content: 'Go [tool-stop]' }], tools: { slow }, maxSteps: 3, onText: () => {} });
    await running;
    controller.abort(new TurnAbort('stop'));
    const result = await turn;
    expect(result.finished).toBe(false);
    expect(abortKind(controller.signal)).toBe('stop');
    expect(fake.requestsFor('[tool-stop]')).toHaveLength(1);
  });
});
