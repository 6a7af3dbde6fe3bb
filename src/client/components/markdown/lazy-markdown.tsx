import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import type { Components } from 'react-markdown';
import { loadOnce } from '#client/lib/load-once.ts';

type Renderer = typeof import('./gfm-markdown.tsx');

/**
 * The Markdown renderer (react-markdown, remark-gfm and their parser, about 50 kB gzip) is a chunk of its
 * own, loaded when a screen is about to show Markdown, not with the chat screen (decision 042). Once it is
 * here, replies render with it at once, synchronously: no Suspense, so nothing is shown twice (the first
 * version rendered plain text, then Markdown, which made opening a conversation slower and flashed
 * unformatted text). Until it is here, a reply shows its own fallback, never its text unformatted;
 * screens that open with replies wait for it (the chat's "Loading conversation").
 */
let renderer: Renderer | null = null;
let failed = false;
const listeners = new Set<() => void>();

function changed() {
  for (const listener of listeners) listener();
}

/** Starts loading the renderer, once; a failed load is tried again by the next call. */
export const preloadMarkdown: () => Promise<Renderer> = loadOnce(() =>
  import('./gfm-markdown.tsx').then(
    (module) => {
      renderer = module;
      failed = false;
      changed();
      return module;
    },
    (error: unknown) => {
      failed = true;
      changed();
      throw error;
    },
  ),
);

/**
 * preloadMarkdown() for a caller that does not wait: safe to call while rendering (like ReactDOM's preload
 * functions), so a conversation's renderer is asked for as its screen starts to render, not after.
 */
export function startLoadingMarkdown(): void {
  if (!renderer) preloadMarkdown().catch(() => {});
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const current = () => renderer;
const hasFailed = () => failed;

/**
 * Whether Markdown can be shown now: the renderer is loaded, or it could not be (it shows as plain text
 * then, rather than never). Only reads: loading is started by preloadMarkdown() or a GfmMarkdown on screen.
 */
export function useMarkdownSettled(): boolean {
  const loaded = useSyncExternalStore(subscribe, current, current);
  const unavailable = useSyncExternalStore(subscribe, hasFailed, hasFailed);
  return loaded !== null || unavailable;
}

/**
 * GitHub-flavoured Markdown, rendered once the renderer is loaded; `fallback` until then. `streaming`: the
 * text is still being written (unclosed marks completed, a forming table held back). If the chunk cannot
 * be loaded (the network went away), the text shows as plain paragraphs rather than not at all.
 */
export function GfmMarkdown({ content, components, streaming = false, fallback = null, citations }: { content: string; components?: Components; streaming?: boolean; fallback?: ReactNode; citations?: readonly number[] }) {
  const loaded = useSyncExternalStore(subscribe, current, current);
  const unavailable = useSyncExternalStore(subscribe, hasFailed, hasFailed);
  useEffect(() => {
    if (!loaded) preloadMarkdown().catch(() => {});
  }, [loaded]);
  if (loaded) return <loaded.default content={content} components={components} streaming={streaming} citations={citations} />;
  return unavailable ? <PlainText content={content} /> : fallback;
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
