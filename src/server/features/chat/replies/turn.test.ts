import { describe, expect, it } from 'vitest';
import { specPrompt } from './turn.ts';

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
