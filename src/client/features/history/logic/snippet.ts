import { SNIPPET_MATCH_END, SNIPPET_MATCH_START } from '#contract/history-text.ts';

export interface SnippetSegment {
  text: string;
  match: boolean;
}

/**
 * A search snippet as plain-text segments: the words between SNIPPET_MATCH_START and
 * SNIPPET_MATCH_END are matches. Unbalanced markers are tolerated (an unclosed match runs to the
 * end; a stray end marker is dropped); empty segments are left out and neighbours merged.
 */
export function parseSnippet(snippet: string): SnippetSegment[] {
  const segments: SnippetSegment[] = [];
  let match = false;
  let text = '';
  const flush = () => {
    if (!text) return;
    const last = segments.at(-1);
    if (last && last.match === match) last.text += text;
    else segments.push({ text, match });
    text = '';
  };
  for (const char of snippet) {
    if (char === SNIPPET_MATCH_START) {
      flush();
      match = true;
    } else if (char === SNIPPET_MATCH_END) {
      flush();
      match = false;
    } else text += char;
  }
  flush();
  return segments;
}
