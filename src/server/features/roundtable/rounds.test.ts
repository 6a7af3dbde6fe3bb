import { describe, expect, it } from 'vitest';
import { userRoleProfiles } from '#server/ai/personas/user-roles.ts';
import { CHAIR_SYSTEM, chairMessage, openingMessage, rebuttalMessage, seatSystemPrompt } from './round-prompts.ts';
import { headToHeadSides, nextStep, sideOf, speakersOf, type TablePlan } from './rounds.ts';
import { parseConfidence, parseTurn, stanceMoved, visibleWhileStreaming } from './stances.ts';

const plan: TablePlan = { format: 'roundtable', seats: ['CFO', 'CMO', 'COO'], maxRounds: 3, addressTo: null };
const step = (over: Partial<Parameters<typeof nextStep>[0]>) =>
  nextStep({ plan, round: 1, spoke: ['CFO', 'CMO', 'COO'], changed: [], tokensUsed: 1000, tokenBudget: 100_000, ...over });

describe('the rounds of a table', () => {
  it('goes from the blind round to the rebuttal, whatever the stances (round 1 has nothing to change)', () => {
    expect(step({ round: 1 })).toEqual({ next: 'round', round: 2 });
  });

  it('stops early when no stance changed in a rebuttal, and goes on while one did', () => {
    expect(step({ round: 2, changed: [] })).toEqual({ next: 'synthesis', stopReason: 'consensus' });
    expect(step({ round: 2, changed: ['CMO'] })).toEqual({ next: 'round', round: 3 });
    expect(step({ round: 3, changed: ['CMO'] })).toEqual({ next: 'synthesis', stopReason: 'max-rounds' });
  });

  it('hands over to the chair when the budget leaves only its reserve, and ends without it once spent', () => {
    expect(step({ round: 1, tokensUsed: 98_000 })).toEqual({ next: 'synthesis', stopReason: 'budget' });
    expect(step({ round: 1, tokensUsed: 100_000 })).toEqual({ next: 'end', stopReason: 'budget' });
  });

  it('goes on without failed seats, sums up when one voice is left, ends when none is', () => {
    expect(speakersOf(plan, ['CFO', 'COO'])).toEqual(['CFO', 'COO']);
    expect(step({ round: 1, spoke: ['CFO', 'COO'] })).toEqual({ next: 'round', round: 2 });
    expect(step({ round: 1, spoke: ['CFO'] })).toEqual({ next: 'synthesis', stopReason: 'seats-failed' });
    expect(step({ round: 1, spoke: [] })).toEqual({ next: 'end', stopReason: 'seats-failed' });
  });

  it('lets only the addressed seat answer a follow-up to one executive, once, without a synthesis', () => {
    const addressed = { ...plan, addressTo: 'CMO' };
    expect(speakersOf(addressed, plan.seats)).toEqual(['CMO']);
    expect(nextStep({ plan: addressed, round: 1, spoke: ['CMO'], changed: [], tokensUsed: 10, tokenBudget: 1000 })).toEqual({ next: 'end', stopReason: 'max-rounds' });
  });

  it('puts the first executive of a head-to-head on the first option of the question, the second on the other (issue 31, point 4)', () => {
    const h2h: TablePlan = { format: 'head-to-head', seats: ['CFO', 'CMO'], maxRounds: 2, addressTo: null };
    expect([sideOf(h2h, 'CFO'), sideOf(h2h, 'CMO'), sideOf(plan, 'CFO')]).toEqual(['for', 'against', null]);
    const context = { appName: 'Corner Office', industry: 'Retail', userRole: 'CEO', plan: h2h, question: 'Should we build or buy our data platform?' };
    expect(seatSystemPrompt(context, 'CFO')).toContain('The two sides: (A) build; (B) buy our data platform. You argue side A (build), the CMO argues side B');
    expect(seatSystemPrompt(context, 'CMO')).toContain('You argue side B (buy our data platform), the CFO argues side A');
    // A question without an either/or: the proposal and the case against it.
    expect(seatSystemPrompt({ ...context, question: 'Should we open ten stores in Ohio?' }, 'CMO')).toContain('You argue side B (no: the case against it)');
  });

  it('reads the two options of an either/or question', () => {
    expect(headToHeadSides('Should we raise a Series B now, or wait 12 months?')).toEqual(['raise a Series B now', 'wait 12 months']);
    expect(headToHeadSides('Build vs buy for our CRM?')).toEqual(['Build', 'buy for our CRM']);
    expect(headToHeadSides('Do we keep the Ohio plant open or close it?')).toEqual(['keep the Ohio plant open', 'close it']);
    expect(headToHeadSides('Should we cut prices?')).toEqual(['yes to what the user asks: Should we cut prices?', 'no: the case against it']);
  });
});

