import { lazy, Suspense } from 'react';
import type { Components } from 'react-markdown';

let loading: Promise<typeof import('./gfm-markdown.tsx')> | undefined;

/**
 * Starts loading the Markdown renderer (its own chunk, docs/decisions/040-first-paint.md), once.
 * Called as soon as a screen knows it will show Markdown (a conversation is opening), so the chunk
 * comes in parallel with the messages instead of after them.
 */
export function preloadMarkdown(): Promise<typeof import('./gfm-markdown.tsx')> {
  loading ??= import('./gfm-markdown.tsx');
  // A failed load may be tried again (a flaky network): the next render asks anew.
  loading.catch(() => (loading = undefined));
  return loading;
}

const LazyGfmMarkdown = lazy(preloadMarkdown);

/**
 * Markdown, rendered once the renderer's chunk is there; until then (rarely seen: it is preloaded)
 * the text itself, paragraph by paragraph, so nothing is hidden meanwhile.
 */
export function GfmMarkdown({ content, components }: { content: string; components?: Components }) {
  return (
    <Suspense fallback={<PlainText content={content} />}>
      <LazyGfmMarkdown content={content} components={components} />
    </Suspense>
  );
}

function PlainText({ content }: { content: string }) {
  return (
    <>
      {content.split(/\n{2,}/).map((paragraph, index) => (
        <p key={index} className="my-3 whitespace-pre-wrap first:mt-0 last:mb-0">
          {paragraph}
        </p>
      ))}
    </>
  );
}
