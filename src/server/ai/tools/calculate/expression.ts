import type { Calculation, ParsedCalculateInput } from '#contract/calculate.ts';
import { calculationLimits } from '#contract/calculate.ts';
import { CalculationError } from './finance.ts';

type MathJs = import('mathjs').MathJsInstance;
type MathNode = import('mathjs').MathNode;

/**
 * Arithmetic with units and percentages through mathjs's parser, never JavaScript's eval: the
 * expression is parsed into a tree, and only a small set of node kinds and functions may appear in
 * it (numbers, the named figures, units, + - * / ^ %, unit conversion and a few functions). No
 * assignment, no function definition, no matrices, no import: a model's expression can compute,
 * not allocate or reach anything (decision 070).
 */
const ALLOWED_FUNCTIONS = new Set(['abs', 'ceil', 'floor', 'round', 'sqrt', 'cbrt', 'exp', 'log', 'log10', 'log2', 'pow', 'min', 'max', 'mean', 'median', 'sum', 'number']);
const ALLOWED_OPERATORS = new Set(['add', 'subtract', 'multiply', 'divide', 'pow', 'unaryMinus', 'unaryPlus', 'mod', 'to']);
const CONSTANTS = new Set(['pi', 'e']);
const MAX_NODES = 200;

let instance: Promise<MathJs> | undefined;
/** mathjs is loaded the first time an expression is evaluated, not with the server. */
function mathjs(): Promise<MathJs> {
  instance ??= import('mathjs').then(({ create, all }) => create(all!, { number: 'number' }));
  return instance;
}

function check(math: MathJs, root: MathNode, variables: ReadonlySet<string>): void {
  let count = 0;
  const functionNames = new Set<MathNode>();
  root.traverse((node, _path, parent) => {
    count += 1;
    if (count > MAX_NODES) throw new CalculationError(`the expression is too long (more than ${MAX_NODES} terms): split it into steps`);
    switch (node.type) {
      case 'ConstantNode':
      case 'ParenthesisNode':
        return;
      case 'OperatorNode': {
        const fn = (node as import('mathjs').OperatorNode).fn;
        if (!ALLOWED_OPERATORS.has(fn)) throw new CalculationError(`the operator "${(node as import('mathjs').OperatorNode).op}" is not supported: use + - * / ^ % and "to" for units`);
        return;
      }
      case 'FunctionNode': {
        const fnNode = (node as import('mathjs').FunctionNode).fn;
        const name = fnNode.type === 'SymbolNode' ? (fnNode as import('mathjs').SymbolNode).name : '';
        if (!ALLOWED_FUNCTIONS.has(name)) throw new CalculationError(`the function "${name || '?'}" is not supported; available: ${[...ALLOWED_FUNCTIONS].join(', ')}`);
        functionNames.add(fnNode);
        return;
      }
      case 'SymbolNode': {
        if (functionNames.has(node) || (parent?.type === 'FunctionNode' && (parent as import('mathjs').FunctionNode).fn === node)) return;
        const name = (node as import('mathjs').SymbolNode).name;
        if (variables.has(name) || CONSTANTS.has(name) || math.Unit.isValuelessUnit(name)) return;
        throw new CalculationError(`"${name}" is not a known figure or unit: pass it in "variables", e.g. { "${name}": 1000 }`);
      }
      default:
        throw new CalculationError(`"${node.toString()}" is not supported in a calculation: write plain arithmetic`);
    }
  });
}

/** Evaluates one expression; its result is a number (or a quantity with a unit), never anything else. */
export async function evaluateExpression(input: Extract<ParsedCalculateInput, { operation: 'expression' }>): Promise<Calculation> {
  const variables = input.variables ?? {};
  if (Object.keys(variables).length > calculationLimits.variables) throw new CalculationError(`at most ${calculationLimits.variables} named figures`);
  const math = await mathjs();
  let root: MathNode;
  try {
    root = math.parse(input.expression);
  } catch (err) {
    throw new CalculationError(`the expression could not be read: ${err instanceof Error ? err.message : String(err)}`);
  }
  check(math, root, new Set(Object.keys(variables)));
  let value: unknown;
  try {
    value = root.evaluate(new Map(Object.entries(variables)));
  } catch (err) {
    throw new CalculationError(`the expression could not be computed: ${err instanceof Error ? err.message : String(err)}`);
  }
  let number: number;
  let unit = 'number';
  if (typeof value === 'number') number = value;
  else if (math.isUnit(value)) {
    unit = value.formatUnits();
    number = value.toNumber(unit);
  } else throw new CalculationError('the expression does not come to a single real number (complex numbers, lists and booleans are not supported)');
  if (!Number.isFinite(number)) throw new CalculationError('the result is not a finite number (a division by zero, or a figure too large): check the inputs');
  if (Math.abs(number) > calculationLimits.magnitude) throw new CalculationError(`the result is larger than ${calculationLimits.magnitude.toExponential()}: check the inputs and units`);
  return {
    operation: 'expression',
    title: input.label ?? 'Calculation',
    inputs: [{ label: 'Expression', value: null, unit: input.expression }, ...Object.entries(variables).map(([label, v]) => ({ label, value: v, unit: 'number' }))],
    results: [{ label: input.label ?? 'Result', value: number, unit }],
  };
}
