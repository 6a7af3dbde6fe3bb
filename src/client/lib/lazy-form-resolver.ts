import type { FieldValues, Resolver } from 'react-hook-form';
import type * as z from 'zod/v4/core';
import { loadOnce } from './load-once.ts';

export interface LazyResolver<Values extends FieldValues> {
  resolver: Resolver<Values>;
  /** Starts loading the validation (the visitor is about to use the form). Safe to call often. */
  preload(): void;
}

/**
 * A form's zod validation, loaded when the form is first used instead of with the page
 * (docs/decisions/043-paint-before-the-app.md): zod and the contract's schemas are about 40 kB gzip
 * that a prerendered page would otherwise parse and run while it hydrates. The page preloads it when
 * the visitor first focuses, types in or presses in the form; a submit before it arrived waits for it.
 * The schema is still the contract's, the same one the server validates with.
 */
export function lazyZodResolver<Values extends FieldValues>(loadSchema: () => Promise<z.$ZodType<unknown, Values>>): LazyResolver<Values> {
  // A failed load (the network went away) is tried again at the next use.
  const load = loadOnce(() =>
    Promise.all([import('@hookform/resolvers/zod'), loadSchema()]).then(([{ zodResolver }, schema]) => zodResolver(schema) as unknown as Resolver<Values>),
  );
  return {
    resolver: async (values, context, options) => (await load())(values, context, options),
    preload() {
      load().catch(() => {});
    },
  };
}
