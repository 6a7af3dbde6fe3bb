import { describe, expect, it } from 'vitest';
import type { RoundtableDto } from '#contract/roundtable.ts';
import { boardPackOf, shortenAtWord } from './board-pack.ts';

function table(question: string): RoundtableDto {
  return {
    id: 't1',
    sessionId: 's1',
    question,
    questionMessageId: null,
    format: 'roundtable',
    status: 'complete',
    stopReason: null,
    maxRounds: 2,
    industry: 'Retail',
    userRole: 'CEO',
    addressTo: null,
    followUpOf: null,
    tokenBudget: 1000,
    tokensUsed: 10,
    seats: [{ role: 'CFO', title: 'Chief Financial Officer', summary: '', side: null }],
    turns: [],
    synthesis: null,
    createdAt: '2026-12-01T23:30:00.000Z',
    updatedAt: '2026-12-01T23:30:00.000Z',
  } as RoundtableDto;
}

describe('the board pack (issue 29, point 14)', () => {
  it('titles a long question cut at a word boundary, with an ellipsis, never mid-word', () => {
    const question = 'Do we take it on board now, with the new investors asking for two seats and a veto over hiring, or wait until the third quarter?';
    const { title } = boardPackOf(table(question), { appName: 'Corner Office', timeZone: 'UTC', userName: 'You' });
    expect(title).toBe('Board pack: Do we take it on board now, with the new investors asking for two seats and a veto over…');
    expect(boardPackOf(table('Do we take it or leave it?'), { appName: 'Corner Office', timeZone: 'UTC', userName: 'You' }).title).toBe('Board pack: Do we take it or leave it?');
    expect(shortenAtWord('Supercalifragilisticexpialidocious', 10)).toBe('Supercali…');
    expect(shortenAtWord('one two three', 9)).toBe('one two…');
  });

  it("gives its times in the reader's time zone", () => {
    const now = new Date('2026-12-02T08:00:00.000Z');
    const tokyo = boardPackOf(table('Open in Ohio?'), { appName: 'Corner Office', timeZone: 'Asia/Tokyo', userName: 'You', now });
    expect(tokyo).toMatchObject({ timeZone: 'Asia/Tokyo', date: 'December 2, 2026', exportedAt: 'Dec 2, 2026, 5:00 PM' });
    expect(tokyo.messages[0]!.time).toBe('Dec 2, 2026, 8:30 AM');
    const utc = boardPackOf(table('Open in Ohio?'), { appName: 'Corner Office', timeZone: 'UTC', userName: 'You', now });
    expect(utc).toMatchObject({ date: 'December 1, 2026', exportedAt: 'Dec 2, 2026, 8:00 AM' });
  });
});
