import { replyErrors } from '#contract/chat.ts';
import type { ChatMessage } from '#server/db/schema.ts';
import { describeProviderError } from '#server/ai/provider-errors.ts';

/** Why a turn was aborted by us; anything else that ends it early is the provider's doing. */
export class TurnAbort {
  constructor(readonly kind: 'stop' | 'stall' | 'shutdown' | 'stopped-elsewhere') {}
}

export function abortKind(signal: AbortSignal): TurnAbort['kind'] | null {
  const reason: unknown = signal.reason;
  return signal.aborted && reason instanceof TurnAbort ? reason.kind : null;
}

/** What reading a model's stream came to. */
export interface TurnRun {
  text: string;
  /** The provider said it finished. */
  finished: boolean;
  /** The first error the stream (or the call before it) raised. */
  error: unknown;
}

export type Outcome = Pick<ChatMessage, 'status' | 'error'> & {
  /** A failure that is not the user's doing gives a counted interaction back. */
  refund: boolean;
};

/**
 * How a turn ends: finished -> complete (failed when empty); the user's Stop (here or on another
 * instance) -> stopped; a stall, a shutdown or the provider -> failed with a user-readable message.
 */
export function decideOutcome(run: TurnRun, abort: TurnAbort['kind'] | null): Outcome {
  if (run.finished && !run.error) {
    return run.text ? { status: 'complete', error: null, refund: false } : { status: 'failed', error: replyErrors.empty, refund: true };
  }
  if (abort === 'stop' || abort === 'stopped-elsewhere') return { status: 'stopped', error: null, refund: false };
  if (abort === 'stall') return { status: 'failed', error: replyErrors.stalled, refund: true };
  if (abort === 'shutdown') return { status: 'failed', error: replyErrors.interrupted, refund: true };
  return { status: 'failed', error: describeProviderError(run.error, { hadText: run.text.length > 0 }), refund: true };
}
