import { describe, expect, it } from 'vitest';
import type { RoundtableDto, RoundtableTurn } from '#contract/roundtable.ts';
import { seatColour, seatInitials } from './seat-style.ts';
import { applyTableEvent, initialState, latestStances, revealedTurns, toTableEvent, type TableState } from './table-events.ts';

const table: RoundtableDto = {
  id: 't1', sessionId: 's1', question: 'Ohio?', questionMessageId: 'q1', format: 'roundtable', status: 'running', stopReason: null, maxRounds: 2,
  industry: 'Retail', userRole: 'CEO', addressTo: null, followUpOf: null, tokenBudget: 1000, tokensUsed: 0,
  seats: ['CFO', 'CMO', 'COO'].map((role) => ({ role, title: role, summary: '', side: null })), turns: [], synthesis: null, createdAt: '', updatedAt: '',
};
const turn = (id: string, seat: string, round: number, status: RoundtableTurn['status']): RoundtableTurn => ({
  id, seat, round, status, kind: round === 1 ? 'opening' : 'rebuttal', role: 'assistant', content: '', stance: null, error: null, promptTokens: null, completionTokens: null,
});

describe('a table on the screen', () => {
  it('builds turns from the stream in seat order, hides the stance block while it arrives, then takes the parsed end', () => {
    let state: TableState = initialState(table);
    const apply = (name: string, data: unknown) => (state = applyTableEvent(state, toTableEvent(name, JSON.stringify(data))!));
    apply('turn-start', { turnId: 'b', round: 1, seat: 'CMO', kind: 'opening' });
    apply('turn-start', { turnId: 'a', round: 1, seat: 'CFO', kind: 'opening' });
    apply('delta', { turnId: 'a', text: 'Wait a year.\n<sta' });
    expect(state.table.turns.map((t) => [t.seat, t.content])).toEqual([['CFO', 'Wait a year.'], ['CMO', '']]);
    apply('turn-end', { turnId: 'a', status: 'complete', content: 'Wait a year.', stance: { position: 'Wait', confidence: 'high', risk: null, changed: false, movedBy: null }, error: null });
    apply('round-end', { round: 1, changedSeats: [] });
    apply('done', { status: 'stopped', stopReason: 'user', tokensUsed: 42 });
    expect(state.table).toMatchObject({ status: 'stopped', stopReason: 'user', tokensUsed: 42 });
    expect(latestStances(state.table).get('CFO')?.stance.position).toBe('Wait');
    expect(toTableEvent('unknown', '{}')).toBeNull();
    expect(toTableEvent('delta', 'not json')).toBeNull();
  });

  it('lets seats of a round speak in order: a seat shows once those before it have finished', () => {
    const turns = [turn('1', 'CFO', 1, 'complete'), turn('2', 'CMO', 1, 'streaming'), turn('3', 'COO', 1, 'complete'), turn('4', 'CFO', 2, 'streaming')];
    expect([...revealedTurns(turns)]).toEqual(['1', '2', '4']);
  });

  it('gives every executive initials and a colour of their own', () => {
    expect(['CFO', 'VP Supply Chain', 'Director', 'Chair'].map(seatInitials)).toEqual(['CFO', 'VSC', 'DI', 'CH']);
    expect(seatColour('CFO')).not.toBe(seatColour('CMO'));
  });
});
