import type { industries } from './roles.ts';

// Company memory (issue 33; docs/decisions/073-company-memory.md): strings, limits and helpers
// without zod, so a screen that only shows them does not load zod (decision 042).

export const companyStages = ['Idea', 'Pre-seed', 'Seed', 'Series A', 'Series B', 'Series C or later', 'Growth (profitable)', 'Public', 'Private, established'] as const;
export type CompanyStage = (typeof companyStages)[number];

export const revenueKinds = ['revenue', 'arr'] as const;
export type RevenueKind = (typeof revenueKinds)[number];

export const fiscalMonths = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;

export const memoryLimits = {
  /** A one-line field (name, markets). */
  shortText: 120,
  markets: 300,
  /** Goals, constraints. */
  longText: 1000,
  notes: 2000,
  leaders: 12,
  leaderRole: 60,
  leaderName: 80,
  /** A fact, one sentence or two. */
  factText: 300,
  /** Saved facts per account. */
  savedFacts: 500,
  /** Proposals waiting for an answer per account (older ones are dropped first). */
  pendingProposals: 50,
  /** Proposals made after one reply. */
  proposalsPerReply: 3,
  /** Money: up to a trillion (dollars). */
  money: 1e12,
  headcount: 10_000_000,
  /** Documents pinned to the company per account (decision 082; the error text says 10 too). */
  pinnedDocuments: 10,
  /** Documents the page offers to pin (the newest analysed ones). */
  pinnable: 100,
} as const;

/** How many recent facts a prompt considers, and how much memory text a prompt carries at most. */
export const memoryPromptLimits = { facts: 100, chars: 3000 } as const;

/** The profile's fields, in the guided screen's order. */
export const profileFieldNames = [
  'name',
  'industry',
  'stage',
  'headcount',
  'revenue',
  'revenueKind',
  'grossMarginPercent',
  'cash',
  'monthlyNetBurn',
  'fiscalYearEnd',
  'markets',
  'goals',
  'constraints',
  'leadership',
  'notes',
] as const;
export type ProfileFieldName = (typeof profileFieldNames)[number];

export const profileLabels: Record<ProfileFieldName, string> = {
  name: 'Company name',
  industry: 'Industry',
  stage: 'Stage',
  headcount: 'Headcount',
  revenue: 'Revenue or ARR (USD a year)',
  revenueKind: 'Revenue or ARR',
  grossMarginPercent: 'Gross margin (%)',
  cash: 'Cash in the bank (USD)',
  monthlyNetBurn: 'Monthly net burn (USD)',
  fiscalYearEnd: 'Fiscal year ends in',
  markets: 'Markets',
  goals: 'Goals for the year',
  constraints: 'Constraints',
  leadership: 'Leadership team',
  notes: 'Notes',
};

export interface Leader {
  role: string;
  name: string;
}

/** The profile as stored and shown: every field optional (null or absent = not given). */
export interface CompanyProfileFields {
  name?: string | null;
  industry?: (typeof industries)[number] | null;
  stage?: CompanyStage | null;
  headcount?: number | null;
  revenue?: number | null;
  revenueKind?: RevenueKind | null;
  grossMarginPercent?: number | null;
  cash?: number | null;
  monthlyNetBurn?: number | null;
  fiscalYearEnd?: (typeof fiscalMonths)[number] | null;
  markets?: string | null;
  goals?: string | null;
  constraints?: string | null;
  leadership?: Leader[] | null;
  notes?: string | null;
}

/** Runway in whole months, computed from cash and monthly net burn (never typed); null when either is missing or nothing is burned. */
export function runwayMonths(profile: Pick<CompanyProfileFields, 'cash' | 'monthlyNetBurn'>): number | null {
  const { cash, monthlyNetBurn } = profile;
  if (cash == null || monthlyNetBurn == null || monthlyNetBurn <= 0 || cash < 0) return null;
  return Math.floor((cash / monthlyNetBurn) * 10) / 10;
}

/** "$1.2M", "$450k", "$900": money as a person writes it. */
export function formatMoney(amount: number): string {
  const abs = Math.abs(amount);
  const sign = amount < 0 ? '-' : '';
  const trim = (n: number) => (Math.round(n * 10) / 10).toString();
  if (abs >= 1e9) return `${sign}$${trim(abs / 1e9)}B`;
  if (abs >= 1e6) return `${sign}$${trim(abs / 1e6)}M`;
  if (abs >= 1e3) return `${sign}$${trim(abs / 1e3)}k`;
  return `${sign}$${Math.round(abs)}`;
}

/** "March 3, 2026" from an ISO date or timestamp (UTC). */
// One formatter for every date: toLocaleDateString with options builds a new one per call, which
// cost about 2 ms for a prompt's 25 dated facts (bench/memory-context.ts, issue 33, point 9).
const memoryDateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

export function formatMemoryDate(iso: string): string {
  return memoryDateFormat.format(new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso));
}

/** Whether a date is older than `months` before `now` (a fact or a field to review). */
export function isStale(iso: string, months: number, now: Date = new Date()): boolean {
  const limit = new Date(now);
  limit.setUTCMonth(limit.getUTCMonth() - months);
  return new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso).getTime() < limit.getTime();
}

export const factStatuses = ['proposed', 'saved'] as const;
export type FactStatus = (typeof factStatuses)[number];
export const factSources = ['conversation', 'manual', 'decision'] as const;
export type FactSource = (typeof factSources)[number];

