import fp from 'fastify-plugin';
import type { EventHub } from '#server/streams/event-hub.ts';
import { createLocalBus, type InstanceBus } from '#server/streams/instance-bus.ts';
import { createInProcessHub } from '#server/streams/in-process-hub.ts';
import { SseConnections } from '#server/streams/sse.ts';
import type { ContextProvider } from './prompt.ts';
import { ReplyEngine, type ReplyEngineDeps } from './reply-engine.ts';
import type { TurnStreamEvent } from './stream-events.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The reply engine (features/chat/replies): start, stop, follow and recover replies. */
    replies: ReplyEngine;
    /** The event hub replies (and, later, roundtables) are published on. */
    eventHub: EventHub<TurnStreamEvent>;
    /** The open Server-Sent Events connections, ended when the server closes. */
    eventStreams: SseConnections;
    /** Messages to and from the other instances (a local one that reaches nobody when alone). */
    instanceBus: InstanceBus;
  }
}

export interface ReplyEnginePluginOptions {
  deps: Omit<ReplyEngineDeps, 'hub' | 'contextProviders' | 'observer' | 'bus'>;
  /** Told how each reply ended (operations metrics). */
  observer?: ReplyEngineDeps['observer'];
  /** Whether other instances may use the database (PostgreSQL) or it is this process's own (PGlite). */
  databaseShared: boolean;
  /** Steps that add to every reply's prompt, in order (the documents feature's, wired in app.ts). */
  contextProviders?: readonly ContextProvider[];
  /** The event hub; the in-process one unless given (a Redis hub, when several instances run). */
  hub?: EventHub<TurnStreamEvent>;
  /** Messages to and from the other instances (Redis); none when this instance is alone. */
  bus?: InstanceBus;
}

/** How often a live instance shows its runners are alive (whether or not text is arriving). */
export const HEARTBEAT_MS = 2_000;
/** How often an instance on a shared database looks for replies whose runner is gone. */
export const RECOVERY_SWEEP_MS = 5_000;
/**
 * A reply whose heartbeat is older than this has no live runner: many missed heartbeats, not one slow
 * query. Fifteen, not five: an instance writing a thousand replies at once on a busy machine was seen
 * to miss ten seconds of them while alive (bench/multi-instance.ts), and another instance then failed
 * its replies mid-stream as interrupted.
 */
export const ABANDONED_AFTER_MS = 15 * HEARTBEAT_MS;

/**
 * The reply engine's lifecycle: builds it with its hub, settles replies whose runner died, and
 * closes in order (replies end first, so their streams get the final event; then the streams
 * close, so the server can; then the hub). Services get the engine from their deps, never from here.
 */
export const replyEnginePlugin = fp<ReplyEnginePluginOptions>(
  async (app, options) => {
    const hub = options.hub ?? createInProcessHub<TurnStreamEvent>();
    const engine = new ReplyEngine({ ...options.deps, hub, contextProviders: options.contextProviders ?? [], observer: options.observer, bus: options.bus });
    const streams = new SseConnections();
    app.decorate('replies', engine);
    app.decorate('eventHub', hub);
    app.decorate('eventStreams', streams);
    app.decorate('instanceBus', options.bus ?? createLocalBus());

    // Replies left 'streaming' by a process that died. PGlite belongs to this process alone: all of
    // them, at start. On a shared database another instance may be writing some: every live
    // instance refreshes its runners' heartbeat every HEARTBEAT_MS, so a reply silent for
    // ABANDONED_AFTER_MS has no runner; each instance looks for those at start and every
    // RECOVERY_SWEEP_MS (an instance that crashed is not there to settle its own). A restart
    // therefore settles the previous process's replies within about half a minute on PostgreSQL (at once on PGlite).
    const silentForMs = ABANDONED_AFTER_MS;
    let sweep: NodeJS.Timeout | undefined;
    let heartbeat: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      await engine.recover(options.databaseShared ? { silentForMs } : {});
      if (!options.databaseShared) return;
      let beating = false;
      heartbeat = setInterval(() => {
        // One at a time: on an overloaded database, heartbeats queued behind each other only add load.
        if (beating) return;
        beating = true;
        engine
          .heartbeat()
          .catch((err: unknown) => app.log.warn({ err }, 'could not refresh reply heartbeats'))
          .finally(() => (beating = false));
      }, HEARTBEAT_MS);
      heartbeat.unref();
      sweep = setInterval(() => {
        engine.recover({ silentForMs }).catch((err: unknown) => app.log.warn({ err }, 'could not settle interrupted replies'));
      }, RECOVERY_SWEEP_MS);
      sweep.unref();
    });
    app.addHook('preClose', async () => {
      clearInterval(sweep);
      clearInterval(heartbeat);
      await engine.close();
      streams.closeAll();
      await hub.close();
    });
  },
  { name: 'reply-engine' },
);
