/**
 * A bound on model calls in flight (per process, for every roundtable): `acquire` resolves with a
 * release function when a slot is free, in the order asked; an aborted wait gives up its place.
 */
export class CallSlots {
  private active = 0;
  private readonly queue: Array<{ grant: () => void; signal: AbortSignal | undefined; onAbort: () => void }> = [];

  constructor(readonly limit: number) {}

  get inFlight(): number {
    return this.active;
  }

  get waiting(): number {
    return this.queue.length;
  }

  acquire(signal?: AbortSignal): Promise<() => void> {
    if (signal?.aborted) return Promise.reject(signal.reason as Error);
    if (this.active < this.limit) {
      this.active += 1;
      return Promise.resolve(this.releaser());
    }
    return new Promise((resolve, reject) => {
      const entry = {
        grant: () => {
          signal?.removeEventListener('abort', entry.onAbort);
          this.active += 1;
          resolve(this.releaser());
        },
        signal,
        onAbort: () => {
          const index = this.queue.indexOf(entry);
          if (index >= 0) this.queue.splice(index, 1);
          reject(signal!.reason as Error);
        },
      };
      signal?.addEventListener('abort', entry.onAbort, { once: true });
      this.queue.push(entry);
    });
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.active -= 1;
      this.queue.shift()?.grant();
    };
  }
}
