/**
 * The build's server renderer (docs/decisions/027-performance.md): the public pages as a signed-out
 * visitor first sees them, rendered to HTML once at build time (scripts/vite-prerender.ts). Lazy pages
 * are waited for, so the HTML holds the whole page; the browser then hydrates it (main.tsx).
 */
import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { Router } from 'wouter';
import { queryClient } from './lib/query-client.ts';
import { currentUserQueryKey } from './lib/session.ts';
import { App } from './app/app.tsx';

async function toHtml(element: ReactNode): Promise<string> {
  const { prelude } = await prerenderToNodeStream(element, {
    // Every boundary inline and complete: a large one is otherwise written apart, revealed by an inline
    // script, which the page's CSP refuses (the landing page's lazy sections, landing-page.tsx).
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onError(error) {
      throw error instanceof Error ? error : new Error(String(error));
    },
  });
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

/** The inner HTML of #root for one path, for a signed-out visitor (what the browser hydrates against). */
export async function renderPage(path: string): Promise<string> {
  queryClient.clear();
  queryClient.setQueryData(currentUserQueryKey, null);
  return toHtml(
    <Router ssrPath={path}>
      <App />
    </Router>,
  );
}
