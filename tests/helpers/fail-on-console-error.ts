import { afterEach, vi } from 'vitest';

// An unexpected console.error is a bug the test did not see: fail the test that caused it.
// Test files share one module graph per worker (isolate: false in vite.config.ts), and this file runs
// before each of them: wrap console.error once per worker and keep the list on the global object.
const globalState = globalThis as typeof globalThis & { consoleErrorsDuringTest?: unknown[][] };
const errors = (globalState.consoleErrorsDuringTest ??= []);
if (!(console.error as { collectsTestErrors?: boolean }).collectsTestErrors) {
  const original = console.error;
  const collecting = (...args: unknown[]) => {
    errors.push(args);
    original(...args);
  };
  console.error = Object.assign(collecting, { collectsTestErrors: true });
}

afterEach(() => {
  if (errors.length > 0) {
    const first = errors.map((a) => a.map(String).join(' ')).join('\n');
    errors.length = 0;
    throw new Error(`console.error was called during the test:\n${first}`);
  }
});

export { vi };
