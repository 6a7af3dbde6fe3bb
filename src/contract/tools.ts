import { z } from 'zod';
import { calculationSchema, type CalculateInput } from './calculate.ts';

/**
 * What an advisor's tool did during a reply (issue 32, decision 070): saved with the message,
 * streamed to the reader as it happens (SSE `tool`), and shown above the reply's text. `label` is
 * what the user reads while it runs ("Calculating runway…"); `output` is a calculation's result
 * (src/contract/calculate.ts) or a tool's own data, already validated by the tool.
 */
export const toolNames = ['calculate', 'web_search', 'read_web_page', 'read_document'] as const;
export type ToolName = (typeof toolNames)[number];

/** What `read_document` may return per call (decision 076): a few passages, a bounded amount of text. */
export const readDocumentLimits = {
  /** Passages a search returns at most. */
  passages: 5,
  /** Characters of passage text per call, all passages together. */
  chars: 6_000,
  /** Cells a range may name (e.g. A1:T100). */
  cells: 2_000,
  /** read_document calls per reply. */
  callsPerReply: 6,
  /** Sources numbered per reply. */
  sourcesPerReply: 20,
} as const;

/** A cell or a block of cells, as a spreadsheet names it: "B7", "A1:D20". */
export const CELL_RANGE = /^([A-Z]{1,3})([1-9]\d{0,6})(?::([A-Z]{1,3})([1-9]\d{0,6}))?$/;

/**
 * `read_document`'s arguments (issue 32, point 3): what to look for, and optionally where — one
 * document of the conversation, a sheet and a range of its cells, or a page (or slide).
 */
export const readDocumentInputSchema = z.object({
  query: z.string().trim().min(1).max(300).describe('Words to look for in the documents (the figures, rows or topic the question needs).'),
  documentId: z.string().uuid().optional().describe('One document of this conversation (its id), when the question is about that one.'),
  sheet: z.string().trim().min(1).max(100).optional().describe('A spreadsheet\'s sheet name, to read only that sheet.'),
  range: z.string().trim().max(30).optional().describe('Exact cells of the sheet, e.g. "A1:D20" or "B7" (needs sheet when the workbook has several).'),
  page: z.number().int().min(1).max(100_000).optional().describe('A page of a PDF (or a slide of a presentation), to read only that page.'),
});
export type ReadDocumentInput = z.infer<typeof readDocumentInputSchema>;

/**
 * A passage a reply cites as [n]: the file, where in it ("page 12", "sheet Costs, A5:D6"), the
 * passage's text and the part of it the reply relies on (`quote`, a substring of `text`), which the
 * reader sees highlighted when opening the source.
 */
export const documentSourceSchema = z.object({
  n: z.number().int().min(1).max(100),
  documentId: z.string().max(60),
  file: z.string().max(300),
  location: z.string().max(200),
  text: z.string().max(readDocumentLimits.chars),
  quote: z.string().max(readDocumentLimits.chars),
  /** Read from a document pinned to the company, not attached to this conversation (decision 082). */
  pinned: z.boolean().optional(),
});
export type DocumentSource = z.infer<typeof documentSourceSchema>;

export const toolActivitySchema = z.object({
  callId: z.string().max(200),
  name: z.string().max(60),
  label: z.string().max(200),
  status: z.enum(['running', 'done', 'error']),
  /** A calculation's result, when the tool was `calculate` and it succeeded. */
  calculation: calculationSchema.optional(),
  /** A short summary of any other tool's result (e.g. the search results' titles). */
  summary: z.string().max(2_000).optional(),
  /** The passages `read_document` returned, numbered as the reply cites them ([1], [2]). */
  sources: z.array(documentSourceSchema).max(readDocumentLimits.sourcesPerReply).optional(),
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
  if (name === 'read_document') {
    const sheet = typeof fields.sheet === 'string' && fields.sheet.trim() ? oneLineName(fields.sheet) : '';
    const range = typeof fields.range === 'string' && fields.range.trim() ? ` ${fields.range.trim().toUpperCase().slice(0, 30)}` : '';
    if (sheet) return `Reading sheet ${sheet}${range}…`;
    if (typeof fields.page === 'number') return `Reading page ${fields.page}…`;
    return 'Reading your documents…';
  }
  return `Using ${name.replace(/_/g, ' ')}…`;
}

/** When read_document has read: the file and where ("Reading q3-pl.xlsx, sheet Costs"). */
export function readDocumentLabel(file: string, where: string): string {
  return `Reading ${oneLineName(file)}${where ? `, ${where}` : ''}`.slice(0, 200);
}

const oneLineName = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, 80);

export type { CalculateInput };
