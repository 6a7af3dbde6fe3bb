import type { ChatMessageStatus } from '#contract/chat.ts';

export interface ReplyUsage {
  promptTokens: number | null;
  completionTokens: number | null;
}

/** How a turn ended, as its readers are told. */
export type TurnFinal =
  | { type: 'done'; status: Extract<ChatMessageStatus, 'complete' | 'stopped'>; content: string; usage: ReplyUsage }
  | { type: 'error'; message: string; content: string };

/**
 * What the engine publishes on a stream of the event hub. A turn is one model call writing one
 * message (its id is the message id). A single reply is a stream of one turn: its deltas, then its
 * `turn-end` as the stream's last event. A roundtable is one stream of several turns (one per seat,
 * streaming at once, then the chair's): `turn-start`, interleaved deltas, a `turn-end` each, and
 * `end` last. Events are plain JSON, so a Redis hub can carry them.
 */
export type TurnStreamEvent =
  | { type: 'turn-start'; turn: string; seat?: string }
  /** `offset`: the length of the turn's text once `text` is added. */
  | { type: 'delta'; turn: string; text: string; offset: number }
  | { type: 'turn-end'; turn: string; final: TurnFinal }
  | { type: 'end' };
