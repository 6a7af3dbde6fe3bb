import { z } from 'zod';
import { calculationSchema, type CalculateInput } from './calculate.ts';

/**
 * What an advisor's tool did during a reply (issue 32, decision 070): saved with the message,
 * streamed to the reader as it happens (SSE `tool`), and shown above the reply's text. `label` is
 * what the user reads while it runs ("Calculating runway…"); `output` is a calculation's result
 * (src/contract/calculate.ts) or a tool's own data, already validated by the tool.
 */
export const toolNames = ['calculate', 'web_search', 'read_web_page'] as const;
export type ToolName = (typeof toolNames)[number];

export const toolActivitySchema = z.object({
  callId: z.string().max(200),
  name: z.string().max(60),
  label: z.string().max(200),
  status: z.enum(['running', 'done', 'error']),
  /** A calculation's result, when the tool was `calculate` and it succeeded. */
  calculation: calculationSchema.optional(),
  /** A short summary of any other tool's result (e.g. the search results' titles). */
  summary: z.string().max(2_000).optional(),
  /** Why the tool call failed, in words the model (and the user) can act on. */
  error: z.string().max(500).optional(),
});
export type ToolActivity = z.infer<typeof toolActivitySchema>;

/** At most this many tool calls are kept and shown per reply (the tool loop's own limits are lower). */
export const MAX_TOOL_ACTIVITIES = 20;

const operationLabels: Record<string, string> = {
  expression: 'Calculating',
  npv: 'Calculating NPV',
  irr: 'Calculating IRR',
  payback: 'Calculating payback',
  cagr: 'Calculating CAGR',
  break_even: 'Calculating break-even',
  runway: 'Calculating runway',
  ltv_cac: 'Calculating LTV/CAC',
  loan_payment: 'Calculating loan payments',
  scenarios: 'Projecting scenarios',
};

/** What a user reads while a tool runs: "Calculating runway…", "Searching the web for “…”…". */
export function toolLabel(name: string, input: unknown): string {
  const fields = (input && typeof input === 'object' ? input : {}) as Record<string, unknown>;
  if (name === 'calculate') {
    const operation = typeof fields.operation === 'string' ? fields.operation : 'expression';
    const label = typeof fields.label === 'string' && fields.label.trim() ? fields.label.trim().slice(0, 60) : undefined;
    if (operation === 'expression' && label) return `Calculating ${label.charAt(0).toLowerCase()}${label.slice(1)}…`;
    return `${operationLabels[operation] ?? 'Calculating'}…`;
  }
  if (name === 'web_search') {
    const query = typeof fields.query === 'string' ? fields.query.trim().slice(0, 80) : '';
    return query ? `Searching the web for “${query}”…` : 'Searching the web…';
  }
  if (name === 'read_web_page') return 'Reading a search result…';
  return `Using ${name.replace(/_/g, ' ')}…`;
}

export type { CalculateInput };
