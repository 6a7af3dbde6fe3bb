import { describe, expect, it } from 'vitest';
import { dateGroupOf, groupByDate } from './date-groups.ts';

const now = new Date(2026, 10, 22, 9, 30); // Sunday 22 Nov 2026, 09:30 local
const at = (daysAgo: number, hours = 12, minutes = 0) => new Date(2026, 10, 22 - daysAgo, hours, minutes);

describe('dateGroupOf', () => {
  it('uses local calendar days, not 24-hour spans', () => {
    expect(dateGroupOf(at(0, 0, 1), now)).toBe('Today');
    expect(dateGroupOf(at(0, 23, 59), now)).toBe('Today');
    expect(dateGroupOf(at(1, 23, 59), now)).toBe('Yesterday');
    expect(dateGroupOf(at(1, 0, 0), now)).toBe('Yesterday');
  });

  it('puts the last 7 days in This week and the last 30 in This month', () => {
    expect(dateGroupOf(at(2), now)).toBe('This week');
    expect(dateGroupOf(at(6), now)).toBe('This week');
    expect(dateGroupOf(at(7), now)).toBe('This month');
    expect(dateGroupOf(at(29), now)).toBe('This month');
    expect(dateGroupOf(at(30), now)).toBe('Older');
    expect(dateGroupOf(at(400), now)).toBe('Older');
  });

  it('treats a time slightly ahead of now (clock skew) as today', () => {
    expect(dateGroupOf(new Date(now.getTime() + 60_000), now)).toBe('Today');
  });
});

describe('groupByDate', () => {
  it('answers the non-empty groups in fixed order, keeping item order', () => {
    const items = [at(0, 9), at(0, 8), at(3), at(60), at(1), at(15)].map((d, i) => ({ id: String(i), updatedAt: d.toISOString() }));
    const groups = groupByDate(items, now);
    expect(groups.map((g) => g.label)).toEqual(['Today', 'Yesterday', 'This week', 'This month', 'Older']);
    expect(groups[0]!.items.map((i) => i.id)).toEqual(['0', '1']);
    expect(groups.map((g) => g.items.length)).toEqual([2, 1, 1, 1, 1]);
  });

  it('answers no groups for no items', () => {
    expect(groupByDate([], now)).toEqual([]);
  });
});
