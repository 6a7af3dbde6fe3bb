import { chatText } from './chat-text.ts';

/**
 * The built-in demo provider starts every reply, and every roundtable seat's and chair's turn, with a
 * one-line blockquote for users: `> *Sample answer from the offline demo advisor, not advice.*`
 * (issue 31, point 6), and so does its decision memo. The UI shows it as a small labelled note on the
 * reply instead; exports keep it (decision 079, amended: a shared PDF must not pass a sample for advice).
 * Replies written before carry the older
 * `> *Demo mode: ...*` line, which is shown the same way (its operator hint is not shown).
 */
export const DEMO_MARKER = `> *${chatText.demoNote}.*`;
const MARKER_STARTS = ['> *Sample answer from the offline demo advisor', '> *Demo mode:'];

export interface DemoSplit {
  isDemo: boolean;
  /** The marker's sentence without the Markdown around it. */
  note: string | null;
  /** The reply without the marker line. */
  body: string;
}

export function splitDemoMarker(content: string, streaming = false): DemoSplit {
  if (MARKER_STARTS.some((start) => content.startsWith(start))) {
    const end = content.indexOf('\n');
    const line = end === -1 ? content : content.slice(0, end);
    const note = line
      .replace(/^>\s*\*?/, '')
      .replace(/\*\s*$/, '')
      .trim();
    return { isDemo: true, note, body: end === -1 ? '' : content.slice(end + 1).replace(/^\s*\n/, '') };
  }
  // The first words of a streaming reply may be the start of the marker: hold them back until it is clear.
  if (streaming && content.length > 0 && MARKER_STARTS.some((start) => start.startsWith(content))) return { isDemo: false, note: null, body: '' };
  return { isDemo: false, note: null, body: content };
}

/** A text without the demo line (the demo's comparison of two answers reads their bodies). */
export function withoutDemoMarker(content: string): string {
  return splitDemoMarker(content).body;
}
