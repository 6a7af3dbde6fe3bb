import { describe, expect, it } from 'vitest';
import { cleanInput, hasInvalidCodePoints, withoutInvalidCodePoints } from './text.ts';

describe('withoutInvalidCodePoints', () => {
  it.each([
    ['a\u0000b', 'ab'],
    ['lone high \uD800 end', 'lone high  end'],
    ['lone low \uDC00 end', 'lone low  end'],
    ['reversed \uDC00\uD800', 'reversed '],
    ['nonchar \uFFFE\uFFFF\uFDD0', 'nonchar '],
    ['plane 1 nonchar \uD83F\uDFFE', 'plane 1 nonchar '],
  ])('removes what cannot be stored from %j', (input, expected) => {
    expect(withoutInvalidCodePoints(input)).toBe(expected);
    expect(hasInvalidCodePoints(input)).toBe(true);
    expect(hasInvalidCodePoints(expected)).toBe(false);
  });

  it('keeps every valid character, emoji and tabs and new lines included', () => {
    const text = 'Grüße 😀 \t\n\r 中文 \uFFFD \u200B';
    expect(withoutInvalidCodePoints(text)).toBe(text);
    expect(hasInvalidCodePoints(text)).toBe(false);
  });
});

describe('cleanInput', () => {
  it('cleans every string, keys and nested arrays included, and keeps other values', () => {
    expect(cleanInput({ a: 'x\u0000', 'k\u0000': [1, 'y\uD800', { z: true, w: null }] })).toEqual({ a: 'x', k: [1, 'y', { z: true, w: null }] });
  });

  it('returns the same object when nothing needs cleaning', () => {
    const input = { a: 'fine', b: [1, 'two'] };
    expect(cleanInput(input)).toBe(input);
  });
});
