import { streamText, type LanguageModel, type LanguageModelUsage, type ModelMessage } from 'ai';
import { withoutInvalidCodePoints } from '#contract/text.ts';
import { TurnAbort, type TurnRun } from './outcome.ts';
import { createStallTimer } from './stall-timer.ts';

export interface TurnRequest {
  model: LanguageModel;
  system: string;
  messages: ModelMessage[];
  maxOutputTokens: number;
  /** Retries of a 429 or 5xx answer to the request itself, which comes before any token. */
  maxRetries: number;
  /** A call that produces nothing for this long (before the first token too) is given up. */
  stallTimeoutMs: number;
  providerOptions?: Parameters<typeof streamText>[0]['providerOptions'];
  /** Aborts the call: the caller's reasons (a TurnAbort), and the stall timer's. */
  controller: AbortController;
  /** Each piece of text as it arrives, with the text so far. */
  onText(delta: string, text: string): void;
}

export interface TurnResult extends TurnRun {
  usage: LanguageModelUsage | undefined;
}

/**
 * One model call, streamed: reads the stream to its end, passing text on as it arrives, and never
 * throws (what went wrong is in the result). The building block of a reply, and of each seat of a
 * roundtable.
 */
export async function streamTurn(request: TurnRequest): Promise<TurnResult> {
  const { controller } = request;
  const stall = createStallTimer(request.stallTimeoutMs, () => controller.abort(new TurnAbort('stall')));
  const run: TurnResult = { text: '', finished: false, error: undefined, usage: undefined };
  try {
    stall.arm();
    const result = streamText({
      model: request.model,
      instructions: request.system,
      messages: request.messages,
      maxOutputTokens: request.maxOutputTokens,
      maxRetries: request.maxRetries,
      abortSignal: controller.signal,
      providerOptions: request.providerOptions,
      // Errors arrive as 'error' parts below; the default handler would print them with console.error.
      onError: () => {},
    });
    for await (const part of result.fullStream) {
      if (part.type === 'text-delta' && part.text) {
        stall.arm();
        // What the model writes is saved and shown: a NUL or other invalid code point would make the
        // database refuse the whole reply, so it is dropped here, before anything sees it.
        const text = withoutInvalidCodePoints(part.text);
        if (!text) continue;
        run.text += text;
        request.onText(text, run.text);
      } else if (part.type === 'reasoning-delta') {
        stall.arm();
      } else if (part.type === 'error') {
        run.error ??= part.error;
      } else if (part.type === 'finish') {
        run.finished = true;
        run.usage = part.totalUsage;
      }
    }
  } catch (err) {
    run.error ??= err;
  } finally {
    stall.clear();
  }
  return run;
}
