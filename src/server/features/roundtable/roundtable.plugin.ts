import fp from 'fastify-plugin';
import { roundtableRunKind, type RoundtableRunner, type RoundtableRunnerDeps } from './roundtable-runner.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The roundtables of this instance (features/roundtable): start, stop, follow. */
    roundtables: RoundtableRunner;
  }
}

/**
 * Roundtables as a kind of run on the instance's runs (src/server/runs: recovery after the
 * replies', heartbeats and shutdown are the runs plugin's). Register it after the reply engine, so
 * the replies' recovery (which fails a dead table's turns) runs first.
 */
export const roundtablePlugin = fp<{ deps: Omit<RoundtableRunnerDeps, 'hub'> }>(
  async (app, { deps }) => {
    app.decorate('roundtables', app.runs.add(roundtableRunKind({ ...deps, hub: app.eventHub })));
  },
  { name: 'roundtables', dependencies: ['runs', 'reply-engine'] },
);