describe('prompts', () => {
  it('keep round 1 blind, and show the others’ whole arguments (bounded) with their stances in a rebuttal (issue 31, point 4)', () => {
    const opening = openingMessage('Should we open stores in Ohio?', null, 'opening');
    expect(opening).toContain('Should we open stores in Ohio?');
    expect(opening).toContain('<stance>');
    const own = { seat: 'CFO', content: 'CFO words', stance: { position: 'Wait a year', confidence: 'high' as const, risk: 'cash', changed: false, movedBy: null } };
    const other = { seat: 'CMO', content: `FULL ARGUMENT ${'word '.repeat(300)}LAST WORD`, stance: { position: 'Go now', confidence: 'medium' as const, risk: 'brand', changed: false, movedBy: null } };
    const rebuttal = rebuttalMessage({ question: 'q', plan, seat: 'CFO', own, others: [other] });
    expect(rebuttal).toContain('Your position so far: Wait a year');
    expect(rebuttal).toContain('- CMO: Go now; confidence medium; main risk: brand');
    expect(rebuttal).toContain('FULL ARGUMENT');
    expect(rebuttal).toContain('LAST WORD');
    expect(rebuttalMessage({ question: 'q', plan, seat: 'CFO', own, others: [{ ...other, content: 'x '.repeat(5000) }] }).length).toBeLessThan(4000);
    expect(rebuttal).toContain('Change your position only for a new fact or a new argument you had not weighed');
    expect(rebuttal).toContain('Changed: <yes | no>');
    expect(rebuttalMessage({ question: 'q', plan: { ...plan, format: 'head-to-head' }, seat: 'CFO', own, others: [other] })).toContain('FULL ARGUMENT');
    expect(chairMessage('q', 'roundtable', [own, other])).toContain('<seat role="CMO">');
  });

  it('give the chair every round, the user’s role and how to advise; a head-to-head’s chair speaks of two sides', () => {
    const turn = (seat: string, content: string, position: string) => ({ seat, content, stance: { position, confidence: 'high' as const, risk: 'r', changed: false, movedBy: null } });
    const rounds = [
      [turn('CFO', 'CFO OPENING', 'Wait'), turn('CMO', 'CMO OPENING', 'Go')],
      [turn('CFO', 'CFO REBUTTAL', 'Wait'), turn('CMO', 'CMO REBUTTAL', 'Go')],
    ];
    const message = chairMessage('Should we build or buy?', 'head-to-head', rounds[1]!, rounds);
    expect(message).toContain('Round 1 (openings):');
    expect(message).toContain('CFO OPENING');
    expect(message).toContain('CMO REBUTTAL');
    expect(message).toContain('The two sides: (A) build; (B) buy.');
    const system = CHAIR_SYSTEM('Corner Office', 'Retail', 'CEO', 'head-to-head');
    expect(system).toContain(`The user is a CEO. ${userRoleProfiles.CEO.addressing}`);
    expect(system).toContain('You work for the user');
    expect(system).toContain('Weigh arguments, not votes');
    expect(system).toContain('State the main risk of your recommendation, the assumptions it rests on and your confidence');
    expect(system).toContain('## Where the two sides agree');
    expect(system).not.toMatch(/## (?:Minority|Majority)/);
    expect(CHAIR_SYSTEM('Corner Office', 'Retail', 'CEO', 'roundtable')).toContain('## Minority view');
  });
});

describe('reading a stance from what a model wrote', () => {
  it('reads the block it was asked for and keeps it out of the words', () => {
    const turn = parseTurn('## My view\nWe should wait.\n\n<stance>\nPosition: Delay the launch a quarter\nConfidence: high\nMain risk: cash burn\nChanged: no\nMoved by: none\n</stance>');
    expect(turn.content).toBe('## My view\nWe should wait.');
    expect(turn.stance).toEqual({ position: 'Delay the launch a quarter', confidence: 'high', risk: 'cash burn', changed: false, movedBy: null });
  });

  it('tolerates Markdown headings, bold keys, bullets, other letter case, numbers for confidence and a missing closing tag', () => {
    const heading = parseTurn('Text here.\n\n**Stance:**\n- **Position:** Go ahead in two pilot stores\n- **Confidence:** 80%\n- **Key risk:** cannibalisation\n- **Changed:** Yes, partly\n- **What moved me:** the COO\'s staffing numbers');
    expect(heading.content).toBe('Text here.');
    expect(heading.stance).toEqual({ position: 'Go ahead in two pilot stores', confidence: 'high', risk: 'cannibalisation', changed: true, movedBy: "the COO's staffing numbers" });
    const cut = parseTurn('Words.\n<STANCE>\nposition = hold\nconfidence: 4/10');
    expect(cut.stance).toMatchObject({ position: 'hold', confidence: 'medium', risk: null, changed: false });
    const oneLine = parseTurn('Words.\n<stance> Position: Sell the unit | Confidence: low | Risk: price </stance>');
    expect(oneLine.stance).toMatchObject({ position: 'Sell the unit', confidence: 'low', risk: 'price' });
  });

  it('reads label lines written without any block, and gives a turn without a stance its first sentence', () => {
    const labels = parseTurn('We must cut costs first. More words.\n\nPosition: Cut costs\nConfidence: medium');
    expect(labels.content).toBe('We must cut costs first. More words.');
    expect(labels.stance).toMatchObject({ position: 'Cut costs', confidence: 'medium' });
    const none = parseTurn('**Raise prices by 5%.** The market will bear it.');
    expect(none.stance).toEqual({ position: 'Raise prices by 5%.', confidence: null, risk: null, changed: false, movedBy: null });
    expect(parseTurn('').stance.position).toBe('No position given.');
  });

  it('understands confidence however it is written, and "held" as the opposite of changed', () => {
    expect(['High', 'moderate', '0.2', '90', 'very confident', 'n/a'].map(parseConfidence)).toEqual(['high', 'medium', 'low', 'high', 'high', null]);
    expect(parseTurn('x\n<stance>\nPosition: p\nHeld: no, I changed\n</stance>').stance.changed).toBe(true);
    expect(parseTurn('x\n<stance>\nPosition: p\nHeld: yes\n</stance>').stance.changed).toBe(false);
  });

  it('counts a change only from the rebuttal on, and hides the stance block while it streams', () => {
    const stance = { position: 'p', confidence: null, risk: null, changed: true, movedBy: 'x' };
    expect(stanceMoved(null, stance)).toBe(false);
    expect(stanceMoved({ ...stance, changed: false }, stance)).toBe(true);
    expect(visibleWhileStreaming('Words here.\n<stan')).toBe('Words here.');
  });
});
