import { setTimeout as sleep } from 'node:timers/promises';
import type { LanguageModel } from 'ai';
import { chatDefaults } from '#contract/roles.ts';
import { readFences } from '../fence.ts';
import { calculationSchema, type Calculation } from '#contract/calculate.ts';
import { composeDemoAnalysis } from './demo-analysis.ts';
import { demoCalculation, demoCalculationLines } from './demo-figures.ts';
import { composeDemoMemo, type DemoMemoRequest } from './demo-memo.ts';
import { composeDemoReply, type DemoDocument } from './demo-reply.ts';
import { composeDemoChair, composeDemoSeat, type DemoChairRequest, type DemoSeatRequest } from './demo-roundtable.ts';

// The spec types of @ai-sdk/provider, taken from `ai` itself so they always match the version installed.
type LanguageModelV4 = Extract<LanguageModel, { specificationVersion: 'v4' }>;
type CallOptions = Parameters<LanguageModelV4['doStream']>[0];
type StreamResult = Awaited<ReturnType<LanguageModelV4['doStream']>>;
type GenerateResult = Awaited<ReturnType<LanguageModelV4['doGenerate']>>;
type StreamPart = StreamResult['stream'] extends ReadableStream<infer P> ? P : never;
type Usage = GenerateResult['usage'];

/**
 * What the demo model needs to answer in character. Callers pass it as `providerOptions.demo`;
 * real providers ignore options under a key that is not theirs.
 */
export type DemoRequest =
  | { task: 'reply'; executiveRole: string; industry: string; userRole: string; question: string; take?: number }
  | { task: 'title'; firstUserMessage: string }
  /** The decision memo export (features/history). */
  | DemoMemoRequest
  /** A roundtable seat's turn, or the chair's synthesis (features/roundtable). */
  | DemoSeatRequest
  | DemoChairRequest
  /** A document's analysis (features/documents): answered as the JSON its structured output asks for. */
  | { task: 'analysis'; executiveRole: string; industry: string; documentName: string; sections: { label: string; text: string }[]; notes: string[] };

export function demoProviderOptions(request: DemoRequest): { demo: DemoRequest } {
  return { demo: request };
}

