/**
 * The server time one `calculate` step adds to a turn (issue 32, point 7: at most 5 ms per step).
 * Times, in this process, what the server does for one call between the model's two steps: the
 * arguments the model streamed parsed from JSON, validated with the contract's schema (as the AI SDK
 * does before `execute`), the calculation, the activity the reader sees (started, then done with its
 * checked result), and the serialisation of the result for the model's next step and of the activity
 * list for the save and the stream. The writes themselves (the row's `tools`, the hub) are I/O the
 * step does not wait for, and are not counted; nor is the model's time.
 * Inputs: a representative set (runway, NPV, IRR, payback, CAGR, LTV/CAC, a loan, an expression, a
 * scenario table of 60 periods), each varied per run; the target is p99 per step <= 5 ms. The largest
 * inputs the schema allows (600 cash flows for IRR, a 120-period table) are printed beside it.
 * `npx tsx bench/calculate.ts` runs it alone; `npm run bench` runs it with the others.
 */
import { calculateInputSchema } from '../src/contract/calculate.ts';
import { trackToolActivity } from '../src/server/ai/tools/activity.ts';
import { calculateTool } from '../src/server/ai/tools/calculate/calculate-tool.ts';
import { percentile } from './http-client.ts';

const RUNS = Number(process.env.BENCH_CALCULATE_RUNS ?? 500);
const TARGET_MS = 5;

type Input = Record<string, unknown>;
/** Monthly cash flows: an investment, then a ramp (i varies them so no two runs are the same). */
const flows = (count: number, i: number) => [-1_000_000 - i * 1_000, ...Array.from({ length: count - 1 }, (_, k) => 20_000 + k * 1_500 + (i % 7) * 100)];

const representative: Record<string, (i: number) => Input> = {
  runway: (i) => ({ operation: 'runway', cash: 2_400_000 + i * 1_000, monthlyNetBurn: 169_000 }),
  'runway, burn growing 2 % a month': (i) => ({ operation: 'runway', cash: 1_200_000 + i * 1_000, monthlyNetBurn: 100_000, monthlyBurnGrowth: '2%' }),
  'NPV, 11 yearly flows': (i) => ({ operation: 'npv', rate: '10%', cashFlows: flows(11, i).map((v) => v * 4) }),
  'IRR, 11 yearly flows': (i) => ({ operation: 'irr', cashFlows: flows(11, i).map((v, k) => (k === 0 ? v : v * 6)) }),
  'IRR, 60 monthly flows': (i) => ({ operation: 'irr', cashFlows: flows(60, i) }),
  'payback, discounted': (i) => ({ operation: 'payback', cashFlows: flows(24, i).map((v, k) => (k === 0 ? v : v * 3)), rate: 0.01 }),
  CAGR: (i) => ({ operation: 'cagr', startValue: 2_000_000, endValue: 3_500_000 + i * 1_000, years: 4 }),
  'LTV/CAC': (i) => ({ operation: 'ltv_cac', monthlyRevenuePerCustomer: 120 + (i % 10), grossMargin: '78%', monthlyChurn: 0.02, cac: 900 }),
  'loan payment': (i) => ({ operation: 'loan_payment', principal: 500_000 + i * 100, annualRate: '7.5%', years: 5 }),
  expression: (i) => ({ operation: 'expression', expression: '2400000 * (1 + 12%)^3 / burn', variables: { burn: 169_000 + i } }),
  'scenario table, 60 periods': (i) => ({ operation: 'scenarios', label: 'Revenue', startValue: 2_000_000 + i * 1_000, periods: 60, periodName: 'month', base: 0.02, upside: 0.035, downside: 0.005 }),
};
const largest: Record<string, (i: number) => Input> = {
  'IRR, 600 flows (the limit)': (i) => ({ operation: 'irr', cashFlows: flows(600, i) }),
  'scenario table, 120 periods (the limit)': (i) => ({ operation: 'scenarios', label: 'Revenue', startValue: 2_000_000 + i, periods: 120, periodName: 'month', base: 0.02, upside: 0.035, downside: 0.005 }),
};

