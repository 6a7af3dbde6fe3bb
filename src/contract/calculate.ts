import { z } from 'zod';

/**
 * The advisor's `calculate` tool (issue 32, decision 070): what the model may ask for, and what a
 * calculation answers. The server validates the model's arguments with these schemas; the client
 * renders the answer (a table, a chart, the inputs used) from the same shape.
 */

/** Bounds that keep a calculation small and fast whatever the model sends. */
export const calculationLimits = {
  expressionChars: 300,
  variables: 30,
  cashFlows: 600,
  /** Periods of a scenario table (ten years of months). */
  periods: 120,
  /** Any one figure, in absolute value: beyond this a figure is an error, not a business number. */
  magnitude: 1e15,
} as const;

/**
 * A rate or share: a decimal (0.12) or a percent string ("12%"). Models write both; a bare number
 * above 1 is read as a percent only where the field says so (growth rates may exceed 100 %).
 */
const rate = z
  .union([z.number(), z.string().regex(/^\s*-?\d+(\.\d+)?\s*%\s*$/, 'a rate is a decimal (0.12) or a percent ("12%")')])
  .transform((value) => (typeof value === 'number' ? value : Number.parseFloat(value) / 100))
  .describe('A decimal (0.12 for 12 %) or a percent string ("12%")');

const figure = z.number().finite().refine((value) => Math.abs(value) <= calculationLimits.magnitude, `a figure is at most ${calculationLimits.magnitude.toExponential()} in absolute value`);
const positive = figure.refine((value) => value > 0, 'must be more than 0');
const label = z.string().trim().min(1).max(60);

const cashFlows = z
  .array(figure)
  .min(2, 'give at least two cash flows: the first at period 0 (usually the investment, negative), then one per period')
  .max(calculationLimits.cashFlows, `at most ${calculationLimits.cashFlows} cash flows`)
  .describe('Cash flows per period, the first at period 0 (an investment is negative)');

const periods = z
  .number()
  .int('periods is a whole number')
  .min(1)
  .max(calculationLimits.periods, `at most ${calculationLimits.periods} periods: ask for a yearly table over a longer horizon`);

export const calculateInputSchema = z.discriminatedUnion('operation', [
  z
    .object({
      operation: z.literal('expression'),
      expression: z.string().trim().min(1).max(calculationLimits.expressionChars).describe('Arithmetic with units and percentages, e.g. "1.2e6 / 85000", "2400000 * (1 + 12%)^3", "40 hours * 52 to days"'),
      variables: z.record(z.string().regex(/^[a-zA-Z_][a-zA-Z0-9_]{0,30}$/), figure).optional().describe('Named figures the expression uses, e.g. { "cash": 1200000, "burn": 85000 }'),
      label: label.optional().describe('What the result is, e.g. "Monthly gross margin"'),
    })
    .describe('Evaluate an expression'),
  z.object({ operation: z.literal('npv'), rate, cashFlows }).describe('Net present value of cash flows at a discount rate per period'),
  z.object({ operation: z.literal('irr'), cashFlows }).describe('Internal rate of return per period'),
  z.object({ operation: z.literal('payback'), cashFlows, rate: rate.optional().describe('Discount rate for a discounted payback; omit for simple payback') }).describe('Periods until cumulative cash flow turns positive'),
  z.object({ operation: z.literal('cagr'), startValue: positive, endValue: figure.refine((v) => v >= 0, 'must be 0 or more'), years: positive }).describe('Compound annual growth rate'),
  z
    .object({ operation: z.literal('break_even'), fixedCosts: figure.refine((v) => v >= 0, 'must be 0 or more'), pricePerUnit: positive, variableCostPerUnit: figure.refine((v) => v >= 0, 'must be 0 or more') })
    .describe('Units and revenue at which contribution covers fixed costs'),
  z
    .object({
      operation: z.literal('runway'),
      cash: figure,
      monthlyNetBurn: figure.describe('Cash out minus cash in per month (positive when burning)'),
      monthlyBurnGrowth: rate.optional().describe('How much the burn grows each month, if it does'),
    })
    .describe('Months of cash left at the current net burn'),
  z
    .object({
      operation: z.literal('ltv_cac'),
      monthlyRevenuePerCustomer: positive,
      grossMargin: rate,
      monthlyChurn: rate,
      cac: positive.describe('Customer acquisition cost'),
    })
    .describe('Customer lifetime value, LTV/CAC and CAC payback'),
  z
    .object({ operation: z.literal('loan_payment'), principal: positive, annualRate: rate, years: positive, paymentsPerYear: z.number().int().min(1).max(365).default(12) })
    .describe('Payment per period of an amortising loan'),
  z
    .object({
      operation: z.literal('scenarios'),
      label: label.describe('What is projected, e.g. "Revenue"'),
      startValue: figure,
      periods,
      periodName: z.enum(['month', 'quarter', 'year']).default('year'),
      base: rate.describe('Growth per period in the base case'),
      upside: rate.describe('Growth per period in the upside case'),
      downside: rate.describe('Growth per period in the downside case'),
    })
    .describe('Base, upside and downside projections over N periods'),
]);
export type CalculateInput = z.input<typeof calculateInputSchema>;
export type ParsedCalculateInput = z.output<typeof calculateInputSchema>;
export type CalculateOperation = ParsedCalculateInput['operation'];

export const figureUnits = ['currency', 'percent', 'months', 'years', 'periods', 'units', 'ratio', 'number'] as const;
export type FigureUnit = (typeof figureUnits)[number];

const shownFigure = z.object({ label: z.string(), value: z.number().nullable(), unit: z.enum(figureUnits).or(z.string()) });

/** What a calculation answers: the figures with the inputs they came from, and a table or chart where it has one. */
export const calculationSchema = z.object({
  operation: z.string(),
  title: z.string(),
  inputs: z.array(shownFigure),
  results: z.array(shownFigure),
  table: z.object({ columns: z.array(z.string()), rows: z.array(z.array(z.union([z.number(), z.string(), z.null()]))) }).optional(),
  chart: z
    .object({
      kind: z.enum(['line', 'bar']),
      xLabel: z.string(),
      labels: z.array(z.string()),
      series: z.array(z.object({ name: z.string(), values: z.array(z.number()) })),
    })
    .optional(),
  note: z.string().optional(),
});
export type Calculation = z.infer<typeof calculationSchema>;
