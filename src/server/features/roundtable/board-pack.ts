import { roundtableFormatLabels, roundtableText, type RoundtableDto, type RoundtableTurn } from '#contract/roundtable.ts';
import type { ConversationExport, ExportedMessage } from '#server/features/history/index.ts';

function cell(text: string | null | undefined): string {
  return (text ?? '—').replace(/\|/g, '/').replace(/\s+/g, ' ').trim() || '—';
}

function turnNote(turn: RoundtableTurn): string | null {
  if (turn.status === 'failed') return `This executive could not answer: ${turn.error ?? 'the AI provider failed'}.`;
  if (turn.status === 'stopped') return 'Stopped before it finished.';
  if (turn.status === 'streaming') return 'Still being written when the board pack was made.';
  return null;
}

/** How much of the question the board pack's title holds. */
const BOARD_PACK_QUESTION_CHARS = 90;

/**
 * A text cut to `max` characters at a word boundary, with an ellipsis (issue 29, point 14: "Do we take it
 * o..." was cut mid-word); a word longer than the whole is cut, there being no boundary.
 */
export function shortenAtWord(text: string, max: number): string {
  const whole = text.replace(/\s+/g, ' ').trim();
  if (whole.length <= max) return whole;
  const room = whole.slice(0, max); // leaves one character for the ellipsis after trimming below
  const boundary = room.lastIndexOf(' ');
  const cut = (boundary > 0 ? room.slice(0, boundary) : room.slice(0, max - 1)).replace(/[\s,;:.\-–—]+$/u, '');
  return `${cut}…`;
}

/**
 * The board pack (issue 17): the question, who sat at the table, each executive's final position,
 * the chair's synthesis and decision, then the debate itself, laid out by the conversation PDF
 * renderer (history's export, on its worker threads).
 */
export function boardPackOf(table: RoundtableDto, options: { appName: string; timeZone: string; userName: string; now?: Date }): ConversationExport {
  const format = {
    dateTime: new Intl.DateTimeFormat('en-US', { timeZone: options.timeZone, year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', hour12: true }),
    longDate: new Intl.DateTimeFormat('en-US', { timeZone: options.timeZone, year: 'numeric', month: 'long', day: 'numeric' }),
  };
  const created = new Date(table.createdAt);
  const at = format.dateTime.format(created);
  const finalOf = (seat: string) => table.turns.filter((t) => t.seat === seat && t.status === 'complete').at(-1);
  const positions = [
    '| Executive | Final position | Confidence | Main risk |',
    '| --- | --- | --- | --- |',
    ...table.seats.map((seat) => {
      const turn = finalOf(seat.role);
      const side = seat.side ? ` (argues ${seat.side})` : '';
      const changed = turn?.stance?.changed ? ` (changed: ${cell(turn.stance.movedBy)})` : '';
      return `| ${seat.role}${side} | ${cell(turn?.stance?.position ?? 'No position: could not answer')}${changed} | ${cell(turn?.stance?.confidence)} | ${cell(turn?.stance?.risk)} |`;
    }),
  ].join('\n');
  const messages: ExportedMessage[] = [
    { role: 'user', speaker: `${options.userName}: the question`, time: at, content: table.question, note: null },
    { role: 'assistant', speaker: 'Participants and positions', time: at, content: positions, note: null },
    {
      role: 'assistant',
      speaker: `${roundtableText.synthesisTitle} and decision`,
      time: at,
      content: table.synthesis?.content || 'The chair did not write a synthesis for this table.',
      note: table.stopReason ? roundtableText.ended[table.stopReason] : null,
    },
    ...table.turns.map((turn) => ({
      role: 'assistant' as const,
      speaker: `${turn.seat} · ${turn.kind === 'answer' ? roundtableText.followUpRound : roundtableText.round(turn.round)}`,
      time: at,
      content: turn.stance ? `${turn.content}\n\n**Stance:** ${turn.stance.position}${turn.stance.confidence ? ` (${turn.stance.confidence} confidence)` : ''}${turn.stance.risk ? `. Main risk: ${turn.stance.risk}` : ''}` : turn.content,
      note: turnNote(turn),
    })),
  ];
  return {
    appName: options.appName,
    title: `${roundtableText.boardPackTitle}: ${shortenAtWord(table.question, BOARD_PACK_QUESTION_CHARS)}`,
    userRole: table.userRole,
    executiveRole: `${roundtableFormatLabels[table.format]}: ${table.seats.map((s) => s.role).join(', ')}`,
    industry: table.industry,
    date: format.longDate.format(created),
    exportedAt: format.dateTime.format(options.now ?? new Date()),
    timeZone: options.timeZone,
    messages,
  };
}
