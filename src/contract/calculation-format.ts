import type { Calculation } from './calculate.ts';

type Figure = Calculation['inputs'][number];

const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const one = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** A figure as the reply's reader sees it: 2,400,000 · 12.5% · 14.2 months · 3.1x. */
export function formatFigure({ value, unit }: Pick<Figure, 'value' | 'unit'>): string {
  if (value === null) return 'not limited';
  switch (unit) {
    case 'currency':
      return Math.abs(value) >= 1000 ? whole.format(value) : grouped.format(value);
    case 'percent':
      return `${one.format(value)}%`;
    case 'months':
      return `${one.format(value)} ${value === 1 ? 'month' : 'months'}`;
    case 'years':
      return `${one.format(value)} ${value === 1 ? 'year' : 'years'}`;
    case 'periods':
      return `${one.format(value)} ${value === 1 ? 'period' : 'periods'}`;
    case 'ratio':
      return `${one.format(value)}x`;
    case 'units':
      return `${grouped.format(Math.ceil(value))} units`;
    default:
      return grouped.format(value);
  }
}

/** One CSV field (RFC 4180), with a leading =, +, - or @ neutralised so a spreadsheet does not run it as a formula. */
function csvField(value: string | number | null): string {
  if (value === null) return '';
  const text = typeof value === 'number' ? String(value) : /^[=+\-@]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A calculation's table (or, without one, its inputs and results) as CSV: what "Copy CSV" puts on the clipboard. */
export function calculationCsv(calculation: Calculation): string {
  const rows: Array<Array<string | number | null>> = calculation.table
    ? [calculation.table.columns, ...calculation.table.rows]
    : [['Figure', 'Value', 'Unit'], ...[...calculation.inputs, ...calculation.results].map((f) => [f.label, f.value, f.unit])];
  return rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}
