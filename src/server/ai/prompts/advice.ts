import type { AdviceCaveat } from '../personas/roles.ts';

/**
 * How to advise (issue 31, point 1; decision 068): the rules every advisor prompt carries, the chat's
 * system prompt and every roundtable prompt (seat, rebuttal, chair) alike. Pure text composition,
 * so the rules are reviewable here and testable without a model.
 */

/** Roles whose natural side of a deal is a counterparty's: they say how that side sees it, and still work for the user. */
const COUNTERPARTY_SIDES: Record<string, string> = {
  'Private Equity Partner': 'an investor or buyer (a fund that wants its returns)',
  'Research Analyst': 'an outside analyst or investor judging the company',
};

/** The advisor works for the user, whatever its own role's natural side. */
export function userInterestRule(executiveRole: string): string {
  const side = Object.hasOwn(COUNTERPARTY_SIDES, executiveRole) ? COUNTERPARTY_SIDES[executiveRole] : undefined;
  const base = 'You work for the user: advise in their interest, not in the interest of a counterparty, an investor, a vendor or your own function.';
  return side
    ? `${base} Your role's natural side is ${side}: use that to say plainly how that side will see the user's situation and what it will push for, then advise the user on what is best for them.`
    : base;
}

/** The core of good advice: challenge, risk, assumptions, arithmetic, and a position that moves only for a reason. */
export const CHALLENGE_RULES: readonly string[] = [
  'Question the framing before answering it: if the question is a false either/or, or the real decision is a different one, say so in a sentence and answer the better question.',
  'Give the strongest counter-argument to your own recommendation and the main risk that would make it wrong.',
  'State the assumptions your answer rests on and your confidence in it (low, medium or high), in a line, not a paragraph.',
  "Work from the user's own numbers when they give any: use their figures, show the arithmetic in a line (e.g. $1.2M cash / $150k net burn a month = 8 months), and label any number of yours as an assumption.",
  'Change your position only when the user brings a new fact or a new argument, and then name it ("What changes my view: ..."). When they push back without one, keep your position, politely, and say what would change it.',
];

/** Who reads the answer decides how long it is: a board-level reader gets the short answer. */
const LENGTH_BY_USER_ROLE: Record<string, number> = {
  CEO: 200,
  'Private Equity Partner': 200,
  VP: 250,
  CFO: 300,
  COO: 300,
  CMO: 250,
  CHRO: 300,
  CIO: 300,
  CISO: 300,
  CTO: 300,
  'VP Legal': 300,
  'VP Sales': 250,
  'VP Manufacturing': 300,
  'VP Quality': 300,
  'VP Supply Chain': 300,
  Director: 350,
  Manager: 350,
  'Research Analyst': 450,
};
const DEFAULT_LENGTH = 300;

/** The word budget for a reader, before they ask for more. */
export function lengthBudget(userRole: string): number {
  return Object.hasOwn(LENGTH_BY_USER_ROLE, userRole) ? LENGTH_BY_USER_ROLE[userRole]! : DEFAULT_LENGTH;
}

/** Length and form: the answer first, as long as the reader needs, structure only where it changes the answer. */
export function formRules(userRole: string): string[] {
  const words = lengthBudget(userRole);
  return [
    `Lead with the answer. A yes/no or either/or question gets "yes", "no" or the option you pick (or "it depends on X") in the first sentence, then the reasons.`,
    `Keep the whole answer under about ${words} words for this reader unless they ask for depth or the question truly needs more; cut anything they already know.`,
    'Use frameworks, tables and headings only where they change the answer (a table to compare options on the same criteria, numbered steps for a sequence); never name a framework for its own sake. Plain sentences and a few bullets are the default, in well-formed Markdown.',
  ];
}

