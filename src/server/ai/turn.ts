import { retryWithExponentialBackoff } from '@ai-sdk/provider-utils';
import { APICallError, RetryError, stepCountIs, streamText, type LanguageModel, type ModelMessage, type ToolSet } from 'ai';
import { withoutInvalidCodePoints } from '#contract/text.ts';
import { TurnAbort, type TurnRun } from './turn-outcome.ts';
import { createStallTimer } from './stall-timer.ts';

// The provider specification's types, taken from `ai` itself so they match the version installed.
type SpecModel = Extract<LanguageModel, { specificationVersion: 'v4' }>;
type CallOptions = Parameters<SpecModel['doStream']>[0];
type SpecPrompt = CallOptions['prompt'];

export interface TurnRequest {
  model: LanguageModel;
  system: string;
  messages: ModelMessage[];
  maxOutputTokens: number;
  /** Retries of a 429 or 5xx answer to the request itself, which comes before any token. */
  maxRetries: number;
  /** A call that produces nothing for this long (before the first token too) is given up. */
  stallTimeoutMs: number;
  providerOptions?: CallOptions['providerOptions'];
  /** Aborts the call: the caller's reasons (a TurnAbort), and the stall timer's. */
  controller: AbortController;
  /** Each piece of text as it arrives, with the text so far. */
  onText(delta: string, text: string): void;
  /**
   * Tools the model may call (src/server/ai/tools). With at least one, the turn runs the AI SDK's
   * multi-step tool loop (`streamText`, at most `maxSteps` model calls); with none, the plain text
   * path below (decision 069).
   */
  tools?: ToolSet;
  /** Model calls a turn with tools may make (each tool round is one more); 1 when unset. */
  maxSteps?: number;
  /** Each tool call as the model makes it, and its result or error as the tool ends. */
  onToolEvent?(event: TurnToolEvent): void;
}

/** A tool call's life as a turn reports it (what the reply saves and streams). */
export type TurnToolEvent =
  | { type: 'tool-call'; callId: string; name: string; input: unknown }
  | { type: 'tool-result'; callId: string; name: string; output: unknown }
  | { type: 'tool-error'; callId: string; name: string; error: string };

export interface TurnResult extends TurnRun {
  usage: { inputTokens: number | undefined; outputTokens: number | undefined } | undefined;
}

/** The text of a message we built (plain text, or text parts): a turn carries nothing else. */
function textOf(message: ModelMessage): string {
  const { content } = message;
  if (typeof content === 'string') return content;
  return content
    .map((part) => {
      if (part.type !== 'text') throw new Error(`a turn's prompt carries text only, not ${part.type}`);
      return part.text;
    })
    .join('');
}

/** The system prompt and the conversation in the provider specification's shape (what streamText would build for text). */
export function specPrompt(system: string, messages: ModelMessage[]): SpecPrompt {
  const prompt: SpecPrompt = [{ role: 'system', content: system }];
  for (const message of messages) {
    if (message.role === 'user' || message.role === 'assistant') prompt.push({ role: message.role, content: [{ type: 'text', text: textOf(message) }] });
    else if (message.role === 'system') prompt.push({ role: 'system', content: message.content });
    else throw new Error(`a turn's prompt carries no ${message.role} message`);
  }
  return prompt;
}

/** A provider's Retry-After (or retry-after-ms) when it is reasonable (under a minute), as streamText reads it. */
function retryDelayMs({ error, exponentialBackoffDelay }: { error: unknown; exponentialBackoffDelay: number }): number {
  const headers = APICallError.isInstance(error) ? error.responseHeaders : undefined;
  if (!headers) return exponentialBackoffDelay;
  let ms: number | undefined;
  const afterMs = Number.parseFloat(headers['retry-after-ms'] ?? '');
  if (!Number.isNaN(afterMs)) ms = afterMs;
  const after = headers['retry-after'];
  if (ms === undefined && after) {
    const seconds = Number.parseFloat(after);
    ms = Number.isNaN(seconds) ? Date.parse(after) - Date.now() : seconds * 1000;
  }
  return ms !== undefined && !Number.isNaN(ms) && ms >= 0 && (ms < 60_000 || ms < exponentialBackoffDelay) ? ms : exponentialBackoffDelay;
}

/**
 * One model call, streamed: reads the stream to its end, passing text on as it arrives, and never
 * throws (what went wrong is in the result). The building block of a reply, and of each seat of a
 * roundtable.
 *
 * It calls the model's `doStream` (the provider specification) rather than `streamText` (decision
 * 048): a turn is one step of text, and streamText's multi-step machinery (five transform streams,
 * every part kept for replay, a schema wrapper per chunk) doubled the server's time per reply and
 * kept each reply's parts until it ended. What streamText did that a turn needs is here: the prompt
 * in the specification's shape, retries of a retryable error before the stream (429, 5xx, a network
 * failure; Retry-After respected) wrapped in the SDK's RetryError, and the usage.
 */
