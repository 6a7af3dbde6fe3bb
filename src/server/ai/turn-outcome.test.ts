import { APICallError } from 'ai';
import { describe, expect, it } from 'vitest';
import { replyErrors } from '#contract/chat.ts';
import { abortKind, decideOutcome, TurnAbort } from './turn-outcome.ts';

const finished = { text: 'An answer.', finished: true, error: undefined };
const cut = { text: 'Half an', finished: false, error: undefined };

describe('decideOutcome', () => {
  it('completes a finished turn, and fails an empty one (giving the interaction back)', () => {
    expect(decideOutcome(finished, null)).toEqual({ status: 'complete', error: null, refund: false });
    expect(decideOutcome({ ...finished, text: '' }, null)).toEqual({ status: 'failed', error: replyErrors.empty, refund: true });
  });

  it("stops on the user's Stop, here or on another instance, keeping the interaction counted", () => {
    expect(decideOutcome(cut, 'stop')).toEqual({ status: 'stopped', error: null, refund: false });
    expect(decideOutcome(cut, 'stopped-elsewhere')).toEqual({ status: 'stopped', error: null, refund: false });
  });

  it('fails a stall and a shutdown with their own messages, giving the interaction back', () => {
    expect(decideOutcome(cut, 'stall')).toEqual({ status: 'failed', error: replyErrors.stalled, refund: true });
    expect(decideOutcome(cut, 'shutdown')).toEqual({ status: 'failed', error: replyErrors.interrupted, refund: true });
  });

  it("fails on the provider's error in the user's words, never the provider's", () => {
    const error = new APICallError({ message: 'secret account detail', url: 'http://x', requestBodyValues: {}, statusCode: 429 });
    const outcome = decideOutcome({ text: '', finished: false, error }, null);
    expect(outcome).toEqual({ status: 'failed', error: replyErrors.rateLimited, refund: true });
    // A provider that says it finished but also sent an error has not finished.
    expect(decideOutcome({ ...finished, error }, null).status).toBe('failed');
  });

  it('reads why a signal was aborted: only our own reasons count', () => {
    const ours = new AbortController();
    ours.abort(new TurnAbort('stall'));
    const theirs = new AbortController();
    theirs.abort(new Error('socket closed'));
    expect(abortKind(ours.signal)).toBe('stall');
    expect(abortKind(theirs.signal)).toBeNull();
    expect(abortKind(new AbortController().signal)).toBeNull();
  });
});
