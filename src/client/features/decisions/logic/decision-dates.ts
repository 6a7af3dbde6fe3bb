import type { DecisionDto, DecisionStatus } from '#contract/decisions.ts';
import { decisionStatuses } from '#contract/decisions-text.ts';

/** A calendar day (YYYY-MM-DD) as the reader's locale writes it, e.g. "15 Mar 2031"; no time zone shifts the day. */
export function formatDay(day: string, locale?: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(year, month - 1, date)));
}

/** The panel's groups, in order, each with its decisions (the server's order kept); empty groups left out. */
export function groupByStatus(decisions: DecisionDto[]): { status: DecisionStatus; decisions: DecisionDto[] }[] {
  return decisionStatuses.map((status) => ({ status, decisions: decisions.filter((d) => d.status === status) })).filter((group) => group.decisions.length > 0);
}
