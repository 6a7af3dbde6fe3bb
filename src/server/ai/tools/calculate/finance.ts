import type { Calculation, ParsedCalculateInput } from '#contract/calculate.ts';

/**
 * The financial toolkit behind `calculate` (decision 070): small, exact formulas an executive's
 * numbers go through, each bounded (input sizes are capped by the contract; iterative methods by
 * an iteration count) and each failing with a sentence the model can act on.
 */
export class CalculationError extends Error {}

type Op<K extends ParsedCalculateInput['operation']> = Extract<ParsedCalculateInput, { operation: K }>;

const IRR_MAX_ITERATIONS = 200;
const RUNWAY_MAX_MONTHS = 600;

function assertFinite(value: number, what: string): number {
  if (!Number.isFinite(value)) throw new CalculationError(`${what} is not a finite number with these inputs`);
  return value;
}

export function npvOf(rate: number, flows: readonly number[]): number {
  if (rate <= -1) throw new CalculationError('the discount rate must be above -100%');
  return flows.reduce((sum, flow, t) => sum + flow / (1 + rate) ** t, 0);
}

/**
 * The rate at which the NPV is zero: bisection on a bracket found between -99.99 % and 1,000,000 %
 * per period (always converges once bracketed, in at most IRR_MAX_ITERATIONS halvings).
 */
export function irrOf(flows: readonly number[]): number {
  if (!flows.some((f) => f < 0) || !flows.some((f) => f > 0)) throw new CalculationError('IRR is undefined: the cash flows never change sign (there must be at least one outflow and one inflow)');
  let low = -0.9999;
  let high = 1;
  const f = (r: number) => npvOf(r, flows);
  while (Math.sign(f(low)) === Math.sign(f(high)) && high < 10_000) high *= 2;
  if (Math.sign(f(low)) === Math.sign(f(high))) throw new CalculationError('IRR did not converge: no rate between -99.99% and 1,000,000% makes the NPV zero');
  for (let i = 0; i < IRR_MAX_ITERATIONS; i++) {
    const mid = (low + high) / 2;
    const value = f(mid);
    if (Math.abs(value) < 1e-9 || high - low < 1e-12) return mid;
    if (Math.sign(value) === Math.sign(f(low))) low = mid;
    else high = mid;
  }
  return (low + high) / 2;
}

/** Periods until the cumulative (discounted) cash flow reaches zero, interpolated within the period; null when it never does. */
export function paybackOf(flows: readonly number[], rate = 0): number | null {
  let cumulative = 0;
  for (let t = 0; t < flows.length; t++) {
    const flow = flows[t]! / (1 + rate) ** t;
    const before = cumulative;
    cumulative += flow;
    if (t > 0 && before < 0 && cumulative >= 0) return t - 1 + -before / flow;
  }
  return flows[0]! >= 0 ? 0 : null;
}

const pct = (value: number) => value * 100;

