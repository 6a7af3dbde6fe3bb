import { describe, expect, it } from 'vitest';
import type { User } from '#server/db/schema.ts';
import { SessionCache } from './session-cache.ts';

const user = (id: string) => ({ id, email: `${id}@example.com` }) as User;
const inAnHour = new Date(Date.now() + 3_600_000);

describe('SessionCache', () => {
  it('returns a cached user until the time-to-live passes', () => {
    const cache = new SessionCache(2000);
    cache.set('t1', user('a'), inAnHour, 1000);
    expect(cache.get('t1', 2999)?.id).toBe('a');
    expect(cache.get('t1', 3000)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('never outlives the session itself', () => {
    const cache = new SessionCache(60_000);
    const now = Date.now();
    cache.set('t1', user('a'), new Date(now + 500), now);
    expect(cache.get('t1', now + 499)?.id).toBe('a');
    expect(cache.get('t1', now + 500)).toBeUndefined();
  });

  it('forgets every session of a user on invalidateUser, and one token on deleteToken', () => {
    const cache = new SessionCache(60_000);
    cache.set('t1', user('a'), inAnHour);
    cache.set('t2', user('a'), inAnHour);
    cache.set('t3', user('b'), inAnHour);
    cache.invalidateUser('a');
    expect(cache.get('t1')).toBeUndefined();
    expect(cache.get('t2')).toBeUndefined();
    expect(cache.get('t3')?.id).toBe('b');
    cache.deleteToken('t3');
    expect(cache.get('t3')).toBeUndefined();
  });

  it('is off with a zero time-to-live and bounded in size', () => {
    const off = new SessionCache(0);
    off.set('t1', user('a'), inAnHour);
    expect(off.get('t1')).toBeUndefined();
    const small = new SessionCache(60_000, 2);
    small.set('t1', user('a'), inAnHour);
    small.set('t2', user('b'), inAnHour);
    small.set('t3', user('c'), inAnHour);
    expect(small.size).toBe(2);
    expect(small.get('t1')).toBeUndefined();
    expect(small.get('t3')?.id).toBe('c');
  });
});
