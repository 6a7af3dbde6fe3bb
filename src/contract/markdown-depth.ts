/**
 * Markdown renderers (react-markdown in the chat, marked in the PDF export) parse nested blocks
 * recursively: a reply of thousands of `>` (or `- - - -`) nests that deep and overflows the stack.
 * Both renderers take their text through this first: a line that opens more containers than
 * MAX_MARKDOWN_NESTING gets every marker of its prefix escaped, so it renders as plain text.
 */
export const MAX_MARKDOWN_NESTING = 16;

/** The run of container markers at a line's start: blockquote `>`, list bullets and ordered-list numbers. */
const containerPrefix = /^(?:[ \t]*(?:>|[-*+](?=[ \t])|\d{1,9}[.)](?=[ \t])))+[ \t]*/;
const marker = />|[-*+](?=[ \t])|\d{1,9}[.)](?=[ \t])/g;

export function limitMarkdownNesting(markdown: string, max: number = MAX_MARKDOWN_NESTING): string {
  if (markdown.length < max) return markdown;
  return markdown
    .split('\n')
    .map((line) => {
      const prefix = containerPrefix.exec(line)?.[0];
      if (!prefix) return line;
      const markers = prefix.match(marker)?.length ?? 0;
      if (markers <= max) return line;
      return prefix.replace(marker, (m) => `\\${m}`) + line.slice(prefix.length);
    })
    .join('\n');
}