const tool = calculateTool();

/** One step as the server runs it, from the model's streamed arguments to what is sent on: its wall time and its main-thread CPU time, in ms. */
async function step(input: Input, i: number): Promise<{ wall: number; cpu: number }> {
  const streamed = JSON.stringify(input);
  const cpuStart = process.threadCpuUsage();
  const start = performance.now();
  const parsed = calculateInputSchema.parse(JSON.parse(streamed));
  const activity = trackToolActivity((tools) => JSON.stringify(tools));
  const callId = `bench-${i}`;
  activity.apply({ type: 'tool-call', callId, name: 'calculate', input: parsed });
  const output = await tool.execute!(parsed, { toolCallId: callId, messages: [], context: {} });
  JSON.stringify(output);
  activity.apply({ type: 'tool-result', callId, name: 'calculate', output });
  const wall = performance.now() - start;
  const cpu = process.threadCpuUsage(cpuStart);
  return { wall, cpu: (cpu.user + cpu.system) / 1000 };
}

interface Times {
  wall: number[];
  cpu: number[];
}
const sorted = (times: Times): Times => ({ wall: times.wall.sort((a, b) => a - b), cpu: times.cpu.sort((a, b) => a - b) });

async function measure(cases: Record<string, (i: number) => Input>): Promise<{ all: Times; byCase: Array<[string, Times]> }> {
  const byCase = Object.keys(cases).map((name) => [name, { wall: [], cpu: [] }] as [string, Times]);
  const all: Times = { wall: [], cpu: [] };
  // Interleaved, so a busy moment on a shared machine falls on every kind of input alike.
  for (let i = 0; i < RUNS; i++) {
    for (const [c, make] of Object.values(cases).entries()) {
      const { wall, cpu } = await step(make(i), i);
      byCase[c]![1].wall.push(wall);
      byCase[c]![1].cpu.push(cpu);
      all.wall.push(wall);
      all.cpu.push(cpu);
    }
  }
  return { all: sorted(all), byCase: byCase.map(([name, times]) => [name, sorted(times)]) };
}

const at = (list: number[], p: number) => percentile(list, p).toFixed(3);
/**
 * Wall time per step (what the turn waits), and the main thread's mean CPU time per step (what other
 * processes on a shared machine do not inflate; decision 049). The kernel counts a thread's CPU in
 * ticks, so one step's CPU time is 0 or a tick: only its mean over hundreds of steps is a figure.
 */
const figures = ({ wall, cpu }: Times) =>
  `p50 ${at(wall, 50)} ms, p95 ${at(wall, 95)} ms, p99 ${at(wall, 99)} ms, max ${wall.at(-1)!.toFixed(2)} ms; CPU mean ${(cpu.reduce((sum, v) => sum + v, 0) / cpu.length).toFixed(3)} ms`;

export async function runCalculateBench(): Promise<boolean> {
  // Warm-up: the first calls compile the schema's and the math library's code paths.
  for (let i = 0; i < 50; i++) for (const make of [...Object.values(representative), ...Object.values(largest)]) await step(make(i), i);
  const typical = await measure(representative);
  console.log(`calculate: server time per step (parse, validate, compute, activity, serialise), ${RUNS} runs of each input, interleaved`);
  for (const [name, times] of typical.byCase) console.log(`  ${name.padEnd(40)} ${figures(times)}`);
  const pass = percentile(typical.all.wall, 99) <= TARGET_MS;
  console.log(`  ${'all representative steps'.padEnd(40)} ${figures(typical.all)}   (target wall p99 <= ${TARGET_MS} ms) ${pass ? 'PASS' : 'FAIL'}`);
  const limits = await measure(largest);
  for (const [name, times] of limits.byCase) console.log(`  ${name.padEnd(40)} ${figures(times)}   (largest input the schema allows; figures only)`);
  return pass;
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  process.exit((await runCalculateBench()) ? 0 : 1);
}
