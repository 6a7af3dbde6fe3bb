import fp from 'fastify-plugin';
import { loadPromptNote } from '../notes/notes.service.ts';
import type { ContextProvider } from './prompt.ts';
import { replyRunKind, type ReplyEngine, type ReplyEngineDeps } from './reply-engine.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The replies of this instance (features/chat/replies): start, stop, follow. */
    replies: ReplyEngine;
  }
}

export interface ReplyEnginePluginOptions {
  deps: Omit<ReplyEngineDeps, 'hub' | 'contextProviders' | 'observer' | 'afterReply' | 'loadNote'>;
  /** Background steps after each completed reply (company memory's fact proposals, wired in app.ts). */
  afterReply?: ReplyEngineDeps['afterReply'];
  /** Told how each reply ended (operations metrics). */
  observer?: ReplyEngineDeps['observer'];
  /** Steps that add to every reply's prompt, in order (the documents feature's, wired in app.ts). */
  contextProviders?: readonly ContextProvider[];
}

/**
 * Replies as a kind of run on the instance's runs (src/server/runs: recovery, heartbeats and
 * shutdown are the runs plugin's, the same for every kind; register this after it).
 */
export const replyEnginePlugin = fp<ReplyEnginePluginOptions>(
  async (app, options) => {
    const engine = app.runs.add(
      replyRunKind({
        ...options.deps, hub: app.eventHub, contextProviders: options.contextProviders ?? [], observer: options.observer, afterReply: options.afterReply ?? [],
        // Every reply pins its conversation's note (decision 083).
        loadNote: (job) => loadPromptNote(options.deps.db, job),
      }),
    );
    app.decorate('replies', engine);
  },
  { name: 'reply-engine', dependencies: ['runs'] },
);