/** One operation's answer: its figures with the inputs they came from, a table and chart where it has them. */
export function calculateFinance(input: Exclude<ParsedCalculateInput, { operation: 'expression' }>): Calculation {
  switch (input.operation) {
    case 'npv': {
      const value = assertFinite(npvOf(input.rate, input.cashFlows), 'The NPV');
      return {
        operation: 'npv',
        title: 'Net present value',
        inputs: [{ label: 'Discount rate per period', value: pct(input.rate), unit: 'percent' }, ...flowInputs(input.cashFlows)],
        results: [{ label: 'NPV', value, unit: 'currency' }],
        ...flowTable(input.cashFlows, input.rate),
      };
    }
    case 'irr': {
      const value = irrOf(input.cashFlows);
      return {
        operation: 'irr',
        title: 'Internal rate of return',
        inputs: flowInputs(input.cashFlows),
        results: [{ label: 'IRR per period', value: pct(value), unit: 'percent' }],
        ...flowTable(input.cashFlows, value),
      };
    }
    case 'payback': {
      const value = paybackOf(input.cashFlows, input.rate ?? 0);
      return {
        operation: 'payback',
        title: input.rate === undefined ? 'Payback period' : 'Discounted payback period',
        inputs: [...(input.rate === undefined ? [] : [{ label: 'Discount rate per period', value: pct(input.rate), unit: 'percent' }]), ...flowInputs(input.cashFlows)],
        results: [{ label: 'Payback', value, unit: 'periods' }],
        ...flowTable(input.cashFlows, input.rate ?? 0),
        ...(value === null ? { note: `The investment does not pay back within the ${input.cashFlows.length - 1} periods given.` } : {}),
      };
    }
    case 'cagr': {
      const value = assertFinite((input.endValue / input.startValue) ** (1 / input.years) - 1, 'The CAGR');
      return {
        operation: 'cagr',
        title: 'Compound annual growth rate',
        inputs: [
          { label: 'Start value', value: input.startValue, unit: 'currency' },
          { label: 'End value', value: input.endValue, unit: 'currency' },
          { label: 'Years', value: input.years, unit: 'years' },
        ],
        results: [{ label: 'CAGR', value: pct(value), unit: 'percent' }],
      };
    }
    case 'break_even': {
      const contribution = input.pricePerUnit - input.variableCostPerUnit;
      if (contribution <= 0) throw new CalculationError('there is no break-even: the price per unit does not exceed the variable cost per unit, so each unit sold adds to the loss');
      const units = input.fixedCosts / contribution;
      return {
        operation: 'break_even',
        title: 'Break-even point',
        inputs: [
          { label: 'Fixed costs', value: input.fixedCosts, unit: 'currency' },
          { label: 'Price per unit', value: input.pricePerUnit, unit: 'currency' },
          { label: 'Variable cost per unit', value: input.variableCostPerUnit, unit: 'currency' },
        ],
        results: [
          { label: 'Break-even units', value: units, unit: 'units' },
          { label: 'Break-even revenue', value: units * input.pricePerUnit, unit: 'currency' },
          { label: 'Contribution margin', value: pct(contribution / input.pricePerUnit), unit: 'percent' },
        ],
      };
    }
    case 'runway':
      return runwayOf(input);
    case 'ltv_cac': {
      if (input.monthlyChurn <= 0 || input.monthlyChurn >= 1) throw new CalculationError('monthly churn must be between 0% and 100% (exclusive): with no churn the lifetime value is unbounded');
      if (input.grossMargin <= 0 || input.grossMargin > 1) throw new CalculationError('gross margin must be above 0% and at most 100%');
      const monthlyContribution = input.monthlyRevenuePerCustomer * input.grossMargin;
      const ltv = monthlyContribution / input.monthlyChurn;
      return {
        operation: 'ltv_cac',
        title: 'Lifetime value and acquisition cost',
        inputs: [
          { label: 'Monthly revenue per customer', value: input.monthlyRevenuePerCustomer, unit: 'currency' },
          { label: 'Gross margin', value: pct(input.grossMargin), unit: 'percent' },
          { label: 'Monthly churn', value: pct(input.monthlyChurn), unit: 'percent' },
          { label: 'CAC', value: input.cac, unit: 'currency' },
        ],
        results: [
          { label: 'Customer lifetime', value: 1 / input.monthlyChurn, unit: 'months' },
          { label: 'LTV', value: ltv, unit: 'currency' },
          { label: 'LTV / CAC', value: ltv / input.cac, unit: 'ratio' },
          { label: 'CAC payback', value: input.cac / monthlyContribution, unit: 'months' },
        ],
      };
    }
    case 'loan_payment': {
      const n = Math.round(input.years * input.paymentsPerYear);
      if (n < 1 || n > 12_000) throw new CalculationError('the loan must have between 1 and 12,000 payments');
      const r = input.annualRate / input.paymentsPerYear;
      if (r <= -1) throw new CalculationError('the interest rate must be above -100%');
      const payment = r === 0 ? input.principal / n : (input.principal * r) / (1 - (1 + r) ** -n);
      assertFinite(payment, 'The payment');
      return {
        operation: 'loan_payment',
        title: 'Loan payment',
        inputs: [
          { label: 'Principal', value: input.principal, unit: 'currency' },
          { label: 'Annual interest rate', value: pct(input.annualRate), unit: 'percent' },
          { label: 'Years', value: input.years, unit: 'years' },
          { label: 'Payments per year', value: input.paymentsPerYear, unit: 'number' },
        ],
        results: [
          { label: 'Payment per period', value: payment, unit: 'currency' },
          { label: 'Total paid', value: payment * n, unit: 'currency' },
          { label: 'Total interest', value: payment * n - input.principal, unit: 'currency' },
        ],
      };
    }
    case 'scenarios':
      return scenariosOf(input);
  }
}

function flowInputs(flows: readonly number[]): Calculation['inputs'] {
  return flows.map((value, t) => ({ label: `Cash flow, period ${t}`, value, unit: 'currency' }));
}