export async function streamTurn(request: TurnRequest): Promise<TurnResult> {
  return request.tools && Object.keys(request.tools).length > 0 ? streamToolTurn(request, request.tools) : streamTextTurn(request);
}

type StallTimer = ReturnType<typeof createStallTimer>;

/**
 * What both paths share: the result they fill, the stall timer (armed now, cleared at the end, aborting
 * the turn when the model is silent too long), and a turn that never throws (what went wrong is in the result).
 */
async function runTurn(request: TurnRequest, read: (run: TurnResult, stall: StallTimer) => Promise<void>): Promise<TurnResult> {
  const stall = createStallTimer(request.stallTimeoutMs, () => request.controller.abort(new TurnAbort('stall')));
  const run: TurnResult = { text: '', finished: false, error: undefined, usage: undefined };
  try {
    stall.arm();
    await read(run, stall);
  } catch (err) {
    run.error ??= err;
  } finally {
    stall.clear();
  }
  return run;
}

/**
 * A piece of text the model wrote, added to the turn and passed on. What the model writes is saved and
 * shown: a NUL or other invalid code point would make the database refuse the whole reply, so it is
 * dropped here, before anything sees it.
 */
function addText(run: TurnResult, request: TurnRequest, delta: string): void {
  const text = withoutInvalidCodePoints(delta);
  if (!text) return;
  run.text += text;
  request.onText(text, run.text);
}

/** The plain path: one step of text, read from the model's doStream (decision 048, measured again in 069). */
function streamTextTurn(request: TurnRequest): Promise<TurnResult> {
  const { controller } = request;
  return runTurn(request, async (run, stall) => {
    const model = request.model;
    if (typeof model === 'string' || model.specificationVersion !== 'v4') throw new Error('the model does not speak the provider specification v4');
    const options: CallOptions = {
      prompt: specPrompt(request.system, request.messages),
      maxOutputTokens: request.maxOutputTokens,
      abortSignal: controller.signal,
      providerOptions: request.providerOptions,
    };
    const retry = retryWithExponentialBackoff({
      maxRetries: request.maxRetries,
      abortSignal: controller.signal,
      shouldRetry: (error) => APICallError.isInstance(error) && error.isRetryable,
      getDelayInMs: retryDelayMs,
      createRetryError: ({ message, reason, errors }) => new RetryError({ message, reason, errors }),
    });
    const { stream } = await retry(() => model.doStream(options));
    for await (const part of stream) {
      if (part.type === 'text-delta' && part.delta) {
        stall.arm();
        addText(run, request, part.delta);
      } else if (part.type === 'reasoning-delta') {
        stall.arm();
      } else if (part.type === 'error') {
        run.error ??= part.error;
      } else if (part.type === 'finish') {
        run.finished = true;
        run.usage = { inputTokens: part.usage.inputTokens.total, outputTokens: part.usage.outputTokens.total };
      }
      if (controller.signal.aborted) break;
    }
  });
}

/**
 * The tool path: the AI SDK's multi-step loop (streamText with tools and a step limit), which calls
 * the tools the model asks for and feeds their results back as the next step's tool messages. Text
 * and tool events reach the caller as they happen; the stall timer hears every part (a tool that
 * runs long counts as silence: tools bound their own time well under it).
 */
function streamToolTurn(request: TurnRequest, tools: ToolSet): Promise<TurnResult> {
  const { controller } = request;
  return runTurn(request, async (run, stall) => {
    const result = streamText({
      model: request.model,
      instructions: request.system,
      messages: request.messages,
      tools,
      stopWhen: stepCountIs(Math.max(1, request.maxSteps ?? 1)),
      maxOutputTokens: request.maxOutputTokens,
      maxRetries: request.maxRetries,
      abortSignal: controller.signal,
      providerOptions: request.providerOptions,
      // The error part below carries it into the result; the SDK's default would also print it.
      onError: () => {},
    });
    for await (const part of result.fullStream) {
      switch (part.type) {
        case 'text-delta':
          stall.arm();
          addText(run, request, part.text);
          break;
        case 'reasoning-delta':
        case 'tool-input-delta':
        case 'start-step':
          stall.arm();
          break;
        case 'tool-call':
          stall.arm();
          request.onToolEvent?.({ type: 'tool-call', callId: part.toolCallId, name: part.toolName, input: part.input });
          break;
        case 'tool-result':
          stall.arm();
          request.onToolEvent?.({ type: 'tool-result', callId: part.toolCallId, name: part.toolName, output: part.output });
          break;
        case 'tool-error':
          stall.arm();
          request.onToolEvent?.({ type: 'tool-error', callId: part.toolCallId, name: part.toolName, error: part.error instanceof Error ? part.error.message : String(part.error) });
          break;
        case 'error':
          run.error ??= part.error;
          break;
        case 'finish':
          run.finished = !controller.signal.aborted;
          run.usage = { inputTokens: part.totalUsage.inputTokens, outputTokens: part.totalUsage.outputTokens };
          break;
      }
      if (controller.signal.aborted) break;
    }
  });
}
