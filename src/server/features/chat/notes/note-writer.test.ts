import { generateText, Output } from 'ai';
import { describe, expect, it } from 'vitest';
import { noteOutputSchema } from '#contract/conversation-note.ts';
import { DemoLanguageModel } from '#server/ai/demo/demo-model.ts';
import { writeNote } from './note-writer.ts';

describe('the note writer with the offline demo model (decision 083)', () => {
  it('answers the note’s structured-output call through the real path', async () => {
    const model = new DemoLanguageModel({ wordDelayMs: 0 });
    const note = await writeNote({ model, previous: '', maxRetries: 0, turns: [{ from: 'the user', text: 'We have 14 people and $1.2M in the bank. Should we hire?' }, { from: 'the advisor (Chief Financial Officer)', text: 'Hire one, at $150k.' }] });
    expect(note).toBe('- We have 14 people and $1.2M in the bank.');
    // The demo's answer is valid for the schema as a real model's must be.
    const { output } = await generateText({ model, output: Output.object({ schema: noteOutputSchema }), prompt: 'x', providerOptions: { demo: { task: 'note', previous: '', userTurns: ['We sold 3,000 units.'] } } });
    expect(output.facts).toEqual(['We sold 3,000 units.']);
  });
});
