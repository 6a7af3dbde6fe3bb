import { asSchema, retryWithExponentialBackoff, safeParseJSON } from '@ai-sdk/provider-utils';
import type { JSONValue } from '@ai-sdk/provider';
import { APICallError, RetryError, type LanguageModel, type ModelMessage, type ToolSet } from 'ai';
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
 * One turn, streamed: reads the model to its end, passing text on as it arrives, and never throws
 * (what went wrong is in the result). The building block of a reply, and of each seat of a roundtable.
 *
 * It calls the model's `doStream` (the provider specification) rather than `streamText` (decision
 * 048, amended by 069): streamText's multi-step machinery (five transform streams, every part kept for
 * replay, a schema wrapper per chunk) doubled the server's time per reply, and with tools offered it
 * still cost 3 to 9 ms of first-token p99 on a reply that called none. What streamText did that a turn
 * needs is here: the prompt in the specification's shape, retries of a retryable error before the
 * stream (429, 5xx, a network failure; Retry-After respected) wrapped in the SDK's RetryError, the usage,
 * and, when tools are given, the multi-step loop: the tools the model asks for are validated against
 * their schema and run as their calls arrive, and their results (or errors, which the model can act on)
 * go back as the next step's tool message, for at most `maxSteps` model calls. A step that asks for no
 * tool ends the turn, so a reply that calls none is one doStream, as on the plain path.
 */
export async function streamTurn(request: TurnRequest): Promise<TurnResult> {
  const { controller } = request;
  const tools = request.tools && Object.keys(request.tools).length > 0 ? request.tools : undefined;
  const maxSteps = tools ? Math.max(1, request.maxSteps ?? 1) : 1;
  return runTurn(request, async (run, stall) => {
    const model = request.model;
    if (typeof model === 'string' || model.specificationVersion !== 'v4') throw new Error('the model does not speak the provider specification v4');
    const prompt = specPrompt(request.system, request.messages);
    const specTools = tools ? await specToolsOf(tools) : undefined;
    const retry = retryWithExponentialBackoff({
      maxRetries: request.maxRetries,
      abortSignal: controller.signal,
      shouldRetry: (error) => APICallError.isInstance(error) && error.isRetryable,
      getDelayInMs: retryDelayMs,
      createRetryError: ({ message, reason, errors }) => new RetryError({ message, reason, errors }),
    });
    for (let step = 0; step < maxSteps; step++) {
      const options: CallOptions = {
        prompt,
        maxOutputTokens: request.maxOutputTokens,
        abortSignal: controller.signal,
        providerOptions: request.providerOptions,
        ...(specTools ? { tools: specTools, toolChoice: { type: 'auto' } } : {}),
      };
      const { stream } = await retry(() => model.doStream(options));
      let stepText = '';
      let stepFinished = false;
      const calls: RunningToolCall[] = [];
      for await (const part of stream) {
        if (part.type === 'text-delta' && part.delta) {
          stall.arm();
          // The step's own text, appended as it comes: slicing it out of the turn's text would copy the
          // whole text at every delta (a string built by += is flattened to be sliced).
          stepText += addText(run, request, part.delta);
        } else if (part.type === 'reasoning-delta' || part.type === 'tool-input-start' || part.type === 'tool-input-delta') {
          stall.arm();
        } else if (part.type === 'tool-call' && tools && !part.providerExecuted) {
          stall.arm();
          calls.push(startToolCall(request, tools, part, () => stall.arm()));
        } else if (part.type === 'error') {
          run.error ??= part.error;
        } else if (part.type === 'finish') {
          stepFinished = true;
          run.usage = addUsage(run.usage, part.usage);
        }
        if (controller.signal.aborted) break;
      }
      const results = await Promise.all(calls.map((call) => call.result));
      run.finished = stepFinished && !controller.signal.aborted;
      if (controller.signal.aborted || run.error !== undefined || calls.length === 0) break;
      // The step asked for tools: its text and calls, then their results, are the next step's prompt.
      prompt.push({
        role: 'assistant',
        content: [...(stepText ? [{ type: 'text' as const, text: stepText }] : []), ...calls.map((call) => ({ type: 'tool-call' as const, toolCallId: call.id, toolName: call.name, input: call.input }))],
      });
      prompt.push({ role: 'tool', content: results });
    }
  });
}

/**
 * The frame of a turn: the result it fills, the stall timer (armed now, cleared at the end, aborting
 * the turn when the model is silent too long), and a turn that never throws (what went wrong is in the result).
 */
type StallTimer = ReturnType<typeof createStallTimer>;

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
 * dropped here, before anything sees it. Returns what was added.
 */
function addText(run: TurnResult, request: TurnRequest, delta: string): string {
  const text = withoutInvalidCodePoints(delta);
  if (!text) return '';
  run.text += text;
  request.onText(text, run.text);
  return text;
}

