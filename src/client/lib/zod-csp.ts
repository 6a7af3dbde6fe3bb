/**
 * zod v4 compiles object parsers with `new Function` when it may, probing once with `new Function('')`
 * the first time an object schema is built. The page's CSP (no 'unsafe-eval') refuses it: the probe is
 * caught, but Chromium reports a CSP violation (Lighthouse's best-practices issue on the sign-in page).
 * With `jitless` set, zod skips the probe and parses without compiling.
 *
 * The flag lives on `globalThis.__zod_globalConfig`, which zod's `config()` writes to and which zod's core
 * adopts when it loads (`globalThis.__zod_globalConfig ??= {}`). Setting it here, without importing zod,
 * lets the entry run this first (main.tsx) for the cost of a few bytes: every chunk that builds a schema
 * is loaded after the entry has run, whatever chunk the bundler puts zod in. Calling zod's `config()` from
 * a lazy chunk did not hold: Rolldown put zod with the contract schemas in a shared chunk that ran before
 * the module calling it (docs/decisions/035-performance-leftovers.md). `zod-csp.test.ts` checks that zod
 * still reads this global, so an upgrade that moves it fails a test.
 */
type ZodGlobal = { __zod_globalConfig?: { jitless?: boolean } };

const zodGlobal = globalThis as ZodGlobal;
// In place: a zod already loaded (tests, the prerender build) holds this very object.
(zodGlobal.__zod_globalConfig ??= {}).jitless = true;

export {};
