import { noteLimits } from '#contract/conversation-note.ts';
import { extractFactsDeterministic } from './demo-facts.ts';

/**
 * The offline demo's conversation note (decision 083): it answers the note's structured-output call
 * from what the user actually wrote, with no model: the previous note's lines, then every sentence of
 * the user's cut turns that states a figure, a fact or a decision, in their own words. Questions are
 * left out (a question is not a fact). Bounded as a real model's note is.
 */

export type DemoNoteRequest = {
  task: 'note';
  /** The note so far, one fact a line ("- ..."). */
  previous: string;
  /** The user's messages that have left the window, oldest first. */
  userTurns: string[];
};

const FIGURE = /(?:[$€£]\s?\d|\d[\d,.]*\s?(?:%|k\b|m\b|bn\b|million|billion|thousand|months?|years?|weeks?|days?|people|staff|employees|customers|stores|branches|mw\b|x\b))|\b\d{2,}\b/i;
const DECISION = /\b(?:we (?:decided|chose|agreed|will|are going to|'ll)|i (?:decided|chose|agreed|will)|decided to|going with|let's go with|the board (?:approved|decided|agreed))\b/i;

function sentences(text: string): string[] {
  return text
    .replace(/\s+/g, ' ')
    .split(/(?<=[.!?])\s+(?=[A-Z"“(])|;\s+|\n+/)
    .map((sentence) => sentence.trim())
    .filter(Boolean);
}

function tidy(sentence: string): string {
  let line = sentence.replace(/^[-*•]\s*/, '').trim();
  line = line.charAt(0).toUpperCase() + line.slice(1);
  if (!/[.!]$/.test(line)) line = `${line}.`;
  return line.length > noteLimits.itemChars ? `${line.slice(0, noteLimits.itemChars - 1)}…` : line;
}

/** The sentences of one user message worth keeping: figures, facts and decisions, never questions. */
export function notableSentences(message: string): string[] {
  const facts = new Set(extractFactsDeterministic(message).map((fact) => fact.toLowerCase()));
  return sentences(message)
    .filter((sentence) => !sentence.endsWith('?'))
    .filter((sentence) => FIGURE.test(sentence) || DECISION.test(sentence) || facts.has(tidy(sentence).toLowerCase()))
    .map(tidy);
}

/** The demo's note: its lines, as the note's output schema asks (`{ facts }`). */
export function composeDemoNote(request: Omit<DemoNoteRequest, 'task'>): string[] {
  const previous = request.previous
    .split('\n')
    .map((line) => line.replace(/^\s*[-*•]\s*/, '').trim())
    .filter(Boolean);
  const lines: string[] = [];
  const seen = new Set<string>();
  for (const line of [...previous, ...request.userTurns.flatMap(notableSentences)]) {
    const key = line.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    lines.push(line);
  }
  // Over the bound, the newest lines stay (the oldest are the likeliest to have been superseded).
  return lines.slice(-noteLimits.items);
}