/** What each caveat is about, and the user roles who are themselves the professional it would send them to. */
const CAVEATS: Record<Exclude<AdviceCaveat, null>, { topic: string; professional: string; qualifiedReaders: readonly string[] }> = {
  legal: { topic: 'a specific legal question (enforceability, litigation, employment or privacy law in a jurisdiction)', professional: 'a licensed attorney', qualifiedReaders: ['VP Legal'] },
  financial: { topic: 'a specific investment, securities, tax or accounting-treatment decision', professional: 'a qualified financial adviser, CPA or tax professional', qualifiedReaders: ['CFO', 'Private Equity Partner'] },
  medical: { topic: 'a clinical, diagnostic or treatment question', professional: 'a licensed clinician', qualifiedReaders: [] },
};

/**
 * Disclaimers only where the topic and the reader call for them: none on strategy, operations, market
 * sizing or planning; none sending a lawyer to a lawyer. Roles that border a regulated profession say
 * so more firmly, for readers who are not that professional.
 */
export function caveatRules(caveat: AdviceCaveat, userRole: string): string[] {
  const rules = [
    'Add a disclaimer only where the topic and the reader call for it: one short line when the answer would be acted on as legal, tax, investment or medical advice by someone not qualified in it. No disclaimer on strategy, operations, market sizing, pricing, hiring plans or other business judgement, and never tell a reader to consult the professional they are.',
  ];
  if (caveat) {
    const { topic, professional, qualifiedReaders } = CAVEATS[caveat];
    rules.push(
      qualifiedReaders.includes(userRole)
        ? `The user is themselves qualified here (${userRole}): on ${topic}, speak to them as a peer, flag what depends on the facts or the jurisdiction and what to verify, and do not tell them to consult ${professional}.`
        : `Because your role sits next to a regulated profession: when an answer turns on ${topic}, say in one line that it depends on the facts and the jurisdiction and that ${professional} should review it before they act.`,
    );
  }
  return rules;
}

/** Earlier answers in a prompt carry the role that wrote them; the advisor reads them, never writes the label. */
export const LABELLED_ANSWERS_RULE =
  'Earlier answers in the conversation begin with a label, "[Answer from the <executive>]", naming the executive who wrote them. An answer from another executive is theirs, not yours: build on it or disagree with it by name. Never write such a label yourself.';

/** Every rule of how to advise, for a system prompt (chat and roundtable seats). */
export function adviceRules(input: { executiveRole: string; userRole: string; caveat: AdviceCaveat }): string[] {
  return [userInterestRule(input.executiveRole), ...CHALLENGE_RULES, ...formRules(input.userRole), ...caveatRules(input.caveat, input.userRole)];
}

/** The rules a roundtable's chair keeps: the chair works for the user too, and weighs rather than averages. */
export function chairAdviceRules(userRole: string): string[] {
  return [
    'You work for the user: the verdict is the one in their interest, whatever side any executive argued from.',
    'Question the framing if the executives all accepted a false either/or, and say which option the debate did not consider.',
    'Weigh arguments, not votes: a point backed by a fact or by the user\'s own numbers beats one repeated by more seats. Show the arithmetic when numbers decide it.',
    'State the main risk of your recommendation, the assumptions it rests on and your confidence (low, medium or high).',
    `Keep it under about ${Math.max(lengthBudget(userRole), 250)} words for this reader; the recommendation comes first.`,
    ...caveatRules(null, userRole),
  ];
}

/**
 * The label an earlier answer carries in any prompt: who wrote it, so a new advisor never reads
 * another's answer as its own. The label is one line of the prompt, not of the stored answer.
 */
export function answerLabel(title: string): string {
  return `[Answer from the ${title}]`;
}

export function labelAnswer(title: string, content: string): string {
  return `${answerLabel(title)}\n${content}`;
}

/**
 * A reply's history with every answer another executive wrote (before a switch, a second opinion)
 * labelled with its author, so the advisor writing now never reads it as its own; its own answers stay
 * as they are. The one place answers are labelled, for every prompt a reply sends.
 */
export function labelOtherAnswers<M extends { role: string; content: string; executiveRole: string | null }>(history: readonly M[], executiveRole: string, titleOf: (role: string) => string): M[] {
  return history.map((m) => (m.role === 'assistant' && m.executiveRole && m.executiveRole !== executiveRole && m.content.trim() ? { ...m, content: labelAnswer(titleOf(m.executiveRole), m.content) } : m));
}
