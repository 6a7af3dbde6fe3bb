import { memoryLimits } from '#contract/memory-text.ts';

/**
 * The offline demo's fact extractor (company memory, decision 073): first-person statements of fact
 * in a user's message ("We closed the Series A at $12M.", "We hired a CRO."), never questions,
 * plans, opinions or preferences about how to be advised. The demo model answers the memory's
 * structured-output call with it (task 'facts').
 */

export const FIRST_PERSON = /\b(we|we've|we're|our|us)\b/i;
const FACT_VERB =
  /\b(closed|raised|hired|signed|launched|acquired|bought|sold|lost|won|opened|shut|appointed|promoted|fired|laid off|cut|grew|reached|hit|have|has|had|are|were|employ|employs|run|operate|generate|burn|spend|serve|sell|just|finished|completed|moved|expanded|entered|exited|became)\b/i;
/** Preferences, opinions, plans and requests: never stored. */
const NOT_A_FACT =
  /\?|\b(prefer|preference|i like|i love|i hate|i want|we want|we'd like|you should|please|be (?:more|less)|tone|bullet points|shorter|longer|advise me|tell me|explain|i think|we think|i feel|i believe|we believe|maybe|might|plan to|planning|going to|will|would|should|could|considering|thinking about|if we)\b/i;

function sentences(text: string): string[] {
  return text
    .replace(/\s+/g, ' ')
    .split(/(?<=[.!?])\s+|;\s+/)
    .map((sentence) => sentence.trim())
    .filter(Boolean);
}

/** Normalises a proposed fact: one line, a capital first, a full stop last, bounded. */
export function tidyFact(text: string): string {
  let fact = text.replace(/\s+/g, ' ').trim().replace(/^[-*•]\s*/, '');
  if (!fact) return '';
  fact = fact.charAt(0).toUpperCase() + fact.slice(1);
  if (!/[.!]$/.test(fact)) fact = `${fact}.`;
  return fact.length > memoryLimits.factText ? `${fact.slice(0, memoryLimits.factText - 1)}…` : fact;
}

/** The demo's extractor (and a real model's fallback shape): first-person statements of fact, no questions, plans or preferences. */
export function extractFactsDeterministic(message: string): string[] {
  const facts: string[] = [];
  for (const sentence of sentences(message)) {
    if (sentence.endsWith('?') || NOT_A_FACT.test(sentence)) continue;
    if (!FIRST_PERSON.test(sentence) || !FACT_VERB.test(sentence)) continue;
    if (sentence.split(' ').length < 3) continue;
    facts.push(tidyFact(sentence));
    if (facts.length >= memoryLimits.proposalsPerReply) break;
  }
  return facts;
}

/**
 * Whether a message looks like it states a fact at all (a first-person statement with a fact's verb,
 * not a question, plan or preference): the cheap gate before any model call, so "What should I do?"
 * costs nothing.
 */
export function mayStateFacts(message: string): boolean {
  return extractFactsDeterministic(message).length > 0;
}

