import type { FastifyInstance } from 'fastify';
import type { RoundtableDto } from '#contract/roundtable.ts';
import { inject } from './test-app.ts';
import { waitFor } from './wait-for.ts';

/** A roundtable as its owner reads it. */
export async function getRoundtable(app: FastifyInstance, cookie: string, id: string): Promise<RoundtableDto> {
  return (await inject(app, { method: 'GET', url: `/api/roundtables/${id}`, cookie })).json() as RoundtableDto;
}

/** Waits until the roundtable is no longer running, and answers it as it ended. */
export function roundtableEnded(app: FastifyInstance, cookie: string, id: string): Promise<RoundtableDto> {
  return waitFor(async () => {
    const table = await getRoundtable(app, cookie, id);
    return table.status !== 'running' ? table : undefined;
  }, `roundtable ${id} to end`);
}
