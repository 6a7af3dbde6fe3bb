import { describe, expect, it } from 'vitest';
import type { DecisionDto } from '#contract/decisions.ts';
import { formatDay, groupByStatus } from './decision-dates.ts';

const decision = (id: string, status: DecisionDto['status']): DecisionDto => ({
  id,
  kind: 'decision',
  text: id,
  owner: null,
  dueDate: null,
  followUpOn: null,
  status,
  sessionId: null,
  sessionTitle: null,
  messageId: null,
  createdAt: '2026-11-24T10:00:00.000Z',
  updatedAt: '2026-11-24T10:00:00.000Z',
  followedUpAt: null,
  outcome: null,
  outcomeFactId: null,
});

describe('decision dates and groups', () => {
  it('writes a day in the locale without moving it across time zones', () => {
    expect(formatDay('2031-03-15', 'en-GB')).toBe('15 Mar 2031');
    expect(formatDay('2031-01-01', 'en-US')).toBe('Jan 1, 2031');
  });

  it('groups open, done and dropped in that order, leaving empty groups out', () => {
    const groups = groupByStatus([decision('a', 'done'), decision('b', 'open'), decision('c', 'done')]);
    expect(groups.map((g) => [g.status, g.decisions.map((d) => d.id)])).toEqual([
      ['open', ['b']],
      ['done', ['a', 'c']],
    ]);
  });
});