export const memoryValidation = {
  idInvalid: 'Invalid id',
  documentIdInvalid: 'Choose one of your documents.',
  textTooLong: (max: number) => `Keep this under ${max} characters.`,
  factRequired: 'Write the fact.',
  factTooLong: `A fact is at most ${memoryLimits.factText} characters: one or two sentences.`,
  numberInvalid: 'Enter a number, without currency signs.',
  numberNegative: 'Enter zero or more.',
  numberTooLarge: 'That number is too large.',
  percentInvalid: 'Enter a percentage between -1000 and 100.',
  headcountInvalid: 'Enter a whole number of people.',
  industryInvalid: 'Choose one of the listed industries.',
  stageInvalid: 'Choose one of the listed stages.',
  monthInvalid: 'Choose a month.',
  revenueKindInvalid: 'Choose revenue or ARR.',
  tooManyLeaders: `List at most ${memoryLimits.leaders} leaders.`,
  leaderRoleRequired: 'Give each leader a role.',
  nothingToChange: 'Nothing to change.',
  formatInvalid: 'Choose markdown or json.',
} as const;

export const memoryText = {
  pageTitle: 'What my advisors know',
  pageIntro:
    'Every advisor, roundtable seat and memo reads this before answering, so you do not re-type your company for each conversation. Facts are about your company only, never how you like to be advised.',
  profileTitle: 'Company profile',
  profileIntro: 'Every field is optional. Fill what you know in a couple of minutes; each change is dated.',
  profileSaved: 'Profile saved. Your advisors will use it from the next answer.',
  runway: 'Runway (computed)',
  runwayNone: 'Add cash and monthly net burn to compute runway.',
  runwayValue: (months: number) => `${months} months`,
  factsTitle: 'Facts learned',
  factsEmpty: 'No facts yet. When a conversation states a new fact about your company, the advisor asks "Remember this?" under its reply.',
  factsFree: 'Learned facts are part of Premium. Free accounts keep the company profile.',
  addFact: 'Add a fact',
  factSaved: 'Fact saved.',
  factDeleted: 'Fact deleted.',
  needsReview: 'Needs review',
  needsReviewHint: (months: number) => `Older than ${months} months: advisors ask before relying on it. Edit it to confirm it is still true.`,
  pausedLabel: 'Pause memory',
  pausedOn: 'Memory is paused: advisors see nothing of it until you turn it back on.',
  pausedOff: 'Memory is on: advisors read your profile and facts.',
  exportMarkdown: 'Export Markdown',
  exportJson: 'Export JSON',
  remember: 'Remember this?',
  rememberSave: 'Save',
  rememberDismiss: 'Dismiss',
  rememberEdit: 'Edit',
  /** The welcome card's line. */
  knowsNothing: 'Your advisors know nothing about your company yet.',
  knowsPaused: 'Company memory is paused.',
  setUp: 'Set up your company profile',
  openMemory: 'What my advisors know',
  sourceManual: 'Added by you',
  sourceDecision: 'From a decision outcome',
  sourceConversation: (title: string | null) => (title ? `From "${title}"` : 'From a deleted conversation'),
  factDate: (date: string) => `stated ${formatMemoryDate(date)}`,
  pinsTitle: 'Pinned documents',
  pinsIntro: `Every advisor can read a pinned document in any conversation, and says so when it quotes one. Pin up to ${memoryLimits.pinnedDocuments}: your strategy, the last board deck, the P&L.`,
  pinsEmpty: 'No pinned documents yet.',
  pinsFree: 'Pinned documents are part of Premium. Free accounts keep the company profile.',
  pinChoose: 'Document to pin',
  pinChoosePlaceholder: 'Choose one of your documents',
  pinNoDocuments: 'Attach a document to a conversation first; once it is analysed you can pin it here.',
  pinAction: 'Pin',
  pinToCompany: 'Pin to company',
  pinnedToCompany: 'Pinned to company',
  /** The chat's action beside an analysed document (decision 087): its accessible names, which say the state and the file. */
  pinDocument: (name: string) => `Pin to company: ${name}`,
  pinDocumentPremium: (name: string) => `Pin to company (Premium): ${name}`,
  unpinDocument: (name: string) => `Pinned to company. Unpin: ${name}`,
  pinnedShort: 'Pinned',
  unpin: 'Unpin',
  pinned: 'Document pinned. Every advisor can read it now.',
  unpinned: 'Document unpinned.',
  pinnedOn: (date: string) => `pinned ${formatMemoryDate(date)}`,
  pinsFull: `${memoryLimits.pinnedDocuments} of ${memoryLimits.pinnedDocuments} pinned: unpin one to pin another.`,
} as const;

/** The welcome card's summary of what advisors know: "Acme · Series A · 14 months of runway · 3 facts". */
export function knowsSummary(input: { profile: CompanyProfileFields; facts: number }): string | null {
  const parts: string[] = [];
  const p = input.profile;
  if (p.name) parts.push(p.name);
  if (p.stage) parts.push(p.stage);
  if (p.headcount != null) parts.push(`${p.headcount} people`);
  const runway = runwayMonths(p);
  if (runway != null) parts.push(`${runway} months of runway`);
  else if (p.cash != null) parts.push(`${formatMoney(p.cash)} cash`);
  if (input.facts > 0) parts.push(`${input.facts} fact${input.facts === 1 ? '' : 's'}`);
  return parts.length > 0 ? `Your advisors know: ${parts.join(' · ')}` : null;
}
