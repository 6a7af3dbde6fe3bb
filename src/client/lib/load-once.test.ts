import { describe, expect, it, vi } from 'vitest';
import { loadOnce } from './load-once.ts';

describe('loadOnce', () => {
  it('starts the load once and gives every caller the same result', async () => {
    const load = vi.fn(async () => 'module');
    const get = loadOnce(load);
    const [a, b] = await Promise.all([get(), get()]);
    expect([a, b, await get()]).toEqual(['module', 'module', 'module']);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries a failed load again at the next call, and keeps the one that worked', async () => {
    const load = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValue('module');
    const get = loadOnce(load);
    await expect(get()).rejects.toThrow('Failed to fetch');
    expect(await get()).toBe('module');
    expect(await get()).toBe('module');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
