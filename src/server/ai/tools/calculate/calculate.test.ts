import { describe, expect, it } from 'vitest';
import { calculateInputSchema, type CalculateInput } from '#contract/calculate.ts';
import { calculate, CalculationError } from './calculate-tool.ts';
import { irrOf, npvOf, paybackOf } from './finance.ts';

const run = (input: CalculateInput) => calculate(calculateInputSchema.parse(input));
const resultOf = async (input: CalculateInput, label?: string) => {
  const calc = await run(input);
  return (label ? calc.results.find((r) => r.label === label) : calc.results[0])!.value;
};

describe('calculate: the financial toolkit', () => {
  it('computes NPV, IRR and payback as a spreadsheet would', async () => {
    const flows = [-1000, 300, 400, 500];
    expect(npvOf(0.1, flows)).toBeCloseTo(-21.04, 2);
    expect(irrOf(flows)).toBeCloseTo(0.08896, 4);
    expect(paybackOf(flows)).toBeCloseTo(2.6, 6);
    expect(await resultOf({ operation: 'npv', rate: '10%', cashFlows: flows })).toBeCloseTo(-21.04, 2);
    expect(await resultOf({ operation: 'irr', cashFlows: flows })).toBeCloseTo(8.896, 2);
    const npv = await run({ operation: 'npv', rate: 0.1, cashFlows: flows });
    // The arithmetic is shown: every period's flow, its present value and the running total.
    expect(npv.table!.rows[1]).toEqual([1, 300, expect.closeTo(272.73, 2), expect.closeTo(-727.27, 2)]);
    expect(npv.inputs[0]).toEqual({ label: 'Discount rate per period', value: 10, unit: 'percent' });
  });

  it('computes runway from cash and net burn, with a growing burn, and says when there is no burn', async () => {
    expect(await resultOf({ operation: 'runway', cash: 1_200_000, monthlyNetBurn: 85_000 })).toBeCloseTo(14.12, 2);
    expect(await resultOf({ operation: 'runway', cash: 1_200_000, monthlyNetBurn: 100_000, monthlyBurnGrowth: '5%' })).toBeCloseTo(9.6, 1);
    const calm = await run({ operation: 'runway', cash: 500_000, monthlyNetBurn: -20_000 });
    expect(calm.results[0]!.value).toBeNull();
    expect(calm.note).toMatch(/not burning cash/);
    const runway = await run({ operation: 'runway', cash: 300_000, monthlyNetBurn: 100_000 });
    expect(runway.chart).toMatchObject({ kind: 'line', series: [{ values: [200_000, 100_000, 0] }] });
  });

  it('computes CAGR, break-even, LTV/CAC and a loan payment', async () => {
    expect(await resultOf({ operation: 'cagr', startValue: 2_000_000, endValue: 3_000_000, years: 3 })).toBeCloseTo(14.47, 2);
    expect(await resultOf({ operation: 'break_even', fixedCosts: 50_000, pricePerUnit: 25, variableCostPerUnit: 15 }, 'Break-even units')).toBe(5000);
    const ltv = await run({ operation: 'ltv_cac', monthlyRevenuePerCustomer: 100, grossMargin: '80%', monthlyChurn: 0.02, cac: 1200 });
    expect(ltv.results.map((r) => [r.label, r.value])).toEqual([
      ['Customer lifetime', 50],
      ['LTV', 4000],
      ['LTV / CAC', expect.closeTo(3.333, 3)],
      ['CAC payback', 15],
    ]);
    expect(await resultOf({ operation: 'loan_payment', principal: 200_000, annualRate: '6%', years: 30 })).toBeCloseTo(1199.1, 1);
    expect(await resultOf({ operation: 'loan_payment', principal: 12_000, annualRate: 0, years: 1 })).toBe(1000);
  });

  it('tables base, upside and downside over N periods, as a table and a chart series', async () => {
    const calc = await run({ operation: 'scenarios', label: 'Revenue', startValue: 2_400_000, periods: 3, base: '12%', upside: 0.2, downside: 0.05 });
    expect(calc.table!.columns).toEqual(['Year', 'Downside', 'Base', 'Upside']);
    expect(calc.table!.rows[3]).toEqual([3, expect.closeTo(2_778_300, 0), expect.closeTo(3_371_827.2, 1), expect.closeTo(4_147_200, 0)]);
    expect(calc.chart!.series.map((s) => s.name)).toEqual(['Downside', 'Base', 'Upside']);
    expect(calc.chart!.labels).toEqual(['0', '1', '2', '3']);
  });
});

