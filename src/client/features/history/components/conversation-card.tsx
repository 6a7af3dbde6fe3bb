import { FileText, MessageSquare, Swords, Trash2, UsersRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { documentCountLabel, messageCountLabel } from '#contract/history-text.ts';
import type { ChatSessionListItem } from '#contract/history.ts';
import { roundtableText } from '#contract/roundtable-text.ts';
import { Button } from '#client/components/ui/button.tsx';
import { cn } from '#client/lib/class-names.ts';
import { chatHref } from '../logic/chat-link.ts';
import { parseSnippet } from '../logic/snippet.ts';

// Made on first use: the first Intl.DateTimeFormat of a page costs tens of milliseconds (its locale data), and
// at module level that was paid by every page loading the history feature, the chat screen's first load too (decision 042).
let updatedFormat: Intl.DateTimeFormat | undefined;
const formatUpdated = (date: Date) => (updatedFormat ??= new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', hour12: true })).format(date);

/** The matched words of a search, marked. */
export function Snippet({ snippet }: { snippet: string }) {
  return (
    <>
      {parseSnippet(snippet).map((segment, i) =>
        segment.match ? (
          <mark key={i} className="rounded-sm bg-brand/35 px-0.5 text-foreground">
            {segment.text}
          </mark>
        ) : (
          <span key={i}>{segment.text}</span>
        ),
      )}
    </>
  );
}

function Badge({ children, className, ...rest }: { children: ReactNode; className?: string; 'data-testid'?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-1 rounded-full border bg-secondary px-2 py-0.5 text-[0.6875rem] font-medium text-secondary-foreground', className)} {...rest}>
      {children}
    </span>
  );
}

/** Two lines at most, with an ellipsis (inline: the line-clamp utility would read as a display class to cn). */
const twoLines = { display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical' } as const;

/** One conversation: the whole card opens it (a stretched link); the delete button sits above the link. */
export function ConversationCard({ session, searching, onDelete }: { session: ChatSessionListItem; searching: boolean; onDelete: () => void }) {
  const text = searching && session.snippet ? <Snippet snippet={session.snippet} /> : session.preview;
  return (
    <article
      data-testid="history-card"
      className="group relative flex gap-3 rounded-lg border bg-card p-4 shadow-xs transition-colors focus-within:border-ring focus-within:ring-2 focus-within:ring-ring/30 hover:border-ring/60"
    >
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <h3 className="truncate pr-8 text-sm font-semibold sm:text-base">
          <Link href={chatHref(session.id)} className="after:absolute after:inset-0 after:rounded-lg focus-visible:outline-none">
            {session.title}
          </Link>
        </h3>
        {text ? (
          <p className="overflow-hidden text-sm text-muted-foreground" style={twoLines} data-testid="history-card-text">
            {text}
          </p>
        ) : null}
        <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1.5 text-xs text-muted-foreground">
          <span className="inline-flex items-center gap-1">
            <MessageSquare className="size-3.5" aria-hidden />
            {messageCountLabel(session.messageCount)}
          </span>
          {session.documentCount > 0 ? (
            <span className="inline-flex items-center gap-1">
              <FileText className="size-3.5" aria-hidden />
              {documentCountLabel(session.documentCount)}
            </span>
          ) : null}
          <time dateTime={session.updatedAt}>{formatUpdated(new Date(session.updatedAt))}</time>
          <span className="flex flex-wrap gap-1.5">
            {(session.roundtableCount ?? 0) > (session.headToHeadCount ?? 0) ? (
              <Badge data-testid="history-roundtable-badge" className="border-primary/40 bg-primary/10 text-primary">
                <UsersRound className="size-3" aria-hidden />
                {roundtableText.badge}
              </Badge>
            ) : null}
            {session.headToHeadCount ? (
              <Badge data-testid="history-head-to-head-badge" className="border-primary/40 bg-primary/10 text-primary">
                <Swords className="size-3" aria-hidden />
                {roundtableText.headToHeadBadge}
              </Badge>
            ) : null}
            <Badge>{session.executiveRole}</Badge>
            <Badge>{session.industry}</Badge>
          </span>
        </div>
      </div>
      <Button
        variant="ghost"
        size="icon"
        className="absolute right-2 top-2 z-10 size-8 text-muted-foreground hover:bg-destructive/10 hover:text-destructive"
        aria-label={`Delete conversation ${session.title}`}
        onClick={onDelete}
      >
        <Trash2 aria-hidden />
      </Button>
    </article>
  );
}
