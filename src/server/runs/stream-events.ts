import type { ToolActivity } from '#contract/tools.ts';
import type { ChatMessageStatus } from '#contract/chat.ts';
import type { RoundtableStatus, RoundtableStopReason, RoundtableTurnKind, Stance } from '#contract/roundtable.ts';

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
  | { type: 'turn-start'; turn: string; seat?: string; round?: number; kind?: RoundtableTurnKind }
  /** `offset`: the length of the turn's text once `text` is added. */
  | { type: 'delta'; turn: string; text: string; offset: number }
  /** The turn's tool calls so far, whole (issue 32): sent when one starts and when it ends. */
  | { type: 'tools'; turn: string; tools: ToolActivity[] }
  /** `stance`: a roundtable seat's, read from its words (which `final.content` then holds without the stance block). */
  | { type: 'turn-end'; turn: string; final: TurnFinal; seat?: string; stance?: Stance | null }
  /** A roundtable's round is over: whose stance changed in it. */
  | { type: 'round-end'; round: number; changedSeats: string[] }
  /** A roundtable's last event: how it ended. */
  | { type: 'end'; status?: RoundtableStatus; stopReason?: RoundtableStopReason | null; tokensUsed?: number };
