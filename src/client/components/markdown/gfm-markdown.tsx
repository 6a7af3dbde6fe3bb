import Markdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { limitMarkdownNesting } from '#contract/markdown-depth.ts';

/**
 * GitHub-flavoured Markdown (tables, task lists, strikethrough) as React elements, never raw HTML
 * (no rehype-raw: HTML shows as text), nesting capped (contract/markdown-depth.ts). The parser
 * (unified, micromark, mdast and hast) is about 50 kB gzip: this module is only ever loaded through
 * lazy-markdown.tsx, so a screen with nothing to render yet does not wait for it.
 */
export default function GfmMarkdown({ content, components }: { content: string; components?: Components }) {
  return (
    <Markdown remarkPlugins={[remarkGfm]} components={components}>
      {limitMarkdownNesting(content)}
    </Markdown>
  );
}
