import { confidenceLevels, visibleWhileStreaming, type Stance } from '#contract/roundtable.ts';

export { visibleWhileStreaming };

/** How a seat's stance is read from what a model wrote, tolerantly (docs/decisions/026-roundtables.md). */

export interface ParsedTurn {
  /** What the seat said, without its stance block. */
  content: string;
  stance: Stance;
}

const KEYS: Array<[keyof Stance | 'ignore', RegExp]> = [
  ['position', /^(?:my\s+)?(?:position|stance|view|verdict|recommendation)$/],
  ['confidence', /^(?:confidence|certainty|conviction)(?:\s+level)?$/],
  ['risk', /^(?:main\s+|key\s+|biggest\s+|top\s+)?risks?$/],
  ['changed', /^(?:changed|changed\s+position|position\s+changed|change|held|moved)\??$/],
  ['movedBy', /^(?:moved\s+by|what\s+moved\s+me|reason\s+for\s+change|because)$/],
];

/** Where the stance block starts: a <stance> tag, a "Stance" heading or label line; -1 when there is none. */
function stanceStart(text: string): { index: number; bodyFrom: number } | null {
  const tag = /<\s*stance\s*>/i.exec(text);
  if (tag) return { index: tag.index, bodyFrom: tag.index + tag[0].length };
  // "## Stance", "**Stance**", "STANCE:", "Stance block:" at the start of a line, in the last part of the text.
  const heading = /^[ \t]*(?:#{1,6}[ \t]*)?(?:\*\*|__)?[ \t]*(?:my\s+|final\s+)?stance(?:\s+block)?[ \t]*(?:\*\*|__)?[ \t]*:?[ \t]*(?:\*\*|__)?[ \t]*$/gim;
  let found: RegExpExecArray | null = null;
  for (let match = heading.exec(text); match; match = heading.exec(text)) found = match;
  if (found) return { index: found.index, bodyFrom: found.index + found[0].length };
  return null;
}

function cleanValue(value: string): string {
  return value
    .replace(/<\/?\s*stance\s*>/gi, '')
    .replace(/^[\s*_`"“”'-]+|[\s*_`"“”']+$/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** low / medium / high from what a model wrote: a word, a percentage, "7/10", "0.8". */
export function parseConfidence(value: string): Stance['confidence'] {
  const text = value.toLowerCase();
  for (const level of confidenceLevels) if (new RegExp(`\\b${level}\\b`).test(text)) return level;
  if (/\bmoderate|\bmid\b/.test(text)) return 'medium';
  if (/\bvery\s+confident|\bstrong|\bcertain/.test(text)) return 'high';
  if (/\bweak|\bunsure|\buncertain/.test(text)) return 'low';
  const ratio = /(\d+(?:\.\d+)?)\s*(?:\/\s*(\d+)|%)?/.exec(text);
  if (!ratio) return null;
  const number = Number(ratio[1]);
  const scale = ratio[2] ? Number(ratio[2]) : text.includes('%') || number > 1 ? 100 : 1;
  if (!scale) return null;
  const share = number / scale;
  if (share > 1) return null;
  return share >= 0.7 ? 'high' : share >= 0.4 ? 'medium' : 'low';
}

function parseChanged(value: string): boolean {
  const text = value.toLowerCase();
  if (/\b(?:no|not|held|hold|holding|unchanged|same|false)\b/.test(text)) return false;
  return /\b(?:yes|changed|change|true|revised|moved|shifted)\b/.test(text);
}

/** The first sentence of a text, as a fallback position when a model wrote no stance. */
function firstSentence(text: string): string {
  const plain = text
    .replace(/^#+\s.*$/gm, '')
    .replace(/[*_`>#]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  const sentence = /^(.+?[.!?])(?:\s|$)/.exec(plain)?.[1] ?? plain;
  return sentence.length > 200 ? `${sentence.slice(0, 197).replace(/\s+\S*$/, '')}…` : sentence;
}

/**
 * A seat's turn as the table reads it: its words and its stance. Models do not always keep to the
 * format, so this reads a `<stance>` block, a "Stance" heading or label lines, in any letter case,
 * with or without Markdown, bullets, bold keys or a closing tag; confidence as a word, a share or a
 * percentage. A turn without any stance still gets one (its first sentence, confidence unknown),
 * and a turn that was cut off mid-block keeps what it has.
 */
export function parseTurn(text: string): ParsedTurn {
  const start = stanceStart(text);
  const body = start ? text.slice(start.bodyFrom) : '';
  const content = (start ? text.slice(0, start.index) : text).replace(/\n[-*_\s]*$/, '').trim();
  const stance: Stance = { position: '', confidence: null, risk: null, changed: false, movedBy: null };
  const lines = start ? body.split(/\n|(?<=\S)\s*\|\s*(?=\S+\s*:)/) : content.split('\n').slice(-8);
  let matchedAny = false;
  for (const raw of lines) {
    const line = raw.replace(/^[\s>*_-]*(?:\d+[.)]\s*)?/, '').replace(/<\/?\s*stance\s*>/gi, '');
    const colon = /^(?:\*\*|__)?([A-Za-z][A-Za-z \t?]{1,30}?)(?:\*\*|__)?\s*[:=\-–—]\s*(?:\*\*|__)?\s*(.*)$/.exec(line.trim());
    if (!colon) continue;
    const key = colon[1]!.trim().toLowerCase().replace(/\s+/g, ' ');
    const value = cleanValue(colon[2]!);
    const field = KEYS.find(([, pattern]) => pattern.test(key))?.[0];
    if (!field || field === 'ignore' || !value) continue;
    matchedAny = true;
    if (field === 'position') stance.position ||= value;
    else if (field === 'confidence') stance.confidence ??= parseConfidence(value);
    else if (field === 'risk') stance.risk ??= value;
    else if (field === 'changed') stance.changed = key.startsWith('held') ? /^no\b/i.test(value) : parseChanged(value);
    else if (field === 'movedBy') stance.movedBy ??= /^(?:n\/?a|none|nothing|-)$/i.test(value) ? null : value;
  }
  // Label lines without a block (the model skipped the tag): they are the stance, not the content.
  const ownContent = start || !matchedAny ? content : stripTrailingLabels(content);
  if (!stance.position) stance.position = firstSentence(ownContent) || 'No position given.';
  if (!stance.changed) stance.movedBy = null;
  return { content: ownContent || content, stance };
}

function stripTrailingLabels(content: string): string {
  const lines = content.split('\n');
  while (lines.length > 0) {
    const last = lines.at(-1)!.replace(/^[\s>*_-]*/, '');
    const colon = /^(?:\*\*|__)?([A-Za-z][A-Za-z \t?]{1,30}?)(?:\*\*|__)?\s*:/.exec(last);
    const isKey = colon && KEYS.some(([, pattern]) => pattern.test(colon[1]!.trim().toLowerCase()));
    if (!isKey && last.trim() !== '') break;
    lines.pop();
  }
  return lines.join('\n').trim();
}

/** Whether a seat's stance moved this round: it says so, or its position is no longer the one it held. */
export function stanceMoved(previous: Stance | null, next: Stance): boolean {
  if (!previous) return false;
  return next.changed;
}
