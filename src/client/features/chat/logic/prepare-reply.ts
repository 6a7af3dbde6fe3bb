import { startLoadingMarkdown } from '#client/components/markdown/lazy-markdown.tsx';
import { loadOnce } from '#client/lib/load-once.ts';
import { transcriptModule } from '../components/transcript-module.ts';

type Parser = typeof import('./reply-event-parser.ts');

/** The reply stream's event reader (it needs zod), loaded once; a failed load is tried again by the next call. */
export const loadReplyEventParser: () => Promise<Parser['toReplyEvent']> = loadOnce(() => import('./reply-event-parser.ts').then((module) => module.toReplyEvent));

/**
 * A question is on its way (the message box got focus, or it is being sent): load what it and its reply need,
 * the transcript, the Markdown renderer and the stream's event reader, none of which the chat screen's first
 * load carries (issue 18, decision 042). Safe to call often.
 */
export function prepareForReply(): void {
  transcriptModule.preload();
  startLoadingMarkdown();
  loadReplyEventParser().catch(() => {});
}
