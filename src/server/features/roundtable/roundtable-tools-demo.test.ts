import { describe, expect, it } from 'vitest';
import type { RoundtableDto } from '#contract/roundtable.ts';
import { roundtableEnded } from '#tests/helpers/roundtable-api.ts';
import { inject } from '#tests/helpers/test-app.ts';
import { useTestApp } from '#tests/helpers/use-test-app.ts';

/**
 * Issue 32, point 5 (decision 086): with no key (AI_PROVIDER=demo) a roundtable seat goes through the
 * same tool path as a reply: its opening calls `calculate` on the question's figures, the call is
 * saved with the seat, and the seat's words state the computed figure with its inputs.
 */
const t = useTestApp();

async function convene(question: string, maxRounds: number) {
  const { cookie, session } = await t.conversation({ plan: 'vip', session: { executiveRole: 'CEO', industry: 'Technology' } });
  const response = await inject(t.app, { method: 'POST', url: `/api/chat-sessions/${session.id}/roundtables`, cookie, payload: { question, format: 'roundtable', executiveRoles: ['CFO', 'COO'], maxRounds } });
  expect(response.statusCode, response.body).toBe(201);
  return roundtableEnded(t.app, cookie, (response.json() as RoundtableDto).id);
}

describe('demo roundtable seats with tools', () => {
  it('each opening computes the runway through calculate and states it; rebuttals and the chair compute nothing new', async () => {
    const done = await convene('We have $1.2M cash and burn $100k a month. Should we hire two engineers or protect our runway?', 2);
    expect(done.status).toBe('complete');
    const openings = done.turns.filter((turn) => turn.round === 1);
    expect(openings.map((turn) => turn.seat)).toEqual(['CFO', 'COO']);
    for (const turn of openings) {
      expect(turn.status).toBe('complete');
      expect(turn.tools).toHaveLength(1);
      expect(turn.tools![0]).toMatchObject({ name: 'calculate', status: 'done', label: 'Calculating runway…' });
      expect(turn.tools![0]!.calculation).toMatchObject({
        operation: 'runway',
        inputs: [
          { label: 'Cash', value: 1_200_000, unit: 'currency' },
          { label: 'Monthly net burn', value: 100_000, unit: 'currency' },
        ],
        results: [{ label: 'Runway', value: 12, unit: 'months' }],
      });
      expect(turn.content).toContain('**Computed from your figures:** **Runway: 12 months** (from cash 1,200,000, monthly net burn 100,000).');
      // The stance is still read from the turn: computing does not cost the seat its position.
      expect(turn.stance?.position).toBeTruthy();
    }
    const later = done.turns.filter((turn) => turn.round > 1);
    expect(later.length).toBeGreaterThan(0);
    for (const turn of later) expect(turn.tools).toBeUndefined();
  });

  it('a question with nothing to compute: no tool call, no computed line', async () => {
    const done = await convene('Should we expand into the German market next year?', 1);
    expect(done.status).toBe('complete');
    for (const turn of done.turns) {
      expect(turn.tools).toBeUndefined();
      expect(turn.content).not.toContain('Computed from your figures');
    }
  });
});