describe('calculate: expressions with units and percentages, safely', () => {
  it('does arithmetic with percentages, units and named figures', async () => {
    expect(await resultOf({ operation: 'expression', expression: '2400000 * (1 + 12%)^3' })).toBeCloseTo(3_371_827.2, 1);
    expect(await resultOf({ operation: 'expression', expression: 'cash / burn', variables: { cash: 1_200_000, burn: 85_000 } })).toBeCloseTo(14.1176, 4);
    const converted = await run({ operation: 'expression', expression: '40 hours * 52 to days' });
    expect(converted.results[0]).toEqual({ label: 'Result', value: expect.closeTo(86.667, 3), unit: 'days' });
  });

  it.each([
    ['1 / 0', /not a finite number/],
    ['sqrt(-1)', /single real number/],
    ['f(x) = x', /not supported/],
    ['x = 3', /not supported/],
    ['ones(10000, 10000)', /function "ones" is not supported/],
    ['[1, 2, 3]', /not supported/],
    ['import({}, {})', /function "import" is not supported/],
    ['evaluate("1+1")', /function "evaluate" is not supported/],
    ['revenue * 2', /"revenue" is not a known figure/],
    ['1 < 2', /operator "<" is not supported/],
    ['2 +', /could not be read/],
    ['10^400', /not a finite number/],
    ['1e14 * 100', /larger than/],
  ])('refuses %s with a clear error the model can act on', async (expression, message) => {
    await expect(run({ operation: 'expression', expression })).rejects.toThrow(CalculationError);
    await expect(run({ operation: 'expression', expression })).rejects.toThrow(message);
  });

  it('refuses a long expression by its terms', async () => {
    await expect(run({ operation: 'expression', expression: Array.from({ length: 140 }, () => '1').join('+') })).rejects.toThrow(/too long/);
  });
});

describe('calculate: bad input gets a clear error, never a crash or a hang', () => {
  it.each<[CalculateInput, RegExp]>([
    [{ operation: 'irr', cashFlows: [100, 200, 300] }, /never change sign/],
    [{ operation: 'break_even', fixedCosts: 1000, pricePerUnit: 10, variableCostPerUnit: 12 }, /no break-even/],
    [{ operation: 'ltv_cac', monthlyRevenuePerCustomer: 100, grossMargin: 0.8, monthlyChurn: 0, cac: 100 }, /churn must be between/],
    [{ operation: 'npv', rate: -1, cashFlows: [-1, 2] }, /above -100%/],
    [{ operation: 'scenarios', label: 'Revenue', startValue: 1, periods: 10, base: -1.5, upside: 0.1, downside: 0.1 }, /above -100%/],
  ])('%o', async (input, message) => {
    await expect(run(input)).rejects.toThrow(message);
  });

  it('refuses a million periods or cash flows in the contract, before any work', () => {
    expect(calculateInputSchema.safeParse({ operation: 'scenarios', label: 'Revenue', startValue: 1, periods: 1_000_000, base: 0.1, upside: 0.2, downside: 0 }).error?.issues[0]?.message).toMatch(/at most 120 periods/);
    expect(calculateInputSchema.safeParse({ operation: 'npv', rate: 0.1, cashFlows: Array.from({ length: 1_000_000 }, () => 1) }).error?.issues[0]?.message).toMatch(/at most 600 cash flows/);
    expect(calculateInputSchema.safeParse({ operation: 'npv', rate: 'ten percent', cashFlows: [1, 2] }).success).toBe(false);
  });

  it('finds an IRR for long, awkward cash flows within its iteration bound', async () => {
    const flows = [-1e6, ...Array.from({ length: 599 }, () => 1)];
    await expect(run({ operation: 'irr', cashFlows: flows })).resolves.toMatchObject({ results: [{ value: expect.any(Number) }] });
  });
});
