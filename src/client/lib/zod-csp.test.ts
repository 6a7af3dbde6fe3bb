import { afterAll, describe, expect, it } from 'vitest';

/**
 * lib/zod-csp.ts sets zod's jitless flag through the global zod reads its configuration from, without
 * importing zod (the entry runs it first; docs/decisions/035-performance-leftovers.md). If a zod upgrade
 * moves that global, zod would probe `new Function` again under the CSP: these tests fail first.
 */
describe('zod-csp', () => {
  const globals = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
  const before = globals.__zod_globalConfig?.jitless;
  afterAll(() => {
    if (globals.__zod_globalConfig) globals.__zod_globalConfig.jitless = before;
  });

  it("sets the flag zod's own config() reports, and zod then never evaluates code to build a parser", async () => {
    await import('./zod-csp.ts');
    const { config, z } = await import('zod');
    expect(config().jitless).toBe(true);
    expect(config()).toBe(globals.__zod_globalConfig);

    const original = globalThis.Function;
    let evaluated = 0;
    globalThis.Function = new Proxy(original, {
      construct(target, args) {
        evaluated += 1;
        return Reflect.construct(target, args) as object;
      },
    });
    try {
      const schema = z.object({ email: z.string(), rememberMe: z.boolean().default(true) });
      expect(schema.parse({ email: 'a@example.com' })).toEqual({ email: 'a@example.com', rememberMe: true });
    } finally {
      globalThis.Function = original;
    }
    expect(evaluated).toBe(0);
  });
});
