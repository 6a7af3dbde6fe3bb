/**
 * Messages between the instances of one deployment, for what must happen everywhere at once: a
 * user's cached sessions forgotten (sign-out, password change, plan change), a run (a reply, a
 * roundtable) stopped on the instance that writes it. Fire and forget: every message is also a change already in the
 * database, so an instance that misses one (Redis away) catches up through its usual paths (the
 * session cache's short lifetime, the reply runner's next save).
 */
export type InstanceMessage =
  | { kind: 'invalidate-user'; userId: string }
  | { kind: 'forget-session'; tokenHash: string }
  /** A run (a reply, a roundtable: `run` names its kind) was stopped: the instance writing it ends it. */
  | { kind: 'stop-run'; run: string; id: string };

export interface InstanceBus {
  /** Sends to every other instance (never back to this one). Returns at once. */
  publish(message: InstanceMessage): void;
  /** Handlers of messages from other instances. */
  subscribe(handler: (message: InstanceMessage) => void): () => void;
  close(): Promise<void>;
}

/** One instance: nobody else to tell. */
export function createLocalBus(): InstanceBus {
  return {
    publish() {},
    subscribe() {
      return () => {};
    },
    async close() {},
  };
}
