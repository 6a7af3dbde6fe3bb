// Decision log words, limits and helpers without zod: the chat screen imports them from here (issue 18, decision 042).
import { errorNotice } from './notice-text.ts';

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
/** "How did it go?": what happened, told when a decision is marked done (issue 33, point 5; decision 082). */
export const MAX_DECISION_OUTCOME = 1000;
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
  outcomeTooLong: `Keep what happened to ${MAX_DECISION_OUTCOME} characters`,
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
  /** Marking a decision done asks how it went (issue 33, point 5). */
  outcome: {
    title: 'How did it go?',
    description: 'Mark it done, and say what happened if you like.',
    label: 'What happened',
    hint: 'Optional: the result, what you learned.',
    premium: 'Saved as a fact your advisors recall the next time a similar decision comes up.',
    paused: 'Company memory is paused: the outcome stays on the decision only.',
    free: 'Kept on this decision. With Premium, your advisors also remember it as a fact for similar decisions.',
    markDone: 'Mark done',
    edit: 'What happened',
    saved: 'Marked done.',
    remembered: 'Marked done. Your advisors will remember what happened.',
  },
  saved: { title: 'Saved to your decision log', description: 'Find it under Decisions in the header.' },
  saveFailed: errorNotice('The decision could not be saved. Please try again.'),
  updateFailed: errorNotice('The decision could not be changed. Please try again.'),
  deleteFailed: errorNotice('The decision could not be deleted. Please try again.'),
  followUpFailed: errorNotice('The follow-up conversation could not be opened. Please try again.'),
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
    outcome: (text: string) => `What happened: ${text}`,
    remembered: 'Remembered as a fact',
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

/** Headings and bold labels that introduce a reply's recommendation (issue 29, point 7). */
const RECOMMENDATION_LABEL = /^(?:my\s+)?(?:recommendation|recommended\s+(?:course|action|path)|bottom\s+line|verdict|my\s+(?:advice|lean|call)|what\s+I\s+would\s+do|the\s+call|decision)s?\b/i;
/** A sentence that recommends, in the advisor's voice. */
const RECOMMENDS = /\b(?:I\s+(?:would|'d|’d)\s+(?!not\b|like\b|need\b)\w+|I\s+(?:recommend|advise|suggest)|my\s+recommendation|my\s+advice|you\s+should|we\s+should|go\s+ahead)\b/i;

/** One block of a reply: a heading, a paragraph, a list item, or something that is never the point (table, code). */
type Block = { kind: 'heading' | 'paragraph' | 'item' | 'other'; text: string };

function replyBlocks(reply: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let fenced = false;
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: 'paragraph', text: paragraph.join(' ') });
    paragraph = [];
  };
  for (const raw of reply.split('\n')) {
    const line = raw.trim();
    if (/^(```|~~~)/.test(line)) {
      flush();
      fenced = !fenced;
      blocks.push({ kind: 'other', text: '' });
      continue;
    }
    if (fenced) continue;
    // The demo banner and the caveat are italic lines of their own; rules are not the point either.
    if (!line || /^>?\s*\*[^*].*\*$/.test(line) || /^([-*_])\1{2,}$/.test(line)) {
      flush();
      continue;
    }
    const heading = /^#{1,6}\s+(.*)$/.exec(line);
    if (heading) {
      flush();
      blocks.push({ kind: 'heading', text: heading[1]! });
    } else if (line.startsWith('|')) {
      flush();
      blocks.push({ kind: 'other', text: line });
    } else if (/^([-*+]|\d+[.)])\s+/.test(line)) {
      flush();
      blocks.push({ kind: 'item', text: line.replace(/^([-*+]|\d+[.)])\s+/, '') });
    } else {
      paragraph.push(line.replace(/^>\s?/, ''));
    }
  }
  flush();
  return blocks;
}

function plainText(text: string): string {
  return text
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/(\*|_)(.+?)\1/g, '$2')
    .replace(/`([^`]+)`/g, '$1')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The first sentence of a text (a "?" or "." inside quotes does not end it). */
function firstSentence(text: string): string {
  return /^(.+?[.!?])(?=\s+[A-Z(“"'‘]|$)/.exec(text)?.[1] ?? text;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A label opening a block ("**My recommendation:** open...", "Bottom line: open..."), and what follows it. */
function labelled(text: string): { label: string; rest: string } | null {
  const match = /^(?:\*\*|__)([^*_]+?):(?:\*\*|__)\s*(.*)$/.exec(text) ?? /^(?:\*\*|__)([^*_]+?)(?:\*\*|__):\s*(.*)$/.exec(text) ?? /^([A-Z][\w ’'()&-]{2,60}):\s+(.*)$/.exec(text);
  return match ? { label: match[1]!.trim(), rest: match[2]!.trim() } : null;
}

/**
 * What a reply's "Save decision" starts from (issue 29, point 7): its recommendation, never one of its
 * steps. In order: the first sentence under a "Recommendation" / "My recommendation" / "Bottom line"
 * heading; a block labelled so ("**My lean:** ..."); the first sentence outside lists and tables that
 * recommends ("I would ..."); else the reply's first sentence. As plain text (Markdown marks, a label
 * like "My take as your CFO (Retail):" and the question it restates removed), cut to fit.
 */
export function decisionTextFromReply(reply: string): string {
  const blocks = replyBlocks(reply);
  const prose = (block: Block | undefined) => block && (block.kind === 'paragraph' || block.kind === 'item');
  let found: string | undefined;
  const headed = blocks.findIndex((b) => b.kind === 'heading' && RECOMMENDATION_LABEL.test(plainText(b.text)));
  if (headed >= 0 && prose(blocks[headed + 1])) found = blocks[headed + 1]!.text;
  if (found === undefined) {
    for (const block of blocks) {
      const label = block.kind === 'heading' ? null : labelled(block.text);
      if (label?.rest && RECOMMENDATION_LABEL.test(plainText(label.label))) {
        found = label.rest;
        break;
      }
    }
  }
  const withoutLabel = (text: string) => {
    const label = labelled(text);
    // "My take as your CFO (Retail): on “...”, I would ..." keeps what the advisor says, not the restated question.
    return (label ? label.rest : text).replace(/^on\s+[“"][^”"]*[”"],\s*/i, '');
  };
  if (found === undefined) {
    for (const block of blocks) {
      if (block.kind !== 'paragraph') continue;
      const sentences = plainText(withoutLabel(block.text)).split(/(?<=[.!?])\s+(?=[A-Z(“"'‘])/);
      const recommending = sentences.find((sentence) => RECOMMENDS.test(sentence));
      if (recommending) {
        found = recommending;
        break;
      }
    }
  }
  found ??= blocks.find((b) => b.kind === 'paragraph')?.text ?? blocks.find(prose)?.text ?? '';
  const sentence = capitalised(firstSentence(plainText(withoutLabel(found))));
  return sentence.length > MAX_DECISION_TEXT ? `${sentence.slice(0, MAX_DECISION_TEXT - 1).trimEnd()}…` : sentence;
}