type SpecTool = NonNullable<CallOptions['tools']>[number];
type SpecUsage = Extract<Awaited<ReturnType<SpecModel['doStream']>>['stream'] extends ReadableStream<infer P> ? P : never, { type: 'finish' }>['usage'];
type ToolResultPart = Extract<SpecPrompt[number], { role: 'tool' }>['content'][number] & { type: 'tool-result' };

interface RunningToolCall {
  id: string;
  name: string;
  /** The parsed input (what the next step's prompt repeats), or the raw text when it did not parse. */
  input: unknown;
  /** Settles, never rejects, with what the model reads next: the output, or the error as text. */
  result: Promise<ToolResultPart>;
}

/** Each tool's JSON schema, made once per schema object (tools are made per turn, their schemas are module constants). */
const jsonSchemas = new WeakMap<object, Promise<unknown>>();

async function specToolsOf(tools: ToolSet): Promise<SpecTool[]> {
  return Promise.all(
    Object.entries(tools).map(async ([name, tool]) => {
      const key = (tool.inputSchema ?? tool) as object;
      let schema = jsonSchemas.get(key);
      if (!schema) {
        schema = Promise.resolve(asSchema(tool.inputSchema).jsonSchema);
        jsonSchemas.set(key, schema);
      }
      return { type: 'function' as const, name, description: typeof tool.description === 'string' ? tool.description : undefined, inputSchema: (await schema) as Extract<SpecTool, { type: 'function' }>['inputSchema'] };
    }),
  );
}

function addUsage(total: TurnResult['usage'], usage: SpecUsage): TurnResult['usage'] {
  const sum = (a: number | undefined, b: number | undefined) => (a === undefined && b === undefined ? undefined : (a ?? 0) + (b ?? 0));
  return { inputTokens: sum(total?.inputTokens, usage.inputTokens.total), outputTokens: sum(total?.outputTokens, usage.outputTokens.total) };
}

/**
 * A tool call as it arrives: reported, its input parsed and validated against the tool's schema, and run
 * at once (calls of one step run side by side). An unknown tool, an input that does not fit, or a tool
 * that throws becomes an error the model reads in the next step, never a failed turn.
 */
function startToolCall(request: TurnRequest, tools: ToolSet, part: { toolCallId: string; toolName: string; input: string }, heard: () => void): RunningToolCall {
  const { toolCallId: id, toolName: name } = part;
  const tool = tools[name];
  let input: unknown = part.input;
  const fail = (error: unknown): ToolResultPart => {
    const message = error instanceof Error ? error.message : String(error);
    if (!request.controller.signal.aborted) request.onToolEvent?.({ type: 'tool-error', callId: id, name, error: message });
    return { type: 'tool-result', toolCallId: id, toolName: name, output: { type: 'error-text', value: message } };
  };
  const call: RunningToolCall = { id, name, input, result: Promise.resolve(undefined as never) };
  const parsed = tool ? safeParseJSON({ text: part.input.trim() === '' ? '{}' : part.input, schema: tool.inputSchema }) : undefined;
  call.result = (async (): Promise<ToolResultPart> => {
    if (!tool?.execute) {
      request.onToolEvent?.({ type: 'tool-call', callId: id, name, input });
      return fail(new Error(`there is no tool named ${JSON.stringify(name)}: use one of ${Object.keys(tools).join(', ')}`));
    }
    const result = await parsed!;
    if (result.success) call.input = input = result.value;
    else {
      const raw = await safeParseJSON({ text: part.input });
      if (raw.success) call.input = input = raw.value;
    }
    request.onToolEvent?.({ type: 'tool-call', callId: id, name, input });
    if (!result.success) return fail(new Error(`Invalid input for tool ${name}: ${result.error.message}`));
    try {
      let output: unknown;
      const running: unknown = tool.execute(result.value, { toolCallId: id, messages: request.messages, abortSignal: request.controller.signal, context: undefined });
      // A tool may stream its output (an async iterable: the last piece is the output) or return it.
      if (running && typeof running === 'object' && Symbol.asyncIterator in running) {
        for await (const piece of running as AsyncIterable<unknown>) {
          heard();
          output = piece;
        }
      } else output = await running;
      heard();
      if (request.controller.signal.aborted) return fail(request.controller.signal.reason);
      request.onToolEvent?.({ type: 'tool-result', callId: id, name, output });
      // What the model reads: the tool's own rendering (read_document fences its passages), else text or JSON.
      const forModel = tool.toModelOutput
        ? ((await tool.toModelOutput({ toolCallId: id, input: result.value, output })) as ToolResultPart['output'])
        : typeof output === 'string'
          ? { type: 'text' as const, value: output }
          : { type: 'json' as const, value: (output ?? null) as JSONValue };
      return { type: 'tool-result', toolCallId: id, toolName: name, output: forModel };
    } catch (error) {
      heard();
      return fail(error);
    }
  })();
  return call;
}
