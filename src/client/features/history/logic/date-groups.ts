/** Spec section 2: conversations grouped by the day they were last updated, in the reader's local time. */
export const dateGroupLabels = ['Today', 'Yesterday', 'This week', 'This month', 'Older'] as const;
export type DateGroupLabel = (typeof dateGroupLabels)[number];

export interface DateGroup<T> {
  label: DateGroupLabel;
  items: T[];
}

const DAY_MS = 24 * 60 * 60 * 1000;

function startOfLocalDay(date: Date): number {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}

/** Whole calendar days between the two dates' local days (DST-safe: rounds the 23/25-hour days). */
function daysBetween(earlier: Date, later: Date): number {
  return Math.round((startOfLocalDay(later) - startOfLocalDay(earlier)) / DAY_MS);
}

export function dateGroupOf(updatedAt: Date, now: Date): DateGroupLabel {
  const days = daysBetween(updatedAt, now);
  if (days <= 0) return 'Today';
  if (days === 1) return 'Yesterday';
  if (days < 7) return 'This week';
  if (days < 30) return 'This month';
  return 'Older';
}

/** Groups in the fixed order, empty groups left out; items keep their order within a group. */
export function groupByDate<T extends { updatedAt: string }>(items: T[], now: Date): DateGroup<T>[] {
  const groups = new Map<DateGroupLabel, T[]>();
  for (const item of items) {
    const label = dateGroupOf(new Date(item.updatedAt), now);
    const list = groups.get(label);
    if (list) list.push(item);
    else groups.set(label, [item]);
  }
  return dateGroupLabels.flatMap((label) => {
    const list = groups.get(label);
    return list ? [{ label, items: list }] : [];
  });
}
