import Markdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { limitMarkdownNesting } from '#contract/markdown-depth.ts';
import { markdownWhileStreaming } from './streaming-markdown.ts';
import { remarkCitations } from './remark-citations.ts';

/**
 * GitHub-flavoured Markdown (tables, task lists, strikethrough) as React elements, never raw HTML
 * (no rehype-raw: HTML shows as text), nesting capped (contract/markdown-depth.ts). A text still being
 * written is completed for display first (streaming-markdown.ts). The parser (unified, micromark, mdast
 * and hast) is about 50 kB gzip: this module is only ever loaded through lazy-markdown.tsx, so a screen
 * with nothing to render yet does not wait for it (decision 042).
 */
export default function GfmMarkdown({ content, components, streaming = false, citations }: { content: string; components?: Components; streaming?: boolean; citations?: readonly number[] }) {
  // `citations`: the numbers of the message's sources; each `[n]` among them becomes a marker (remark-citations.ts).
  return (
    <Markdown remarkPlugins={citations && citations.length > 0 ? [remarkGfm, [remarkCitations, { numbers: citations }]] : [remarkGfm]} components={components}>
      {limitMarkdownNesting(streaming ? markdownWhileStreaming(content) : content)}
    </Markdown>
  );
}
