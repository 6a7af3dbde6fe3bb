import { generateText, streamText } from 'ai';
import { describe, expect, it } from 'vitest';
import { DEMO_MARKER } from './demo-reply.ts';
import { DemoLanguageModel, demoProviderOptions, demoTitle } from './demo-model.ts';

const persona = { task: 'reply' as const, executiveRole: 'CFO', industry: 'Retail', userRole: 'Manager', question: 'How do we fund a second store?' };

describe('the demo model', () => {
  it('streams an in-character reply word by word through the AI SDK, with usage', async () => {
    const model = new DemoLanguageModel({ wordDelayMs: 0 });
    const result = streamText({ model, prompt: persona.question, providerOptions: demoProviderOptions(persona) });
    const deltas: string[] = [];
    for await (const part of result.textStream) deltas.push(part);
    const text = deltas.join('');
    expect(text).toContain(DEMO_MARKER);
    expect(deltas.length).toBeGreaterThan(20);
    expect(deltas.every((d) => d.trim().split(/\s+/).length === 1)).toBe(true);
    const usage = await result.totalUsage;
    expect(usage.outputTokens).toBe(Math.ceil(text.length / 4));
    expect(usage.inputTokens).toBeGreaterThan(0);
  });

  it('stops streaming when aborted', async () => {
    const model = new DemoLanguageModel({ wordDelayMs: 5 });
    const controller = new AbortController();
    const result = streamText({ model, prompt: 'x', abortSignal: controller.signal, providerOptions: demoProviderOptions(persona), onError: () => {} });
    let text = '';
    for await (const part of result.fullStream) {
      if (part.type === 'text-delta') {
        text += part.text;
        if (text.length > 30) controller.abort();
      }
    }
    expect(text.length).toBeGreaterThan(30);
    expect(text.length).toBeLessThan(300);
  });

  it('answers the last user message as the default persona when called without persona inputs', async () => {
    const { text } = await generateText({ model: new DemoLanguageModel({ wordDelayMs: 0 }), prompt: 'Should we hire?' });
    expect(text).toContain(DEMO_MARKER);
  });

  it('derives a title from the first user message', async () => {
    const { text } = await generateText({
      model: new DemoLanguageModel({ wordDelayMs: 0 }),
      prompt: 'title please',
      providerOptions: demoProviderOptions({ task: 'title', firstUserMessage: 'what pricing model suits a B2B SaaS startup?' }),
    });
    expect(text).toBe('What pricing model suits a B2B SaaS startup');
    expect(demoTitle('   ')).toBe('New conversation');
    expect(demoTitle('Help!!!')).toBe('Help');
  });

  it('makes a title a short, complete phrase, never a sentence cut mid-way', () => {
    // The question, not the scene-setting sentence before it (this one used to become 'We run a regional bank. Should').
    expect(demoTitle('We run a regional bank. Should we open branches in the suburbs or go digital-only?')).toBe('Should we open branches in the suburbs');
    expect(demoTitle('Can you help me with our pricing strategy for next year and the board?')).toBe('Our pricing strategy for next year');
    expect(demoTitle('Please review the hiring plan, the budget and the timeline for the new office')).toBe('Review the hiring plan');
    expect(demoTitle('Our churn is rising')).toBe('Our churn is rising');
    // Not 'Should we sell our card portfolio to fund' (a verb left without its object).
    expect(demoTitle('We run a regional bank. Should we sell our card portfolio to fund a digital branch?')).toBe('Should we sell our card portfolio');
    for (const message of ['We are a 40-person agency and we are thinking about the next step of the', 'How do I tell my cofounder that we should split the company and the']) {
      const title = demoTitle(message);
      expect(title.split(' ').length).toBeLessThanOrEqual(8);
      expect(['the', 'of', 'and', 'that', 'we', 'should', 'a']).not.toContain(title.split(' ').at(-1)!.toLowerCase());
    }
  });

  it('keeps a finished question whole, reads past a lead-in and through figures (issue 29, point 14)', () => {
    // Not 'Do we take' (the roundtable's title) nor 'Do we take it or leave': the question ended, so it is whole.
    expect(demoTitle('Do we take it or leave it?')).toBe('Do we take it or leave it');
    expect(demoTitle('Do we take it?')).toBe('Do we take it');
    // Not 'Based on these numbers', nor '4M cost, 12% churn' (a sentence split inside "$2.4M").
    expect(demoTitle('Our revenue is $2.4M with 12% growth. Based on these numbers, what should we do next year?')).toBe('What should we do next year');
    expect(demoTitle('Based on these numbers, should we rebuild the billing system: $2.4M cost, 12% churn?')).toBe('Should we rebuild the billing system');
    expect(demoTitle('Given our cash position, do we hire two engineers?')).toBe('Do we hire two engineers');
    // A lead-in that is all there is stays.
    expect(demoTitle('Based on these numbers')).toBe('Based on these numbers');
    for (const title of ['Do we take the acquisition offer from Globex at $40M or keep building on our own?', 'Should we hire a VP of Sales now, or wait until we hit $5M ARR?'].map(demoTitle)) {
      expect(title.length).toBeLessThanOrEqual(60);
      expect(['the', 'of', 'and', 'or', 'at', 'we', 'should', 'a']).not.toContain(title.split(' ').at(-1)!.toLowerCase());
    }
  });
});
