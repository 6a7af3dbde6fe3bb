import { describe, expect, it } from 'vitest';
import { composeDemoChair, composeDemoSeat } from '#server/ai/demo/demo-roundtable.ts';
import { parseTurn } from './stances.ts';

const question = 'Should we expand into the German market next year?';
const roster = ['CFO', 'CMO', 'COO'];
const opening = (role: string) => composeDemoSeat({ task: 'seat', executiveRole: role, industry: 'Retail', userRole: 'CEO', question, kind: 'opening', side: null, others: [], ownPosition: null, roster });

describe('the demo roundtable', () => {
  it('gives each seat an opening of its own: its framework, a different metric and risk, a different stance', () => {
    const turns = roster.map((role) => parseTurn(opening(role)));
    expect(new Set(turns.map((t) => t.stance.position)).size).toBe(3);
    expect(new Set(turns.map((t) => t.stance.risk)).size).toBe(3);
    expect(new Set(turns.map((t) => /number I would hold us to:\*\* ([^(]+)/.exec(t.content)?.[1])).size).toBe(3);
    expect(turns[0]!.content).toContain('Chief Financial Officer');
    expect(turns.every((t) => t.stance.confidence !== null)).toBe(true);
  });

  it('moves one seat in the rebuttal, and the chair names the disagreement, the change and the minority', () => {
    const stances = roster.map((role) => ({ seat: role, ...parseTurn(opening(role)).stance }));
    const rebuttals = roster.map((role) =>
      parseTurn(
        composeDemoSeat({
          task: 'seat', executiveRole: role, industry: 'Retail', userRole: 'CEO', question, kind: 'rebuttal', side: null, roster,
          others: stances.filter((s) => s.seat !== role).map((s) => ({ seat: s.seat, position: s.position, confidence: s.confidence, risk: s.risk })),
          ownPosition: stances.find((s) => s.seat === role)!.position,
        }),
      ).stance,
    );
    expect(rebuttals.map((r) => r.changed)).toEqual([false, false, true]);
    expect(rebuttals[2]!.movedBy).toContain('CFO');
    const synthesis = composeDemoChair({
      task: 'chair', industry: 'Retail', question, format: 'roundtable',
      seats: rebuttals.map((r, i) => ({ seat: roster[i]!, position: r.position, confidence: r.confidence, risk: r.risk, changed: r.changed, movedBy: r.movedBy })),
    });
    for (const heading of ['## Consensus', '## Disagreements', '## Minority view', '## Recommendation', '## Open questions for you']) expect(synthesis).toContain(heading);
    expect(synthesis).toMatch(/\*\*the CMO\*\* \(“Move now/);
    expect(synthesis).toContain('The COO changed position');
  });

  it('argues opposite sides in a head-to-head', () => {
    const side = (role: string, s: 'for' | 'against') => parseTurn(composeDemoSeat({ task: 'seat', executiveRole: role, industry: 'Energy', userRole: 'CEO', question, kind: 'opening', side: s, others: [], ownPosition: null, roster: ['CFO', 'CMO'] }));
    expect(side('CFO', 'for').stance.position).toMatch(/^Move now/);
    expect(side('CMO', 'against').stance.position).toMatch(/^Pilot first/);
    expect(side('CMO', 'against').content).toContain('I am arguing **against**');
  });

  it('sums up a head-to-head as two sides, never a majority and a minority (issue 31, point 4)', () => {
    const synthesis = composeDemoChair({
      task: 'chair', industry: 'Retail', question: 'Should we build or buy our data platform?', format: 'head-to-head',
      seats: [
        { seat: 'CFO', position: 'Buy it', confidence: 'high', risk: 'vendor lock-in', changed: false, movedBy: null },
        { seat: 'CTO', position: 'Build it', confidence: 'medium', risk: 'delivery risk', changed: false, movedBy: null },
      ],
    });
    for (const heading of ['## Where the two sides agree', '## Where they differ', '## Which side is right for you', '## Open questions for you']) expect(synthesis).toContain(heading);
    expect(synthesis).toContain('**Side A, the CFO:** “Buy it”');
    expect(synthesis).not.toMatch(/majority|minority/i);
  });
});
