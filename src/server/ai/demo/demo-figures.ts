import type { CalculateInput, Calculation } from '#contract/calculate.ts';
import { formatFigure } from '#contract/calculation-format.ts';
import { parseAmount } from './question-reading.ts';
import type { DemoDocument } from './demo-documents.ts';

/**
 * What the offline demo advisor computes instead of answering around the figures (issue 31, point 6;
 * issue 32, point 5): when the question, or a sheet attached to it, holds the figures a question
 * needs, the demo calls the `calculate` tool with them, exactly as a real model would, and states
 * the result with its inputs. Two cases are read: runway (cash and net burn) and growth between two
 * values over a number of years (CAGR). Anything else: null, and the demo answers in words.
 */

const AMOUNT = String.raw`[$€£]?\s?\d[\d,]*(?:\.\d+)?\s?(?:k|m|mm|bn|million|thousand)?\b`;

/** The amount said with a label: after it ("cash of $2.4M", "net burn: 169,000") or right before it ("$2.4M in cash"). */
function amountNear(text: string, label: RegExp): number | null {
  const after = new RegExp(`${label.source}[^\\d$€£\\n.;]{0,30}(${AMOUNT})`, 'i').exec(text);
  const before = new RegExp(`(${AMOUNT})\\s+(?:(?:in|of|a|per month|a month|monthly)\\s+){0,2}${label.source}`, 'i').exec(text);
  // "Before" allows only a word or two between the amount and its label, so it is the closer reading when both match.
  const match = before ?? after;
  if (!match) return null;
  const amount = parseAmount(match[1]!.trim());
  return amount && !amount.percent ? amount.value : null;
}

/** The last figure on the first line of a sheet whose label matches (the latest period of a row such as "Net burn | 120,000 | 169,000"). */
function latestInRow(documents: readonly DemoDocument[], label: RegExp): number | null {
  for (const document of documents) {
    for (const line of document.text.split('\n')) {
      // A Markdown or tab-separated row keeps the thousands separators of its numbers; a CSV row quotes them.
      const separator = line.includes('|') ? '|' : line.includes('\t') ? '\t' : line.includes(';') ? ';' : ',';
      const cells = line.split(separator).map((cell) => cell.trim().replace(/^"(.*)"$/, '$1')).filter(Boolean);
      if (cells.length < 2 || !label.test(cells[0]!)) continue;
      const numbers = cells
        .slice(1)
        .map((cell) => cell.replace(/[$€£\s]/g, '').replace(/^\((.*)\)$/, '-$1'))
        .filter((cell) => /^-?\d[\d,]*(\.\d+)?$/.test(cell))
        .map((cell) => Number(cell.replace(/,/g, '')));
      if (numbers.length > 0) return numbers.at(-1)!;
    }
  }
  return null;
}

const CASH = /\bcash(?: (?:balance|on hand|in the bank|at (?:the )?end(?: of (?:the )?(?:month|period|quarter))?))?\b/;
const BURN = /\b(?:net )?(?:monthly )?burn(?: rate)?\b/;

/**
 * The calculation the demo makes for a question (with the attached documents' text), or null when it
 * has nothing to compute. `context`: what the user said before (a roundtable's digest of the
 * conversation), where a runway's figures are looked for when the question does not state them.
 */
export function demoCalculation(question: string, documents: readonly DemoDocument[] = [], context = ''): CalculateInput | null {
  const lower = question.toLowerCase();
  if (/\brunway\b|\bmonths? of cash\b|\bhow long (?:will|does|can) (?:our|the|my) cash\b|\brun out of (?:cash|money)\b/.test(lower)) {
    const cash = amountNear(question, CASH) ?? amountNear(context, CASH) ?? latestInRow(documents, /^cash\b/i);
    const burn = amountNear(question, BURN) ?? amountNear(context, BURN) ?? latestInRow(documents, /^(?:net )?(?:monthly )?burn\b/i);
    if (cash !== null && burn !== null) return { operation: 'runway', cash, monthlyNetBurn: Math.abs(burn) };
  }
  const growth = /\bfrom\s+([$€£]?\s?\d[\d,.]*\s?(?:k|m|mm|bn|million|thousand)?)\s+to\s+([$€£]?\s?\d[\d,.]*\s?(?:k|m|mm|bn|million|thousand)?)\s+(?:in|over)\s+(\d{1,2})\s+years?\b/i.exec(question);
  if (growth) {
    const start = parseAmount(growth[1]!.trim());
    const end = parseAmount(growth[2]!.trim());
    const years = Number(growth[3]);
    if (start && end && !start.percent && !end.percent && start.value > 0 && years > 0) return { operation: 'cagr', startValue: start.value, endValue: end.value, years };
  }
  // A forecast from a starting value and a growth rate: base, upside and downside (5 points either side).
  if (/\bforecast|\bproject(?:ion|ions)?\b|\bscenarios?\b/.test(lower)) {
    const start = /\b(?:revenue|sales|arr|income|bookings)\b[^\d$€£\n]{0,30}([$€£]?\s?\d[\d,]*(?:\.\d+)?\s?(?:k|m|mm|bn|million|thousand)?)/i.exec(question);
    const rate = /\b(\d{1,3}(?:\.\d+)?)\s?%\s*(?:a|per|each|every)?\s*(year|quarter|month)/i.exec(question) ?? /\bgrow(?:ing|s|th)?\b[^\d\n]{0,20}(\d{1,3}(?:\.\d+)?)\s?%/i.exec(question);
    const amount = start ? parseAmount(start[1]!.trim()) : null;
    if (amount && !amount.percent && rate) {
      const growth = Number(rate[1]) / 100;
      const periodName = (rate[2]?.toLowerCase() as 'year' | 'quarter' | 'month' | undefined) ?? 'year';
      const horizon = /\b(?:next|over|for)\s+(\d{1,2})\s+(?:years?|quarters?|months?)\b/i.exec(question);
      const periods = Math.min(Math.max(Number(horizon?.[1] ?? 5), 1), 24);
      const round = (value: number) => Math.round(value * 1000) / 1000;
      return { operation: 'scenarios', label: 'Revenue', startValue: amount.value, periods, periodName, base: round(growth), upside: round(growth + 0.05), downside: round(growth - 0.05) };
    }
  }
  return null;
}

/** A figure as the reader sees it above the reply (the same formatter), and in words when unlimited. */
const figureText = (figure: Calculation['results'][number]) => (figure.value === null ? 'not limited by the current burn' : formatFigure(figure));

/** The demo's sentence for a calculation the tool returned: the result, then every input it used. */
export function demoCalculationLines(calculation: Calculation): string[] {
  const results = calculation.results.map((figure) => `**${figure.label}: ${figureText(figure)}**`).join(', ');
  const inputs = calculation.inputs.map((figure) => `${figure.label.toLowerCase()} ${figureText(figure)}`).join(', ');
  return [`**Computed from your figures:** ${results} (from ${inputs}).${calculation.note ? ` ${calculation.note}` : ''}`, ''];
}
