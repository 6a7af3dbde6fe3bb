/**
 * A reply being written is worth more than a version bump: anything that must not be cut by a
 * page reload holds the guard while it runs, and the service-worker update flow
 * (features/pwa/register-service-worker.ts) reloads only once nothing holds it.
 */
let holds = 0;
const waiting = new Set<() => void>();

/** Holds reloads until the returned release is called (idempotent). */
export function holdReload(): () => void {
  holds += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holds -= 1;
    if (holds === 0) {
      for (const run of [...waiting]) run();
      waiting.clear();
    }
  };
}

/** True while anything holds reloads. */
export function isReloadHeld(): boolean {
  return holds > 0;
}

/** Runs `reload` now if nothing holds the guard, else as soon as the last hold is released. */
export function reloadWhenIdle(reload: () => void): void {
  if (holds === 0) reload();
  else waiting.add(reload);
}
