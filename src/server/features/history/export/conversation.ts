import type { ChatSession } from '#server/db/schema.ts';
import type { ExportMessage } from '../history.queries.ts';

/** What heads every export of a conversation (transcript, board pack, memo): whose, about what, and when. */
export interface ExportHeading {
  appName: string;
  title: string;
  userRole: string;
  executiveRole: string;
  industry: string;
  /** When the conversation began, e.g. "November 22, 2025". */
  date: string;
  /** The IANA zone every time is given in, e.g. "Europe/Berlin" or "UTC". */
  timeZone: string;
}

/** A conversation as both exports show it: who said what and when, in the reader's time zone. */
export interface ConversationExport extends ExportHeading {
  /** When this export was made, e.g. "Nov 24, 2025, 9:05 AM". */
  exportedAt: string;
  messages: ExportedMessage[];
}

export interface ExportedMessage {
  role: ExportMessage['role'];
  /** 'You', the executive who answered, or 'Note' for a context change. */
  speaker: string;
  /** e.g. "Nov 22, 2025, 3:45 PM" */
  time: string;
  /** The message's Markdown. */
  content: string;
  /** Said about a reply that is not a complete answer (failed, stopped, still being written). */
  note: string | null;
}

/** A zone the runtime knows, else UTC: the client sends its own, and nothing else depends on it. */
export function resolveTimeZone(requested: string | undefined): string {
  if (!requested) return 'UTC';
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: requested }).resolvedOptions().timeZone;
  } catch {
    return 'UTC';
  }
}

function formatters(timeZone: string) {
  return {
    dateTime: new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', hour12: true }),
    longDate: new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'long', day: 'numeric' }),
  };
}

function replyNote(message: ExportMessage): string | null {
  if (message.role !== 'assistant') return null;
  if (message.status === 'failed') return message.error ? `This reply failed: ${message.error}` : 'This reply failed.';
  if (message.status === 'stopped') return 'This reply was stopped before it finished.';
  if (message.status === 'streaming') return 'This reply was still being written when the conversation was exported.';
  return null;
}

export function buildConversationExport(
  session: Pick<ChatSession, 'title' | 'userRole' | 'executiveRole' | 'industry' | 'createdAt'>,
  messages: ExportMessage[],
  options: { appName: string; timeZone: string; now?: Date },
): ConversationExport {
  const format = formatters(options.timeZone);
  return {
    appName: options.appName,
    title: session.title,
    userRole: session.userRole,
    executiveRole: session.executiveRole,
    industry: session.industry,
    date: format.longDate.format(session.createdAt),
    exportedAt: format.dateTime.format(options.now ?? new Date()),
    timeZone: options.timeZone,
    messages: messages.map((message) => ({
      role: message.role,
      speaker: message.role === 'user' ? 'You' : message.role === 'system' ? 'Note' : (message.executiveRole ?? session.executiveRole),
      time: format.dateTime.format(message.timestamp),
      // A demo reply keeps its line for users: an export read by others must not pass a sample for advice (decision 079).
      content: message.content,
      note: replyNote(message),
    })),
  };
}

/** A file name anyone's disk accepts: the title in lower-case ASCII words, then the date. */
export function exportFileName(title: string, createdAt: Date, extension: 'md' | 'pdf'): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `${slug || 'conversation'}-${createdAt.toISOString().slice(0, 10)}.${extension}`;
}
