import { describe, expect, it } from 'vitest';
import { demoCalculation, demoCalculationLines } from './demo-figures.ts';

describe('demoCalculation', () => {
  it('reads cash and net burn from a runway question', () => {
    expect(demoCalculation('We have $2.4M cash and a net burn of $169K per month. What is our runway?')).toEqual({ operation: 'runway', cash: 2_400_000, monthlyNetBurn: 169_000 });
    expect(demoCalculation('Cash on hand 1,200,000; monthly burn 85,000. How many months of cash do we have?')).toEqual({ operation: 'runway', cash: 1_200_000, monthlyNetBurn: 85_000 });
  });

  it('reads the latest period of a sheet’s Cash and Net burn rows', () => {
    const sheet = { name: 'q3-pl.xlsx', text: 'Sheet: P&L\n| Line | Jul | Aug | Sep |\n| Revenue | 410,000 | 420,000 | 431,000 |\n| Net burn | 150,000 | 160,000 | 169,000 |\n| Cash at end | 2,738,000 | 2,578,000 | 2,409,000 |' };
    expect(demoCalculation('What is our runway?', [sheet])).toEqual({ operation: 'runway', cash: 2_409_000, monthlyNetBurn: 169_000 });
  });

  it('reads growth between two values over years as a CAGR', () => {
    expect(demoCalculation('Revenue grew from $2M to $3.5M in 3 years. Is that good?')).toEqual({ operation: 'cagr', startValue: 2_000_000, endValue: 3_500_000, years: 3 });
  });

  it('computes nothing without the figures', () => {
    expect(demoCalculation('What is our runway?')).toBeNull();
    expect(demoCalculation('Should we hire a VP Sales?')).toBeNull();
  });

  it('states the result with every input it used', () => {
    const lines = demoCalculationLines({
      operation: 'runway',
      title: 'Runway',
      inputs: [
        { label: 'Cash', value: 2_400_000, unit: 'currency' },
        { label: 'Monthly net burn', value: 169_000, unit: 'currency' },
      ],
      results: [{ label: 'Runway', value: 14.2, unit: 'months' }],
    });
    expect(lines[0]).toBe('**Computed from your figures:** **Runway: 14.2 months** (from cash 2,400,000, monthly net burn 169,000).');
  });
});

describe('demoCalculation for a forecast', () => {
  it('projects base, upside and downside from a starting value and a growth rate', () => {
    expect(demoCalculation('Forecast our revenue of $2M growing 20% a year for the next 5 years')).toEqual({
      operation: 'scenarios',
      label: 'Revenue',
      startValue: 2_000_000,
      periods: 5,
      periodName: 'year',
      base: 0.2,
      upside: 0.25,
      downside: 0.15,
    });
  });
});
