import type { DemoComparisonRequest } from './demo-comparison.ts';
import type { DemoMemoRequest } from './demo-memo.ts';
import type { DemoNoteRequest } from './demo-note.ts';
import type { DemoChairRequest, DemoSeatRequest } from './demo-roundtable.ts';

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
  /** The second step of a second opinion: where it agrees and disagrees with the first answer (features/chat). */
  | DemoComparisonRequest
  /** A document's analysis (features/documents): answered as the JSON its structured output asks for. */
  | { task: 'analysis'; executiveRole: string; industry: string; documentName: string; sections: { label: string; text: string }[]; notes: string[] }
  /** Company memory's "Remember this?" (features/memory): the facts a user's message states, as the JSON its structured output asks for. */
  | { task: 'facts'; message: string }
  /** A conversation's note (features/chat/notes): the facts, figures and decisions of the cut turns, as the JSON its structured output asks for. */
  | DemoNoteRequest;
