import { setTimeout as sleep } from 'node:timers/promises';
import { chatDefaults } from '#contract/roles.ts';
import { readFences } from '../fence.ts';
import { composeDemoAnalysis } from './demo-analysis.ts';
import { composeDemoComparison } from './demo-comparison.ts';
import { extractFactsDeterministic } from './demo-facts.ts';
import { demoMemoryLines, readDemoMemory } from './demo-memory.ts';
import { composeDemoMemo } from './demo-memo.ts';
import { composeDemoNote } from './demo-note.ts';
import { composeDemoReply, DEMO_MARKER } from './demo-reply.ts';
import { demoSources } from './demo-reading.ts';
import type { DemoRequest } from './demo-request.ts';
import { composeDemoChair, composeDemoSeat } from './demo-roundtable.ts';
import { afterDemoLine, demoToolCall, documentsIn, readResultsIn, withCalculation, type CallOptions, type DemoToolCall, type LanguageModelV4 } from './demo-tools.ts';

export type { DemoRequest } from './demo-request.ts';

type StreamResult = Awaited<ReturnType<LanguageModelV4['doStream']>>;
type GenerateResult = Awaited<ReturnType<LanguageModelV4['doGenerate']>>;
type StreamPart = StreamResult['stream'] extends ReadableStream<infer P> ? P : never;
type Usage = GenerateResult['usage'];

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
/** A lead-in clause before the question ("Based on these numbers, ...", "Given our cash, ..."). */
const LEAD_IN = /^(?:based on|given|considering|in light of|looking at|with|after|as|regarding|now that|so|ok|okay|also)\b[^,?]{0,60},\s*/i;
/** Openings that add nothing to a title. */
const FILLER = /^(?:(?:hi|hello|hey)\b[\s,!]*)?(?:(?:please|can you|could you|would you|i want to know|i'd like to know|i need to know|tell me|help me(?: with)?|i need help with)\b[\s,]*)*/i;

/**
 * A title from the first user message alone, as a short, complete phrase: the question it asks (its
 * first sentence ending in '?', else its first sentence), without filler, cut at most at eight words
 * and never on a word that leaves the phrase hanging ("We run a regional bank. Should" was the old cut).
 */
export function demoTitle(firstUserMessage: string): string {
  const text = firstUserMessage.replace(/\s+/g, ' ').trim();
  // Sentences end at '.', '!' or '?' before a space or the end: "$2.4M" is one word, not two sentences.
  const sentences = text.split(/(?<=[.!?])\s+/).map((sentence) => sentence.trim()).filter((sentence) => /[\p{L}\p{N}]/u.test(sentence));
  const sentence = sentences.find((candidate) => candidate.endsWith('?')) ?? sentences[0] ?? '';
  // A sentence that ended ("... or leave it?") is whole; one the user left open may end on a hanging word.
  const ended = /[.!?]$/.test(sentence);
  const stripped = sentence.replace(FILLER, '');
  // "Based on these numbers, should we ...": the question, not the lead-in (kept when it is all there is).
  const withoutLeadIn = stripped.replace(LEAD_IN, '');
  let words = (/[\p{L}\p{N}]/u.test(withoutLeadIn) ? withoutLeadIn : stripped).replace(/[\s.,;:!?…-]+$/u, '').split(' ').filter(Boolean);
  let cut = !ended;
  if (words.length > TITLE_MAX_WORDS) {
    cut = true;
    const next = words[TITLE_MAX_WORDS]!.toLowerCase();
    words = words.slice(0, TITLE_MAX_WORDS);
    // Cut at the last phrase boundary (a comma) when there is one, then drop any hanging word.
    // A colon ends the question's phrase ("... billing system: $2.4M cost"); else the last comma does.
    const colon = words.findIndex((word, index) => index > 1 && /[:;]$/.test(word));
    const comma = words.findLastIndex((word, index) => index > 1 && word.endsWith(','));
    if (colon > 0) words = words.slice(0, colon + 1);
    else if (comma > 0) words = words.slice(0, comma + 1);
    // The cut left a verb without its object ("... portfolio to fund | a digital branch"): end before the
    // phrase it belongs to ("Should we sell our card portfolio").
    else if (OBJECT_START.has(next)) {
      const connector = words.findLastIndex((word, index) => index > 2 && CONNECTORS.has(word.toLowerCase()));
      if (connector > 0) words = words.slice(0, connector);
    }
  }
  while (words.join(' ').length > TITLE_MAX_CHARS && words.length > 1) {
    cut = true;
    words.pop();
  }
  const clean = (word: string) => word.replace(/[,;:]+$/, '').toLowerCase();
  if (cut) while (words.length > 1 && DANGLING.has(clean(words.at(-1)!))) words.pop();
  const title = words.join(' ').replace(/[\s.,;:!?…-]+$/u, '');
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
  if (given && ['reply', 'title', 'memo', 'seat', 'chair', 'analysis', 'compare', 'facts', 'note'].includes(given.task)) return given;
  // Called without persona inputs (a tool, a smoke test): answer the last user message as the default persona.
  return { task: 'reply', ...chatDefaults, question: lastUserText(options) };
}

/** The two answers a comparison's prompt holds, each in a conversation fence labelled with its author (prompts/second-opinion.ts). */
function answersIn(options: CallOptions): { firstAnswer: string; ownAnswer: string } {
  const answers = { firstAnswer: '', ownAnswer: '' };
  for (const message of options.prompt) {
    if (message.role !== 'user') continue;
    const text = message.content.map((part) => (part.type === 'text' ? part.text : '')).join('');
    for (const block of readFences(text)) {
      const from = block.fields['answer from'];
      if (block.kind !== 'conversation' || !from) continue;
      if (from.endsWith('(you)')) answers.ownAnswer = block.content;
      else answers.firstAnswer = block.content;
    }
  }
  return answers;
}

/** The company memory in the system prompt (features/memory), used visibly right after the demo line. */
function withMemory(reply: string, options: CallOptions): string {
  const system = options.prompt.map((message) => (message.role === 'system' ? message.content : '')).join('\n');
  const memory = readDemoMemory(readFences(system));
  return memory ? afterDemoLine(reply, demoMemoryLines(memory)) : reply;
}

function textFor(request: DemoRequest, options: CallOptions): string {
  if (request.task === 'title') return demoTitle(request.firstUserMessage);
  if (request.task === 'memo') return `${DEMO_MARKER}\n\n${composeDemoMemo(request)}`;
  // Every roundtable turn says what it is too, as a chat reply does (issue 31, point 6; decision 079).
  // A seat that computed states the figure first, with its inputs, as a reply does (issue 32, point 5).
  if (request.task === 'seat') return withCalculation(`${DEMO_MARKER}\n\n${composeDemoSeat(request)}`, options);
  if (request.task === 'chair') return `${DEMO_MARKER}\n\n${composeDemoChair(request)}`;
  if (request.task === 'compare') return composeDemoComparison(request, answersIn(options));
  if (request.task === 'facts') return JSON.stringify({ facts: extractFactsDeterministic(request.message) });
  if (request.task === 'note') return JSON.stringify({ facts: composeDemoNote(request) });
  if (request.task === 'analysis') {
    const { executiveSummary, keyPoints, risks, questions } = composeDemoAnalysis(request);
    return JSON.stringify({ executiveSummary, keyPoints, risks, questions });
  }
  const documents = documentsIn(options);
  // Passages read through read_document are quoted and cited [n]; otherwise the documents in the prompt.
  const sources = demoSources(readResultsIn(options), request.question);
  const reply = withMemory(composeDemoReply(sources.length > 0 ? { ...request, sources } : documents.length > 0 ? { ...request, documents } : request), options);
  // The figure the tool computed goes right after the demo line, before the advice.
  return withCalculation(reply, options);
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
    const call = demoToolCall(request, options);
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
  private streamToolCall(call: DemoToolCall, options: CallOptions): StreamResult {
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
