/**
 * The built-in demo provider starts every reply with a one-line blockquote:
 * `> *Demo mode: this reply was composed offline ...*`. The UI shows it as a badge instead.
 */
const MARKER_START = '> *Demo mode:';

export interface DemoSplit {
  isDemo: boolean;
  /** The marker's sentence without the Markdown around it, for the badge's tooltip. */
  note: string | null;
  /** The reply without the marker line. */
  body: string;
}

export function splitDemoMarker(content: string, streaming = false): DemoSplit {
  if (content.startsWith(MARKER_START)) {
    const end = content.indexOf('\n');
    const line = end === -1 ? content : content.slice(0, end);
    const note = line
      .replace(/^>\s*\*?/, '')
      .replace(/\*\s*$/, '')
      .trim();
    return { isDemo: true, note, body: end === -1 ? '' : content.slice(end + 1).replace(/^\s*\n/, '') };
  }
  // The first words of a streaming reply may be the start of the marker: hold them back until it is clear.
  if (streaming && content.length > 0 && MARKER_START.startsWith(content)) return { isDemo: false, note: null, body: '' };
  return { isDemo: false, note: null, body: content };
}
