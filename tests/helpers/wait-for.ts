/** Polls `check` until it returns something truthy, or fails after `timeoutMs`. */
export async function waitFor<T>(check: () => Promise<T | undefined | null | false | '' | 0> | T | undefined | null | false | '' | 0, what: string, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${last ? ` (last error: ${String(last)})` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, 15));
  }
}
