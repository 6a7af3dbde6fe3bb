import { APICallError, RetryError } from 'ai';
import { replyErrors } from '#contract/chat.ts';

/** The error that decided the outcome: a retry wrapper carries the last attempt's. */
function rootCause(error: unknown): unknown {
  if (RetryError.isInstance(error)) return rootCause(error.lastError);
  return error;
}

function statusOf(error: unknown): number | undefined {
  const cause = rootCause(error);
  if (APICallError.isInstance(cause)) return cause.statusCode;
  return undefined;
}

/**
 * Words a user can read for a provider failure. Nothing from the provider's own message is passed
 * on: it can hold account details, and it is not written for the user.
 */
export function describeProviderError(error: unknown, options: { hadText: boolean }): string {
  const status = statusOf(error);
  if (status === 429) return replyErrors.rateLimited;
  if (status !== undefined && status >= 500) return replyErrors.unavailable;
  if (status !== undefined && status >= 400) return replyErrors.rejected;
  if (options.hadText) return replyErrors.connectionLost;
  const cause = rootCause(error);
  if (APICallError.isInstance(cause)) return replyErrors.unreachable;
  return replyErrors.unavailable;
}

/** A short, non-sensitive description for the server log. */
export function logSummary(error: unknown): { name: string; status?: number; message: string } {
  const cause = rootCause(error);
  const name = cause instanceof Error ? cause.name : typeof cause;
  const message = cause instanceof Error ? cause.message.slice(0, 300) : String(cause).slice(0, 300);
  return { name, status: statusOf(error), message };
}

/**
 * Whether a provider refused a request because the model or server cannot call tools (Ollama: "does
 * not support tools"; llama.cpp without --jinja; vLLM without --enable-auto-tool-choice): the reply
 * is then written on the plain path instead (decision 070).
 */
export function toolsUnsupported(error: unknown): boolean {
  const cause = rootCause(error);
  if (!APICallError.isInstance(cause)) return false;
  const status = cause.statusCode ?? 0;
  if (status < 400 || status === 401 || status === 403 || status === 429) return false;
  const text = `${cause.message} ${cause.responseBody ?? ''}`;
  return /\b(tools?|tool[ _-]?choice|function[ _-]?call(ing)?)\b/i.test(text) && /(not support|unsupported|requires|not enabled|invalid|unknown)/i.test(text);
}
