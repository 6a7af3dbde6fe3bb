import fp from 'fastify-plugin';
import type { EventHub } from '#server/streams/event-hub.ts';
import { createInProcessHub } from '#server/streams/in-process-hub.ts';
import { createLocalBus, type InstanceBus } from '#server/streams/instance-bus.ts';
import { SseConnections } from '#server/streams/sse.ts';
import { RunRegistry, type RunKind } from './run-registry.ts';
import type { TurnStreamEvent } from './stream-events.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every kind of long, streamed work of this instance (replies, roundtables): add a kind, then start runs on it. */
    runs: Runs;
    /** The event hub runs are published on. */
    eventHub: EventHub<TurnStreamEvent>;
    /** The open Server-Sent Events connections, ended when the server closes. */
    eventStreams: SseConnections;
    /** Messages to and from the other instances (a local one that reaches nobody when alone). */
    instanceBus: InstanceBus;
  }
}

/** How often a live instance shows its runners are alive (whether or not text is arriving). */
export const HEARTBEAT_MS = 2_000;
/** How often an instance on a shared database looks for runs whose runner is gone. */
export const RECOVERY_SWEEP_MS = 5_000;
/**
 * A run whose heartbeat is older than this has no live runner: many missed heartbeats, not one slow
 * query. Fifteen, not five: an instance writing a thousand replies at once on a busy machine was seen
 * to miss ten seconds of them while alive (bench/multi-instance.ts), and another instance then failed
 * its replies mid-stream as interrupted.
 */
export const ABANDONED_AFTER_MS = 15 * HEARTBEAT_MS;

/** The registries of every kind, in the order they were added (recovery and shutdown follow it). */
export class Runs {
  private readonly registries: RunRegistry<unknown, unknown, { end(): void }>[] = [];

  constructor(private readonly deps: { hub: EventHub<TurnStreamEvent>; bus: InstanceBus; log: import('fastify').FastifyBaseLogger }) {}

  /** A new kind of run, on the shared hub and bus. Add every kind before the app is ready. */
  add<Job, Resume, Sink extends { end(): void }>(kind: RunKind<Job, Resume, Sink>): RunRegistry<Job, Resume, Sink> {
    const registry = new RunRegistry(kind, this.deps);
    this.registries.push(registry as unknown as RunRegistry<unknown, unknown, { end(): void }>);
    return registry;
  }

  /** Runs going on here, of every kind. */
  get activeCount(): number {
    return this.registries.reduce((sum, registry) => sum + registry.activeCount, 0);
  }

  async recover(options: { silentForMs?: number }): Promise<void> {
    // In order: a roundtable's turns are replies' rows, settled before the table is.
    for (const registry of this.registries) await registry.recover(options);
  }

  async heartbeat(): Promise<void> {
    await Promise.all(this.registries.map((registry) => registry.heartbeat()));
  }

  /** Lets the runs going on here end by themselves, at most `timeoutMs` in all; true when none is left. */
  async drain(timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    const drained = await Promise.all(this.registries.map((registry) => registry.drain(Math.max(0, deadline - Date.now()))));
    return drained.every(Boolean);
  }

  async close(): Promise<void> {
    await Promise.all(this.registries.map((registry) => registry.close()));
  }

  async whenIdle(): Promise<void> {
    await Promise.all(this.registries.map((registry) => registry.whenIdle()));
  }
}

export interface RunsPluginOptions {
  /** Whether other instances may use the database (PostgreSQL) or it is this process's own (PGlite). */
  databaseShared: boolean;
  /** The event hub; the in-process one unless given (a Redis hub, when several instances run). */
  hub?: EventHub<TurnStreamEvent>;
  /** Messages to and from the other instances (Redis); none when this instance is alone. */
  bus?: InstanceBus;
}

/**
 * The one lifecycle of long, streamed work (decision 069): the hub, the SSE connections and the
 * instance bus every kind shares; recovery at start-up (and a sweep on a shared database), the
 * heartbeats, and the shutdown order (runs end first, so their streams get the final event; then
 * the streams close, so the server can; then the hub). Features add their kind (app.runs.add)
 * when they register; services get the registry in their deps, never from here.
 */
export const runsPlugin = fp<RunsPluginOptions>(
  async (app, options) => {
    const hub = options.hub ?? createInProcessHub<TurnStreamEvent>();
    const bus = options.bus ?? createLocalBus();
    const runs = new Runs({ hub, bus, log: app.log });
    const streams = new SseConnections();
    app.decorate('runs', runs);
    app.decorate('eventHub', hub);
    app.decorate('eventStreams', streams);
    app.decorate('instanceBus', bus);

    // Runs left going by a process that died. PGlite belongs to this process alone: all of them, at
    // start. On a shared database another instance may be writing some: every live instance
    // refreshes its runners' heartbeat every HEARTBEAT_MS, so a run silent for ABANDONED_AFTER_MS
    // has no runner; each instance looks for those at start and every RECOVERY_SWEEP_MS (an
    // instance that crashed is not there to settle its own). A restart therefore settles the
    // previous process's runs within about half a minute on PostgreSQL (at once on PGlite).
    const silentForMs = ABANDONED_AFTER_MS;
    let sweep: NodeJS.Timeout | undefined;
    let heartbeat: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      await runs.recover(options.databaseShared ? { silentForMs } : {});
      if (!options.databaseShared) return;
      let beating = false;
      heartbeat = setInterval(() => {
        // One at a time: on an overloaded database, heartbeats queued behind each other only add load.
        if (beating) return;
        beating = true;
        runs
          .heartbeat()
          .catch((err: unknown) => app.log.warn({ err }, 'could not refresh run heartbeats'))
          .finally(() => (beating = false));
      }, HEARTBEAT_MS);
      heartbeat.unref();
      let sweeping = false;
      sweep = setInterval(() => {
        if (sweeping) return;
        sweeping = true;
        runs
          .recover({ silentForMs })
          .catch((err: unknown) => app.log.warn({ err }, 'could not settle interrupted runs'))
          .finally(() => (sweeping = false));
      }, RECOVERY_SWEEP_MS);
      sweep.unref();
    });
    app.addHook('preClose', async () => {
      clearInterval(sweep);
      clearInterval(heartbeat);
      await runs.close();
      streams.closeAll();
      await hub.close();
    });
  },
  { name: 'runs' },
);
