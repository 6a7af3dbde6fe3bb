import { stepCountIs, streamText } from 'ai';
import { describe, expect, it } from 'vitest';
import { createFence } from '../fence.ts';
import { calculateTool } from '../tools/calculate/calculate-tool.ts';
import { DemoLanguageModel, demoProviderOptions } from './demo-model.ts';
import { DEMO_MARKER } from './demo-reply.ts';
import type { DemoRequest } from './demo-request.ts';
import type { DemoSeatRequest } from './demo-roundtable.ts';
import { demoToolCall, type CallOptions } from './demo-tools.ts';

/**
 * Issue 32, point 5: a demo roundtable seat goes through the same tool path as a demo reply: given
 * the figures, its opening (or its answer to a follow-up) calls `calculate`, then states the result
 * with its inputs. Rebuttals and the chair compute nothing new.
 */
const QUESTION = 'We have $1.2M cash and burn $100k a month. Should we hire two engineers or protect our runway?';
const seat = (overrides: Partial<DemoSeatRequest> = {}): DemoSeatRequest => ({
  task: 'seat', executiveRole: 'CFO', industry: 'Technology', userRole: 'CEO', question: QUESTION, kind: 'opening', side: null, others: [], ownPosition: null, roster: ['CFO', 'CMO'], ...overrides,
});
const calculateOffered = [{ type: 'function' as const, name: 'calculate', inputSchema: { type: 'object' as const } }];
const options = (message: string, extra: Partial<CallOptions> = {}): CallOptions => ({ prompt: [{ role: 'user', content: [{ type: 'text', text: message }] }], tools: calculateOffered, ...extra });
const call = (request: DemoRequest, opts: CallOptions) => {
  const made = demoToolCall(request, opts);
  return made && { toolName: made.toolName, input: JSON.parse(made.input) as unknown };
};
const RUNWAY = { toolName: 'calculate', input: { operation: 'runway', cash: 1_200_000, monthlyNetBurn: 100_000 } };

describe("the demo seat's tool choice", () => {
  it('an opening and an answer to a follow-up compute the runway from the figures in the table’s question', () => {
    expect(call(seat(), options(QUESTION))).toEqual(RUNWAY);
    expect(call(seat({ kind: 'answer' }), options(QUESTION))).toEqual(RUNWAY);
  });

  it('a rebuttal, the chair, a seat not offered the tool, and a seat whose result is in already make no call', () => {
    expect(demoToolCall(seat({ kind: 'rebuttal' }), options(QUESTION))).toBeNull();
    expect(demoToolCall({ task: 'chair', industry: 'Technology', question: QUESTION, format: 'roundtable', seats: [] }, options(QUESTION))).toBeNull();
    expect(demoToolCall(seat(), options(QUESTION, { tools: undefined }))).toBeNull();
    const answered = options(QUESTION);
    answered.prompt.push({ role: 'tool', content: [{ type: 'tool-result', toolCallId: 'c1', toolName: 'calculate', output: { type: 'error-text', value: 'Daily tool limit reached' } }] });
    expect(demoToolCall(seat(), answered)).toBeNull();
  });

  it('a question with nothing to compute gets words, no call', () => {
    const question = 'Should we expand into the German market next year?';
    expect(demoToolCall(seat({ question }), options(question))).toBeNull();
  });

  it('reads the figures from the situation when the question has none: the user’s words in the digest, or the rows of a document', () => {
    const question = 'How long is our runway if we hire two engineers?';
    const digest = 'User: We have $1.2M cash and burn $100k a month.\n\nChief Financial Officer answered: Keep a year of runway.';
    const fromDigest = createFence([digest]);
    expect(call(seat({ question }), options(`## The situation\n${fromDigest.wrap('conversation', digest)}\n\n${question}`))).toEqual(RUNWAY);
    // An advisor's words in the digest are not the user's figures.
    const advisorOnly = 'Chief Financial Officer answered: with $1.2M cash and a $100k monthly burn you have a year.';
    expect(demoToolCall(seat({ question }), options(createFence([advisorOnly]).wrap('conversation', advisorOnly)))).toBeNull();
    const sheet = '| Month | Jan | Feb |\n| Net burn | 90,000 | 100,000 |\n| Cash | 1,300,000 | 1,200,000 |';
    const fromSheet = createFence([sheet]);
    expect(call(seat({ question }), options(`${fromSheet.wrap('document', sheet, { name: 'plan.xlsx', read: 'whole' })}\n\n${question}`))).toEqual(RUNWAY);
  });

  it('through the AI SDK’s tool loop: the seat calls calculate, then its turn states the figure with its inputs and keeps its stance', async () => {
    const result = streamText({
      model: new DemoLanguageModel({ wordDelayMs: 0 }),
      prompt: QUESTION,
      tools: { calculate: calculateTool() },
      stopWhen: stepCountIs(3),
      providerOptions: demoProviderOptions(seat()),
    });
    const text = await result.text;
    const steps = await result.steps;
    expect(steps.map((step) => step.toolCalls.map((toolCall) => toolCall.toolName))).toEqual([['calculate'], []]);
    const opening = `${DEMO_MARKER}\n\n**Computed from your figures:** **Runway: 12 months** (from cash 1,200,000, monthly net burn 100,000).\n\n### My position:`;
    expect(text.slice(0, opening.length)).toBe(opening);
    expect(text).toMatch(/<stance>\nPosition: .+\nConfidence: .+\nMain risk: .+\n<\/stance>$/);
  });
});
