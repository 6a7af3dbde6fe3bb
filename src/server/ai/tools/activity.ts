import { calculationSchema } from '#contract/calculate.ts';
import { z } from 'zod';
import { documentSourceSchema, MAX_TOOL_ACTIVITIES, readDocumentLabel, readDocumentLimits, toolLabel, type ToolActivity } from '#contract/tools.ts';
import type { TurnToolEvent } from '../turn.ts';

const MAX_ERROR_CHARS = 500;
const MAX_SUMMARY_CHARS = 2_000;

/** A short, readable summary of a tool's result other than a calculation (what the reader sees). */
function summaryOf(name: string, output: unknown): string | undefined {
  const value = (output && typeof output === 'object' ? output : {}) as Record<string, unknown>;
  if (name === 'web_search' && Array.isArray(value.results)) {
    const lines = (value.results as Array<Record<string, unknown>>).map((r) => `[web ${String(r.n)}] ${String(r.title ?? '')} (${String(r.site ?? '')}${r.date ? `, ${String(r.date)}` : ''})`);
    return lines.length > 0 ? lines.join('\n').slice(0, MAX_SUMMARY_CHARS) : 'No results';
  }
  if (name === 'read_web_page' && typeof value.title === 'string') return `[web ${String(value.n)}] ${value.title} (${String(value.site ?? '')})`.slice(0, MAX_SUMMARY_CHARS);
  return undefined;
}

const readSourcesSchema = z.object({ sources: z.array(documentSourceSchema).max(readDocumentLimits.sourcesPerReply), note: z.string().optional() });

/** A read's sources, and its label once it has read ("Reading q3-pl.xlsx, sheet Costs"): the file and where, of its first source. */
function readDocumentActivity(activity: ToolActivity, output: unknown): void {
  const read = readSourcesSchema.safeParse(output);
  if (!read.success) return;
  const [first] = read.data.sources;
  if (!first) {
    activity.summary = 'No passage matched';
    return;
  }
  activity.sources = read.data.sources;
  // "sheet Costs, A5:D6" reads as "sheet Costs"; "page 12" stays; the cells are in the source itself.
  activity.label = readDocumentLabel(first.pinned ? `${first.file} (pinned)` : first.file, first.location.replace(/,\s.*$/, ''));
}

/**
 * The tool calls of one turn as its reader sees them (decision 070): each call starts `running` with
 * a label ("Calculating runway…") and ends `done`, with a calculation's result and inputs, or `error`.
 * `onChange` receives the whole list after every change (to save and to stream).
 */
export function trackToolActivity(onChange: (tools: ToolActivity[]) => void): { apply(event: TurnToolEvent): void; readonly tools: ToolActivity[] } {
  const tools: ToolActivity[] = [];
  const find = (callId: string) => tools.find((activity) => activity.callId === callId);
  return {
    get tools() {
      return tools;
    },
    apply(event) {
      if (event.type === 'tool-call') {
        if (find(event.callId) || tools.length >= MAX_TOOL_ACTIVITIES) return;
        tools.push({ callId: event.callId.slice(0, 200), name: event.name.slice(0, 60), label: toolLabel(event.name, event.input), status: 'running' });
      } else {
        const activity = find(event.callId);
        if (!activity) return;
        if (event.type === 'tool-error') {
          activity.status = 'error';
          activity.error = event.error.slice(0, MAX_ERROR_CHARS);
        } else {
          activity.status = 'done';
          const calculation = event.name === 'calculate' ? calculationSchema.safeParse(event.output) : undefined;
          if (calculation?.success) activity.calculation = calculation.data;
          if (event.name === 'read_document') readDocumentActivity(activity, event.output);
          const summary = summaryOf(event.name, event.output);
          if (summary) activity.summary = summary;
        }
      }
      onChange(tools.map((activity) => ({ ...activity })));
    },
  };
}

/** Every tool call still running when the turn ended (stopped, failed) is shown as not finished. */
export function settleToolActivity(tools: ToolActivity[]): ToolActivity[] {
  return tools.map((activity) => (activity.status === 'running' ? { ...activity, status: 'error', error: 'Stopped before it finished' } : activity));
}
