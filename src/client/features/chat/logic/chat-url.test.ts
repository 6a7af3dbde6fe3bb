import { describe, expect, it } from 'vitest';
import { chatHref, readChatParams } from './chat-url.ts';

describe('chat URL', () => {
  it('reads the session and a known subscription outcome', () => {
    expect(readChatParams('session=abc&subscription=success')).toEqual({ sessionId: 'abc', subscription: 'success' });
    expect(readChatParams('subscription=maybe')).toEqual({ sessionId: null, subscription: null });
  });
  it('removes and sets parameters, keeping the rest', () => {
    expect(chatHref('session=abc&subscription=cancelled', { subscription: null })).toBe('/chat?session=abc');
    expect(chatHref('session=abc', { session: null })).toBe('/chat');
    expect(chatHref('', { session: 'new' })).toBe('/chat?session=new');
  });
});
