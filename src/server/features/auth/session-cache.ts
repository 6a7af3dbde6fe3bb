import type { User } from '#server/db/schema.ts';
import type { InstanceBus } from '#server/streams/instance-bus.ts';

interface Entry {
  user: User;
  sessionExpiresAt: number;
  cachedUntil: number;
}

/**
 * Remembers, per instance and for a couple of seconds, which user a session token belongs to,
 * so the lookup every API request makes does not cost a database round trip each time.
 *
 * Staleness is bounded by `ttlMs`: this instance forgets a session at once on logout, password
 * reset and any change a service reports through invalidateUser; other instances at once too when
 * they share a bus (Redis), else within ttlMs. See docs/decisions/002-sessions.md.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private bus: InstanceBus | undefined;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  get(tokenHash: string, now = Date.now()): User | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (entry.cachedUntil <= now || entry.sessionExpiresAt <= now) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return entry.user;
  }

  set(tokenHash: string, user: User, sessionExpiresAt: Date, now = Date.now()): void {
    if (!this.enabled) return;
    if (this.entries.size >= this.maxEntries) {
      // Maps iterate in insertion order: drop the oldest entry.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(tokenHash, { user, sessionExpiresAt: sessionExpiresAt.getTime(), cachedUntil: now + this.ttlMs });
  }

  deleteToken(tokenHash: string): void {
    this.entries.delete(tokenHash);
    this.bus?.publish({ kind: 'forget-session', tokenHash });
  }

  /** Call after any change to a user row (or their sessions) so the next request reads it fresh. */
  invalidateUser(userId: string): void {
    this.forgetUser(userId);
    this.bus?.publish({ kind: 'invalidate-user', userId });
  }

  /** Every instance forgets what this one forgets (a revoked session is revoked everywhere at once). */
  shareWith(bus: InstanceBus): void {
    this.bus = bus;
    bus.subscribe((message) => {
      if (message.kind === 'invalidate-user') this.forgetUser(message.userId);
      else if (message.kind === 'forget-session') this.entries.delete(message.tokenHash);
    });
  }

  private forgetUser(userId: string): void {
    for (const [hash, entry] of this.entries) if (entry.user.id === userId) this.entries.delete(hash);
  }

  get size(): number {
    return this.entries.size;
  }
}