const TITLE_MAX_WORDS = 8;
const TITLE_MAX_CHARS = 60;
/** Words that open a noun phrase: after a cut, the word before them was waiting for its object. */
const OBJECT_START = new Set(['a', 'an', 'the', 'our', 'my', 'their', 'its', 'his', 'her', 'your', 'this', 'that', 'these', 'those', 'some', 'new']);
/** Words that start a phrase a title can end before. */
const CONNECTORS = new Set(['to', 'for', 'in', 'into', 'with', 'by', 'from', 'on', 'at', 'of', 'about', 'and', 'or']);
/** Words a title never ends on: a phrase cut before them reads whole ("Open branches in the suburbs"). */
const DANGLING = new Set(
  'a an the and or but nor so yet of to in on at for with by from about as into over than that which who whom whose what when where why how should would could can will shall do does did is are was were be been our my your their its we i you it this these those if whether vs versus'.split(' '),
);
/** Openings that add nothing to a title. */
const FILLER = /^(?:(?:hi|hello|hey)\b[\s,!]*)?(?:(?:please|can you|could you|would you|i want to know|i'd like to know|i need to know|tell me|help me(?: with)?|i need help with)\b[\s,]*)*/i;

/**
 * A title from the first user message alone, as a short, complete phrase: the question it asks (its
 * first sentence ending in '?', else its first sentence), without filler, cut at most at eight words
 * and never on a word that leaves the phrase hanging ("We run a regional bank. Should" was the old cut).
 */
export function demoTitle(firstUserMessage: string): string {
  const text = firstUserMessage.replace(/\s+/g, ' ').trim();
  const sentences = text.match(/[^.!?]+[.!?]*/g)?.map((sentence) => sentence.trim()).filter((sentence) => /[\p{L}\p{N}]/u.test(sentence)) ?? [];
  const sentence = sentences.find((candidate) => candidate.endsWith('?')) ?? sentences[0] ?? '';
  let words = sentence.replace(FILLER, '').replace(/[\s.,;:!?…-]+$/u, '').split(' ').filter(Boolean);
  if (words.length > TITLE_MAX_WORDS) {
    const next = words[TITLE_MAX_WORDS]!.toLowerCase();
    words = words.slice(0, TITLE_MAX_WORDS);
    // Cut at the last phrase boundary (a comma) when there is one, then drop any hanging word.
    const comma = words.findLastIndex((word, index) => index > 1 && word.endsWith(','));
    if (comma > 0) words = words.slice(0, comma + 1);
    // The cut left a verb without its object ("... portfolio to fund | a digital branch"): end before the
    // phrase it belongs to ("Should we sell our card portfolio").
    else if (OBJECT_START.has(next)) {
      const connector = words.findLastIndex((word, index) => index > 2 && CONNECTORS.has(word.toLowerCase()));
      if (connector > 0) words = words.slice(0, connector);
    }
  }
  const clean = (word: string) => word.replace(/[,;:]+$/, '').toLowerCase();
  while (words.length > 1 && DANGLING.has(clean(words.at(-1)!))) words.pop();
  let title = words.join(' ').replace(/[\s.,;:!?…-]+$/u, '');
  if (title.length > TITLE_MAX_CHARS) title = title.slice(0, TITLE_MAX_CHARS).replace(/\s+\S*$/, '');
  if (!title) return 'New conversation';
  return title.charAt(0).toUpperCase() + title.slice(1);
}

function lastUserText(options: CallOptions): string {
  for (let i = options.prompt.length - 1; i >= 0; i--) {
    const message = options.prompt[i]!;
    if (message.role === 'user') {
      return message.content
        .map((part) => (part.type === 'text' ? part.text : ''))
        .join('')
        .trim();
    }
  }
  return '';
}

function requestOf(options: CallOptions): DemoRequest {
  const given = options.providerOptions?.demo as DemoRequest | undefined;
  if (given && ['reply', 'title', 'memo', 'seat', 'chair', 'analysis'].includes(given.task)) return given;
  // Called without persona inputs (a tool, a smoke test): answer the last user message as the default persona.
  return { task: 'reply', ...chatDefaults, question: lastUserText(options) };
}

/** Reference material in the prompt (e.g. attached documents, in the fences a context provider added: ai/fence.ts). */
function documentsIn(options: CallOptions): DemoDocument[] {
  const documents: DemoDocument[] = [];
  for (const message of options.prompt) {
    if (message.role !== 'user') continue;
    const text = message.content.map((part) => (part.type === 'text' ? part.text : '')).join('');
    for (const block of readFences(text)) if (block.kind === 'document') documents.push({ name: block.fields.name ?? 'document', text: block.content });
  }
  return documents;
}

function textFor(request: DemoRequest, options: CallOptions): string {
  if (request.task === 'title') return demoTitle(request.firstUserMessage);
  if (request.task === 'memo') return composeDemoMemo(request);
  if (request.task === 'seat') return composeDemoSeat(request);
  if (request.task === 'chair') return composeDemoChair(request);
  if (request.task === 'analysis') {
    const { executiveSummary, keyPoints, risks, questions } = composeDemoAnalysis(request);
    return JSON.stringify({ executiveSummary, keyPoints, risks, questions });
  }
  const documents = documentsIn(options);
  const reply = composeDemoReply(documents.length > 0 ? { ...request, documents } : request);
  const calculation = calculationIn(options);
  if (!calculation) return reply;
  // The figure the tool computed goes right after the demo line, before the advice.
  const cut = reply.indexOf('\n\n');
  const lines = demoCalculationLines(calculation).join('\n');
  return cut < 0 ? `${lines}\n${reply}` : `${reply.slice(0, cut + 2)}${lines}\n${reply.slice(cut + 2)}`;
}

/** Whether the caller offers the model the `calculate` tool (the reply's tool path, decision 070). */
function offersCalculate(options: CallOptions): boolean {
  return options.tools?.some((tool) => tool.type === 'function' && tool.name === 'calculate') ?? false;
}

/** Whether the prompt already carries tool results: the demo calls a tool once, in its first step. */
function hasToolResults(options: CallOptions): boolean {
  return options.prompt.some((message) => message.role === 'tool');
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

/** The tool call the demo makes in a reply's first step, when the question or a sheet holds figures to compute. */
function toolCallFor(request: DemoRequest, options: CallOptions): { toolName: 'calculate'; input: string } | null {
  if (request.task !== 'reply' || !offersCalculate(options) || hasToolResults(options)) return null;
  const input = demoCalculation(request.question, documentsIn(options));
  return input ? { toolName: 'calculate', input: JSON.stringify(input) } : null;
}

function promptChars(options: CallOptions): number {
  return options.prompt.reduce((sum, m) => sum + (typeof m.content === 'string' ? m.content.length : JSON.stringify(m.content).length), 0);
}

function usageOf(inputChars: number, outputChars: number): Usage {
  const input = Math.ceil(inputChars / 4);
  const output = Math.ceil(outputChars / 4);
  return {
    inputTokens: { total: input, noCache: input, cacheRead: 0, cacheWrite: 0 },
    outputTokens: { total: output, text: output, reasoning: 0 },
  };
}

/**
 * The built-in offline model (AI_PROVIDER=demo): implements the AI SDK's LanguageModel v4
 * specification, so the whole streaming path (runner, SSE, stop, usage) runs exactly as with a
 * real provider. Replies come from the persona content; they stream word by word.
 */
export class DemoLanguageModel implements LanguageModelV4 {
  readonly specificationVersion = 'v4';
  readonly provider = 'demo';
  readonly modelId: string;
  readonly supportedUrls = {};
  private readonly wordDelayMs: number;

  constructor(options: { modelId?: string; wordDelayMs: number }) {
    this.modelId = options.modelId ?? 'demo';
    this.wordDelayMs = options.wordDelayMs;
  }

  async doGenerate(options: CallOptions): Promise<GenerateResult> {
    const text = textFor(requestOf(options), options);
    return {
      content: [{ type: 'text', text }],
      finishReason: { unified: 'stop', raw: 'stop' },
      usage: usageOf(promptChars(options), text.length),
      warnings: [],
      response: { id: `demo-${crypto.randomUUID()}`, modelId: this.modelId, timestamp: new Date() },
    };
  }

  async doStream(options: CallOptions): Promise<StreamResult> {
    const request = requestOf(options);
    const call = toolCallFor(request, options);
    if (call) return this.streamToolCall(call, options);
    const text = textFor(request, options);
    const words = text.match(/\s*\S+\s*/g) ?? [];
    const { abortSignal } = options;
    const delayMs = this.wordDelayMs;
    const modelId = this.modelId;
    const inputChars = promptChars(options);
    let next = 0;
    const stream = new ReadableStream<StreamPart>({
      start(controller) {
        controller.enqueue({ type: 'stream-start', warnings: [] });
        controller.enqueue({ type: 'response-metadata', id: `demo-${crypto.randomUUID()}`, modelId, timestamp: new Date() });
        controller.enqueue({ type: 'text-start', id: 'text' });
      },
      async pull(controller) {
        if (next > 0 && delayMs > 0) await sleep(delayMs, undefined, { signal: abortSignal }).catch(() => {});
        if (abortSignal?.aborted) {
          // What fetch does for a real provider: the body stream errors with the abort reason.
          controller.error(abortSignal.reason);
          return;
        }
        if (next < words.length) {
          controller.enqueue({ type: 'text-delta', id: 'text', delta: words[next]! });
          next += 1;
          return;
        }
        controller.enqueue({ type: 'text-end', id: 'text' });
        controller.enqueue({ type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage: usageOf(inputChars, text.length) });
        controller.close();
      },
    });
    return { stream };
  }

  /** A first step that only calls a tool, as a real model's would: the tool loop runs it and calls the model again with its result. */
  private streamToolCall(call: { toolName: string; input: string }, options: CallOptions): StreamResult {
    const modelId = this.modelId;
    const toolCallId = `demo-call-${crypto.randomUUID()}`;
    const stream = new ReadableStream<StreamPart>({
      start(controller) {
        controller.enqueue({ type: 'stream-start', warnings: [] });
        controller.enqueue({ type: 'response-metadata', id: `demo-${crypto.randomUUID()}`, modelId, timestamp: new Date() });
        controller.enqueue({ type: 'tool-call', toolCallId, toolName: call.toolName, input: call.input });
        controller.enqueue({ type: 'finish', finishReason: { unified: 'tool-calls', raw: 'tool_calls' }, usage: usageOf(promptChars(options), call.input.length) });
        controller.close();
      },
    });
    return { stream };
  }
}