/** Each period's flow, its present value and the cumulative present value: the arithmetic, shown. */
function flowTable(flows: readonly number[], rate: number): Pick<Calculation, 'table' | 'chart'> {
  let cumulative = 0;
  const rows = flows.map((flow, t) => {
    const present = flow / (1 + rate) ** t;
    cumulative += present;
    return [t, flow, present, cumulative];
  });
  return {
    table: { columns: ['Period', 'Cash flow', 'Present value', 'Cumulative'], rows },
    chart: { kind: 'bar', xLabel: 'Period', labels: flows.map((_, t) => String(t)), series: [{ name: 'Cumulative present value', values: rows.map((row) => row[3]!) }] },
  };
}

function runwayOf(input: Op<'runway'>): Calculation {
  const inputs: Calculation['inputs'] = [
    { label: 'Cash', value: input.cash, unit: 'currency' },
    { label: 'Monthly net burn', value: input.monthlyNetBurn, unit: 'currency' },
    ...(input.monthlyBurnGrowth ? [{ label: 'Monthly burn growth', value: pct(input.monthlyBurnGrowth), unit: 'percent' }] : []),
  ];
  if (input.cash <= 0) return { operation: 'runway', title: 'Runway', inputs, results: [{ label: 'Runway', value: 0, unit: 'months' }], note: 'There is no cash left to burn.' };
  if (input.monthlyNetBurn <= 0) {
    return { operation: 'runway', title: 'Runway', inputs, results: [{ label: 'Runway', value: null, unit: 'months' }], note: 'The business is not burning cash (net burn is zero or negative): the runway is not limited by the current burn.' };
  }
  const growth = input.monthlyBurnGrowth ?? 0;
  let cash = input.cash;
  let burn = input.monthlyNetBurn;
  const balance: number[] = [];
  let months = 0;
  while (cash > 0 && months < RUNWAY_MAX_MONTHS) {
    if (cash < burn) {
      months += cash / burn;
      cash = 0;
    } else {
      cash -= burn;
      months += 1;
    }
    balance.push(cash);
    burn *= 1 + growth;
    if (burn <= 0) break;
  }
  const limited = cash > 0;
  const shown = balance.slice(0, 60);
  return {
    operation: 'runway',
    title: 'Runway',
    inputs,
    results: [{ label: 'Runway', value: limited ? null : months, unit: 'months' }],
    table: { columns: ['Month', 'Cash at end'], rows: shown.map((value, i) => [i + 1, value]) },
    chart: { kind: 'line', xLabel: 'Month', labels: shown.map((_, i) => String(i + 1)), series: [{ name: 'Cash at end of month', values: shown }] },
    ...(limited ? { note: `Cash lasts beyond ${RUNWAY_MAX_MONTHS} months at this burn.` } : {}),
  };
}

function scenariosOf(input: Op<'scenarios'>): Calculation {
  const cases = [
    { name: 'Downside', growth: input.downside },
    { name: 'Base', growth: input.base },
    { name: 'Upside', growth: input.upside },
  ];
  for (const c of cases) if (c.growth <= -1) throw new CalculationError(`the ${c.name.toLowerCase()} growth must be above -100% per ${input.periodName}`);
  const values = cases.map((c) => Array.from({ length: input.periods + 1 }, (_, t) => assertFinite(input.startValue * (1 + c.growth) ** t, `The ${c.name.toLowerCase()} case`)));
  const labels = Array.from({ length: input.periods + 1 }, (_, t) => String(t));
  const period = input.periodName.charAt(0).toUpperCase() + input.periodName.slice(1);
  return {
    operation: 'scenarios',
    title: `${input.label}: scenarios over ${input.periods} ${input.periodName}${input.periods === 1 ? '' : 's'}`,
    inputs: [
      { label: `${input.label} at start`, value: input.startValue, unit: 'currency' },
      ...cases.map((c) => ({ label: `${c.name} growth per ${input.periodName}`, value: pct(c.growth), unit: 'percent' })),
    ],
    results: cases.map((c, i) => ({ label: `${c.name}, ${input.periodName} ${input.periods}`, value: values[i]!.at(-1)!, unit: 'currency' })),
    table: { columns: [period, ...cases.map((c) => c.name)], rows: labels.map((l, t) => [Number(l), ...values.map((v) => v[t]!)]) },
    chart: { kind: 'line', xLabel: period, labels, series: cases.map((c, i) => ({ name: c.name, values: values[i]! })) },
  };
}
