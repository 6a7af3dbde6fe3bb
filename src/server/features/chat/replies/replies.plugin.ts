import fp from 'fastify-plugin';
import type { EventHub } from '#server/streams/event-hub.ts';
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
  }
}

export interface ReplyEnginePluginOptions {
  deps: Omit<ReplyEngineDeps, 'hub' | 'contextProviders' | 'observer'>;
  /** Told how each reply ended (operations metrics). */
  observer?: ReplyEngineDeps['observer'];
  /** Whether other instances may use the database (PostgreSQL) or it is this process's own (PGlite). */
  databaseShared: boolean;
  /** Steps that add to every reply's prompt, in order (the documents feature's, wired in app.ts). */
  contextProviders?: readonly ContextProvider[];
  /** The event hub; the in-process one unless given (a Redis hub, when several instances run). */
  hub?: EventHub<TurnStreamEvent>;
}

/** How often a live instance shows its runners are alive (whether or not text is arriving). */
export const HEARTBEAT_MS = 2_000;
/** How often an instance on a shared database looks for replies whose runner is gone. */
export const RECOVERY_SWEEP_MS = 5_000;
/** A reply whose heartbeat is older than this has no live runner: several missed heartbeats, not one slow query. */
export const ABANDONED_AFTER_MS = 5 * HEARTBEAT_MS;

/**
 * The reply engine's lifecycle: builds it with its hub, settles replies whose runner died, and
 * closes in order (replies end first, so their streams get the final event; then the streams
 * close, so the server can; then the hub). Services get the engine from their deps, never from here.
 */
export const replyEnginePlugin = fp<ReplyEnginePluginOptions>(
  async (app, options) => {
    const hub = options.hub ?? createInProcessHub<TurnStreamEvent>();
    const engine = new ReplyEngine({ ...options.deps, hub, contextProviders: options.contextProviders ?? [], observer: options.observer });
    const streams = new SseConnections();
    app.decorate('replies', engine);
    app.decorate('eventHub', hub);
    app.decorate('eventStreams', streams);

    // Replies left 'streaming' by a process that died. PGlite belongs to this process alone: all of
    // them, at start. On a shared database another instance may be writing some: every live
    // instance refreshes its runners' heartbeat every HEARTBEAT_MS, so a reply silent for
    // ABANDONED_AFTER_MS has no runner; each instance looks for those at start and every
    // RECOVERY_SWEEP_MS (an instance that crashed is not there to settle its own). A restart
    // therefore settles the previous process's replies within about ten seconds, on either database.
    const silentForMs = ABANDONED_AFTER_MS;
    let sweep: NodeJS.Timeout | undefined;
    let heartbeat: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      await engine.recover(options.databaseShared ? { silentForMs } : {});
      if (!options.databaseShared) return;
      heartbeat = setInterval(() => {
        engine.heartbeat().catch((err: unknown) => app.log.warn({ err }, 'could not refresh reply heartbeats'));
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
