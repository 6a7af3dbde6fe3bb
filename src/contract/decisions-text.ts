// Decision log words, limits and helpers without zod: the chat screen imports them from here (issue 18, decision 042).

/**
 * The decision log (issue 14, point 6; docs/decisions/034-decision-log.md): decisions and action items
 * saved from the advisor's replies, listed across conversations, followed up on their date.
 */
export const decisionKinds = ['decision', 'action'] as const;
export type DecisionKind = (typeof decisionKinds)[number];
export const decisionStatuses = ['open', 'done', 'dropped'] as const;
export type DecisionStatus = (typeof decisionStatuses)[number];

export const MAX_DECISION_TEXT = 500;
export const MAX_DECISION_OWNER = 120;
/** A free account keeps this many decisions (a taste); Premium keeps any number. */
export const FREE_DECISIONS = 1;
/** GET /api/decisions answers at most this many, open ones first. */
export const MAX_DECISIONS_LISTED = 500;

export const decisionValidation = {
  textRequired: 'Please write the decision or action',
  textTooLong: `Keep it to ${MAX_DECISION_TEXT} characters`,
  ownerTooLong: `Owners can be at most ${MAX_DECISION_OWNER} characters`,
  dateInvalid: 'Please enter a valid date',
  kindInvalid: "Choose 'Decision' or 'Action item'",
  statusInvalid: "Choose 'Open', 'Done' or 'Dropped'",
  idInvalid: 'Not a valid id',
  nothingToChange: 'Nothing to change: give at least one value',
} as const;

/** Every word the decision log says to users: the dialog, the panel, the welcome card's follow-up. */
export const decisionsText = {
  saveAction: 'Save decision',
  dialog: {
    title: 'Save to your decision log',
    description: 'Keep what you decided, or what someone has to do, and when to look back at it.',
    kind: 'Type',
    kinds: { decision: 'Decision', action: 'Action item' } satisfies Record<DecisionKind, string>,
    text: 'What was decided',
    owner: 'Owner',
    ownerHint: 'Optional: who makes it happen',
    dueDate: 'Due date',
    followUpOn: 'Follow up on',
    followUpHint: 'Optional: on this day your advisor asks how it went',
    save: 'Save',
    saving: 'Saving…',
    cancel: 'Cancel',
    editTitle: 'Edit decision',
  },
  saved: { title: 'Saved to your decision log', description: 'Find it under Decisions in the header.' },
  saveFailed: { title: 'Error', description: 'The decision could not be saved. Please try again.' },
  updateFailed: { title: 'Error', description: 'The decision could not be changed. Please try again.' },
  deleteFailed: { title: 'Error', description: 'The decision could not be deleted. Please try again.' },
  followUpFailed: { title: 'Error', description: 'The follow-up conversation could not be opened. Please try again.' },
  panel: {
    button: 'Decisions',
    title: 'Decision log',
    description: 'Decisions and action items saved from your conversations.',
    loading: 'Loading your decisions…',
    loadFailed: 'Your decisions could not be loaded.',
    retry: 'Try again',
    empty: 'Nothing saved yet. Use "Save decision" under any reply to keep a decision or an action item here.',
    groups: { open: 'Open', done: 'Done', dropped: 'Dropped' } satisfies Record<DecisionStatus, string>,
    statusLabel: 'Status',
    owner: (owner: string) => `Owner: ${owner}`,
    due: (date: string) => `Due ${date}`,
    followUp: (date: string) => `Follow up ${date}`,
    followedUp: 'Followed up',
    source: 'Open conversation',
    sourceGone: 'Conversation deleted',
    edit: 'Edit',
    delete: 'Delete',
    confirmDelete: 'Delete this entry from your decision log?',
    followUpNow: 'Follow up now',
  },
  welcome: {
    question: 'How did it go?',
    intro: (kind: DecisionKind) => (kind === 'action' ? 'You planned to follow up on this action item today:' : 'You planned to follow up on this decision today:'),
    open: 'Talk it through',
    more: (count: number) => `${count} more follow-up${count === 1 ? '' : 's'} in your decision log`,
  },
} as const;

/** The first message of a follow-up conversation: the user asks how it went, the advisor answers as usual. */
export function followUpPrompt(decision: { kind: DecisionKind; text: string; owner: string | null; dueDate: string | null }): string {
  const text = decision.text.trim().replace(/[.!?;:]+$/, '');
  const details = [decision.owner ? `owner: ${decision.owner}` : null, decision.dueDate ? `due ${decision.dueDate}` : null].filter(Boolean);
  const what = decision.kind === 'action' ? 'action item' : 'decision';
  return `How did it go: ${text}?\n\nThis is a follow-up on a ${what} I saved${details.length ? ` (${details.join(', ')})` : ''}. Help me review how it went and decide what comes next.`;
}

/**
 * What a reply's "Save decision" starts from: its recommendation if it states one, else its first
 * sentence, as plain text (Markdown marks, headings and quotes removed), cut to fit.
 */
export function decisionTextFromReply(reply: string): string {
  const lines = reply
    .split('\n')
    .map((line) => line.trim())
    // The demo banner and the caveat are italic lines of their own; headings and rules are not the point.
    .filter((line) => line && !/^>?\s*\*[^*].*\*$/.test(line) && !/^#{1,6}\s/.test(line) && !/^([-*_])\1{2,}$/.test(line));
  const plain = (line: string) =>
    line
      .replace(/^>\s?/, '')
      .replace(/^([-*+]|\d+[.)])\s+/, '')
      .replace(/(\*\*|__)(.+?)\1/g, '$2')
      .replace(/(\*|_)(.+?)\1/g, '$2')
      .replace(/`([^`]+)`/g, '$1')
      .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
      .replace(/\s+/g, ' ')
      .trim();
  const recommendation = lines.find((line) => /\b(recommend|recommendation|my advice|decide|decision)\b/i.test(line));
  const source = plain(recommendation ?? lines[0] ?? '');
  const sentence = /^(.+?[.!?])(\s|$)/.exec(source)?.[1] ?? source;
  return sentence.length > MAX_DECISION_TEXT ? `${sentence.slice(0, MAX_DECISION_TEXT - 1).trimEnd()}…` : sentence;
}
