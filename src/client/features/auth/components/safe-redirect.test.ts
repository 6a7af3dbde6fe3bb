import { describe, expect, it } from 'vitest';
import { safeRedirect } from './safe-redirect.ts';

describe('safeRedirect', () => {
  it.each([
    ['/checkout', '/checkout'],
    ['/chat?session=1', '/chat?session=1'],
    [null, '/chat'],
    ['', '/chat'],
    ['https://evil.example', '/chat'],
    ['//evil.example', '/chat'],
    ['/\\evil.example', '/chat'],
    ['javascript:alert(1)', '/chat'],
  ])('%s -> %s', (target, expected) => {
    expect(safeRedirect(target, '/chat')).toBe(expected);
  });
});
