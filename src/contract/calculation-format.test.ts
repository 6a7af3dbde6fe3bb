import { describe, expect, it } from 'vitest';
import type { Calculation } from '#contract/calculate.ts';
import { calculationCsv, formatFigure } from './calculation-format.ts';

describe('formatFigure', () => {
  it('shows each unit as a reader expects', () => {
    expect(formatFigure({ value: 2_400_000, unit: 'currency' })).toBe('2,400,000');
    expect(formatFigure({ value: 12.345, unit: 'currency' })).toBe('12.35');
    expect(formatFigure({ value: 12.5, unit: 'percent' })).toBe('12.5%');
    expect(formatFigure({ value: 14.2012, unit: 'months' })).toBe('14.2 months');
    expect(formatFigure({ value: 1, unit: 'months' })).toBe('1 month');
    expect(formatFigure({ value: 3.14, unit: 'ratio' })).toBe('3.1x');
    expect(formatFigure({ value: 1234.2, unit: 'units' })).toBe('1,235 units');
    expect(formatFigure({ value: null, unit: 'months' })).toBe('not limited');
  });
});

describe('calculationCsv', () => {
  const runway: Calculation = {
    operation: 'runway',
    title: 'Runway',
    inputs: [{ label: 'Cash', value: 2_400_000, unit: 'currency' }],
    results: [{ label: 'Runway', value: 14.2, unit: 'months' }],
  };

  it('writes the inputs and results when there is no table', () => {
    expect(calculationCsv(runway)).toBe('Figure,Value,Unit\r\nCash,2400000,currency\r\nRunway,14.2,months\r\n');
  });

  it('writes the table, quoting commas and neutralising formulas', () => {
    const csv = calculationCsv({ ...runway, table: { columns: ['Year', 'Base, USD'], rows: [[1, 100], ['=HYPERLINK("x")', null]] } });
    expect(csv).toBe('Year,"Base, USD"\r\n1,100\r\n"\'=HYPERLINK(""x"")",\r\n');
  });
});
