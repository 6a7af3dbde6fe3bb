/**
 * Gives up on a model call that produces nothing for `ms` (before its first token too): `arm()` at
 * the start and on every sign of life, `clear()` at the end.
 */
export function createStallTimer(ms: number, onStall: () => void) {
  let timer: NodeJS.Timeout | undefined;
  return {
    arm() {
      // refresh() restarts the same timer: cheaper than a new one for every token.
      if (timer) timer.refresh();
      else timer = setTimeout(onStall, ms);
    },
    clear() {
      clearTimeout(timer);
    },
  };
}
