import { tool, zodSchema } from 'ai';
import { calculateInputSchema, type Calculation, type ParsedCalculateInput } from '#contract/calculate.ts';
import { evaluateExpression } from './expression.ts';
import { calculateFinance } from './finance.ts';

export { CalculationError } from './finance.ts';

/** One calculation; a CalculationError says, in words the model can act on, what to change. */
export async function calculate(input: ParsedCalculateInput): Promise<Calculation> {
  return input.operation === 'expression' ? evaluateExpression(input) : calculateFinance(input);
}

/**
 * The `calculate` tool (decision 070): the advisor's numbers are computed, not predicted. Its
 * arguments are validated with the contract's schema before it runs; what it answers carries the
 * inputs each figure came from, so the reply can show its arithmetic.
 */
// The AI SDK turns a zod schema into JSON Schema on every step of every reply (about 0.5-1 ms for this
// union); wrapped once, its JSON Schema is computed once per process and validation is unchanged.
const inputSchema = zodSchema(calculateInputSchema);

export const calculateTool = () =>
  tool({
    description:
      'Compute a figure exactly instead of estimating it: arithmetic with units and percentages, NPV, IRR, payback, CAGR, break-even, runway, LTV/CAC, loan payments, or base/upside/downside scenario tables. Use it for every number you state that is derived from the user\'s figures, then state the result with the inputs it used.',
    inputSchema,
    execute: (input) => calculate(input),
  });
