import { useEffect, useSyncExternalStore } from 'react';
import { loadOnce } from './load-once.ts';

/**
 * A module loaded when first needed (its own chunk), which components then read synchronously: once it is
 * here they render it at once, with no Suspense pass (React.lazy suspends on its first render even when the
 * chunk is already loaded, which shows the fallback for a frame). Until it is here, `use()` answers
 * undefined and the component shows what it chooses (decision 042).
 */
export function lazyModule<T>(load: () => Promise<T>) {
  let value: T | undefined;
  const listeners = new Set<() => void>();
  const get = () => value;
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const start = loadOnce(() =>
    load().then((module) => {
      value = module;
      for (const listener of listeners) listener();
      return module;
    }),
  );
  return {
    /** Starts loading it (pointed at, focused: about to be used). Safe to call often. */
    preload(): void {
      if (!value) start().catch(() => {});
    },
    /** The module once loaded; until then undefined, and it is asked for. */
    use(): T | undefined {
      const current = useSyncExternalStore(subscribe, get, get);
      useEffect(() => {
        if (!current) start().catch(() => {});
      }, [current]);
      return current;
    },
  };
}
