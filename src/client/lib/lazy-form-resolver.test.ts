import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { lazyZodResolver } from './lazy-form-resolver.ts';

const schema = z.object({ email: z.string().email('Please enter a valid email address'), password: z.string().min(1, 'Password is required') });
type Values = z.infer<typeof schema>;
const options = { fields: {}, shouldUseNativeValidation: false } as const;

describe('a form validation loaded when the form is used', () => {
  it('loads nothing until used, then validates with the schema it loaded', async () => {
    const load = vi.fn(async () => schema);
    const { resolver } = lazyZodResolver<Values>(load);
    expect(load).not.toHaveBeenCalled();
    const refused = await resolver({ email: 'not an address', password: '' }, undefined, options);
    expect(refused.errors.email?.message).toBe('Please enter a valid email address');
    expect(refused.errors.password?.message).toBe('Password is required');
    const accepted = await resolver({ email: 'ada@example.com', password: 'secret' }, undefined, options);
    expect(accepted.errors).toEqual({});
    expect(accepted.values).toEqual({ email: 'ada@example.com', password: 'secret' });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('preloads once however often it is asked, and a validation waits for the load under way', async () => {
    let arrive: (value: typeof schema) => void = () => {};
    const load = vi.fn(() => new Promise<typeof schema>((resolve) => (arrive = resolve)));
    const lazy = lazyZodResolver<Values>(load);
    lazy.preload();
    lazy.preload();
    const pending = lazy.resolver({ email: '', password: '' }, undefined, options);
    expect(load).toHaveBeenCalledTimes(1);
    arrive(schema);
    expect((await pending).errors.password?.message).toBe('Password is required');
  });

  it('tries again after a failed load (the network came back)', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(schema);
    const lazy = lazyZodResolver<Values>(load);
    await expect(lazy.resolver({ email: 'ada@example.com', password: 'x' }, undefined, options)).rejects.toThrow('offline');
    expect((await lazy.resolver({ email: 'ada@example.com', password: 'x' }, undefined, options)).errors).toEqual({});
    expect(load).toHaveBeenCalledTimes(2);
  });
});
