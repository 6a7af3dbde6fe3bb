import type { LanguageModel } from 'ai';
import { calculationSchema, type Calculation } from '#contract/calculate.ts';
import { readFences } from '../fence.ts';
import { demoCalculation, demoCalculationLines } from './demo-figures.ts';
import { demoRead, demoSources, sourcesAsDocuments } from './demo-reading.ts';
import type { DemoDocument } from './demo-documents.ts';
import type { DemoRequest } from './demo-request.ts';

// The spec types of @ai-sdk/provider, taken from `ai` itself so they always match the version installed.
export type LanguageModelV4 = Extract<LanguageModel, { specificationVersion: 'v4' }>;
export type CallOptions = Parameters<LanguageModelV4['doStream']>[0];

/** A tool call the demo makes instead of text, as a real model's first step would. */
export interface DemoToolCall {
  toolName: 'calculate' | 'read_document';
  /** The arguments, as JSON text (what a provider streams). */
  input: string;
}

/** The text of each user message in the prompt. */
function userTexts(options: CallOptions): string[] {
  return options.prompt.flatMap((message) => (message.role === 'user' ? [message.content.map((part) => (part.type === 'text' ? part.text : '')).join('')] : []));
}

/** Reference material in the prompt (attached documents, or a roundtable's situation, in the fences ai/fence.ts writes). */
export function documentsIn(options: CallOptions): DemoDocument[] {
  return userTexts(options).flatMap((text) =>
    readFences(text).flatMap((block) => (block.kind === 'document' ? [{ name: block.fields.name ?? 'document', text: block.content, ...(block.fields.id ? { id: block.fields.id } : {}) }] : [])),
  );
}

/** What the user said earlier, from a roundtable situation's conversation digest ("User: ..." paragraphs; features/roundtable/situation.ts). */
function userWordsInDigest(options: CallOptions): string {
  return userTexts(options)
    .flatMap((text) => readFences(text).filter((block) => block.kind === 'conversation'))
    .flatMap((block) => block.content.split('\n\n').filter((paragraph) => paragraph.startsWith('User: ')))
    .join('\n');
}

/** Whether the caller offers the model a tool (the tool path, decisions 070 and 084). */
function offers(options: CallOptions, name: string): boolean {
  return options.tools?.some((tool) => tool.type === 'function' && tool.name === name) ?? false;
}

/** Whether the prompt already carries a result (or an error) of a tool: the demo calls each tool once. */
function hasResultOf(options: CallOptions, name: string): boolean {
  return options.prompt.some((message) => message.role === 'tool' && message.content.some((part) => part.type === 'tool-result' && part.toolName === name));
}

/** The texts read_document answered in the prompt (its passages, fenced). */
export function readResultsIn(options: CallOptions): string[] {
  const texts: string[] = [];
  for (const message of options.prompt) {
    if (message.role !== 'tool') continue;
    for (const part of message.content) if (part.type === 'tool-result' && part.toolName === 'read_document' && part.output.type === 'text') texts.push(part.output.value);
  }
  return texts;
}

/** The last `calculate` result in the prompt (the tool ran between the demo's two steps). */
function calculationIn(options: CallOptions): Calculation | null {
  for (let i = options.prompt.length - 1; i >= 0; i--) {
    const message = options.prompt[i]!;
    if (message.role !== 'tool') continue;
    for (const part of message.content) {
      if (part.type !== 'tool-result' || part.toolName !== 'calculate' || part.output.type !== 'json') continue;
      const parsed = calculationSchema.safeParse(part.output.value);
      if (parsed.success) return parsed.data;
    }
  }
  return null;
}

/** Lines put right after the demo line (the text's first paragraph), before the advice. */
export function afterDemoLine(text: string, lines: readonly string[]): string {
  const cut = text.indexOf('\n\n');
  return cut < 0 ? `${lines.join('\n')}\n${text}` : `${text.slice(0, cut + 2)}${lines.join('\n')}\n${text.slice(cut + 2)}`;
}

/** The text with the figure the `calculate` tool computed (and its inputs) after the demo line; as it was when the tool was not called. */
export function withCalculation(text: string, options: CallOptions): string {
  const calculation = calculationIn(options);
  return calculation ? afterDemoLine(text, demoCalculationLines(calculation)) : text;
}

function calculateCall(options: CallOptions, question: string, documents: readonly DemoDocument[], context = ''): DemoToolCall | null {
  if (!offers(options, 'calculate') || hasResultOf(options, 'calculate')) return null;
  const input = demoCalculation(question, documents, context);
  return input ? { toolName: 'calculate', input: JSON.stringify(input) } : null;
}

/**
 * The tool call the demo makes in a step, or null for text (issue 32, point 5: the same tool path as
 * a real model).
 * - A reply: first read_document, when a document is attached and the question is about it; then
 *   calculate, when the question or the cells read hold figures to compute (from the cells read, so
 *   the figure traces to its cited source).
 * - A roundtable seat's opening, or its answer to a follow-up: calculate, from the table's question,
 *   then the user's words and the documents' passages its situation carries (it is given those
 *   passages, so it reads nothing). A rebuttal answers the others and computes nothing new; the
 *   chair sums up the seats, whose figures are already computed and shown with their turns.
 */
export function demoToolCall(request: DemoRequest, options: CallOptions): DemoToolCall | null {
  if (request.task === 'seat') return request.kind === 'rebuttal' ? null : calculateCall(options, request.question, documentsIn(options), userWordsInDigest(options));
  if (request.task !== 'reply') return null;
  const documents = documentsIn(options);
  if (offers(options, 'read_document') && !hasResultOf(options, 'read_document') && !hasResultOf(options, 'calculate')) {
    const read = demoRead(request.question, documents);
    if (read) return { toolName: 'read_document', input: JSON.stringify(read) };
  }
  const sources = demoSources(readResultsIn(options), request.question);
  return calculateCall(options, request.question, sources.length > 0 ? sourcesAsDocuments(sources) : documents);
}
