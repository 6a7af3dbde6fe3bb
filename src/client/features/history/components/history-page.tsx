import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Crown, FileText, MessageSquare, MessagesSquare, Plus, RefreshCw, Search, SearchX, Trash2, X } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useSearch } from 'wouter';
import type { PublicUser } from '#contract/auth.ts';
import { documentCountLabel, historyText, MAX_HISTORY_SEARCH_LENGTH, messageCountLabel, type ChatSessionListItem } from '#contract/history.ts';
import { SiteHeader } from '#client/components/layout/site-header.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#client/components/ui/dialog.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { cn } from '#client/lib/class-names.ts';
import { notify } from '#client/lib/notify.ts';
import { useCurrentUser } from '#client/lib/session.ts';
import { deleteChatSession } from '../api/delete-chat-session.ts';
import { deleteChatSessions } from '../api/delete-chat-sessions.ts';
import { chatSessionsQueryOptions, historyKeys, listChatSessions } from '../api/list-chat-sessions.ts';
import { groupByDate } from '../logic/date-groups.ts';
import { parseSnippet } from '../logic/snippet.ts';

const SEARCH_DEBOUNCE_MS = 250;
const updatedFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', hour12: true });
/** An id for aria-labelledby (a space would split it into two ids). */
const groupHeadingId = (label: string) => `history-group-${label.toLowerCase().replace(/\s+/g, '-')}`;
const chatHref = (sessionId: string) => `/chat?session=${encodeURIComponent(sessionId)}`;

/** /history (spec section 2): the signed-in user's conversations, grouped by day, searchable. RequireAuth guarantees the user. */
export default function HistoryPage() {
  const { user } = useCurrentUser();
  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <SiteHeader />
      <main id="main" className="mx-auto w-full max-w-3xl flex-1 px-4 py-8 sm:px-6 sm:py-10">
        {user ? user.isPremium ? <HistoryWorkspace user={user} /> : <UpgradePrompt /> : null}
      </main>
    </div>
  );
}

function PageTitle({ subtitle }: { subtitle: string }) {
  return (
    <div className="flex flex-col gap-1">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{historyText.title}</h1>
      <p className="text-sm text-muted-foreground">{subtitle}</p>
    </div>
  );
}

/** Standard users: history is Premium. The list is never asked for (the server would refuse it). */
function UpgradePrompt() {
  return (
    <div className="flex flex-col gap-6">
      <PageTitle subtitle="Every conversation with your advisors, in one place." />
      <section aria-labelledby="history-upgrade" className="flex flex-col items-center gap-4 rounded-xl border bg-card px-6 py-12 text-center shadow-sm">
        <span className="flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
          <Crown className="size-6" aria-hidden />
        </span>
        <h2 id="history-upgrade" className="text-lg font-semibold">
          Conversation history is a Premium feature
        </h2>
        <p className="max-w-md text-pretty text-sm text-muted-foreground">
          Upgrade to Premium to search, revisit and export every conversation with your executive advisors.
        </p>
        <div className="mt-2 flex flex-col gap-2 sm:flex-row">
          <Button asChild variant="brand">
            <Link href="/plans">
              <Crown aria-hidden />
              View Premium plans
            </Link>
          </Button>
          <Button asChild variant="outline">
            <Link href="/chat">
              <ArrowLeft aria-hidden />
              Back to Chat
            </Link>
          </Button>
        </div>
      </section>
    </div>
  );
}

function useDebounced<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

function HistoryWorkspace({ user }: { user: PublicUser }) {
  const queryClient = useQueryClient();
  const from = new URLSearchParams(useSearch()).get('from');
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set());
  const [confirmDelete, setConfirmDelete] = useState<ChatSessionListItem | null>(null);
  const [confirmClear, setConfirmClear] = useState(false);

  // The whole list says whether any conversation exists (and which ones Clear All removes); a search narrows what is shown.
  const all = useQuery({ ...chatSessionsQueryOptions(user.id, '') });
  const searched = useQuery({ ...chatSessionsQueryOptions(user.id, q), enabled: q !== '', placeholderData: keepPreviousData });
  const shown = q ? searched : all;
  const sessions = shown.data?.sessions ?? [];
  const hasConversations = (all.data?.sessions.length ?? 0) > 0;
  const returnHref = from && !removed.has(from) ? chatHref(from) : '/chat';

  const refreshList = () => queryClient.invalidateQueries({ queryKey: historyKeys.all(user.id) });

  const deleteOne = useMutation({
    mutationFn: (session: ChatSessionListItem) => deleteChatSession(session.id),
    onSuccess: (_result, session) => {
      setRemoved((current) => new Set(current).add(session.id));
      setConfirmDelete(null);
      notify({ ...historyText.deleted, variant: 'success' });
    },
    onError: () => notify({ ...historyText.deleteFailed, variant: 'destructive' }),
    onSettled: () => refreshList(),
  });

  const clearAll = useMutation({
    mutationFn: async () => {
      // The list answers the newest conversations up to a limit: keep going while it says more exist.
      let page = all.data ?? { sessions: [], hasMore: false };
      let deleted = 0;
      for (let round = 0; page.sessions.length > 0 && round < 50; round += 1) {
        deleted += (await deleteChatSessions(user.id, page.sessions.map((s) => s.id))).deletedCount;
        if (!page.hasMore) break;
        page = await listChatSessions(user.id, '');
      }
      return deleted;
    },
    onSuccess: (deleted) => {
      setRemoved(new Set(all.data?.sessions.map((s) => s.id)));
      setConfirmClear(false);
      setSearch('');
      notify({ ...historyText.allDeleted(deleted), variant: 'success' });
    },
    onError: () => notify({ ...historyText.deleteAllFailed, variant: 'destructive' }),
    onSettled: () => refreshList(),
  });

  const now = new Date();
  const groups = groupByDate(sessions, now);
  const count = all.data?.sessions.length ?? 0;
  const subtitle = hasConversations
    ? `${count}${all.data?.hasMore ? '+' : ''} ${count === 1 ? 'conversation' : 'conversations'} with your executive advisors`
    : 'Every conversation with your advisors, in one place.';

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <PageTitle subtitle={subtitle} />
        {hasConversations ? (
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="outline" size="sm">
              <Link href={returnHref}>
                <ArrowLeft aria-hidden />
                Return to Chat
              </Link>
            </Button>
            <Button asChild size="sm">
              <Link href="/chat">
                <Plus aria-hidden />
                Start New
              </Link>
            </Button>
          </div>
        ) : null}
      </div>

      {hasConversations ? (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <div className="relative flex-1">
            <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
            <Input
              type="search"
              aria-label="Search conversations"
              placeholder={historyText.searchPlaceholder}
              value={search}
              maxLength={MAX_HISTORY_SEARCH_LENGTH}
              onChange={(event) => setSearch(event.target.value)}
              className="pl-9 pr-9 [&::-webkit-search-cancel-button]:hidden"
            />
            {search ? (
              <button
                type="button"
                onClick={() => setSearch('')}
                aria-label="Clear search"
                className="absolute right-2 top-1/2 -translate-y-1/2 cursor-pointer rounded p-1 text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
              >
                <X className="size-4" aria-hidden />
              </button>
            ) : null}
          </div>
          <div className="flex gap-2">
            <Button variant="outline" onClick={() => void refreshList()} disabled={shown.isFetching} className="flex-1 sm:flex-none">
              <RefreshCw aria-hidden className={cn(shown.isFetching && 'animate-spin')} />
              Refresh
            </Button>
            <Button variant="outline" onClick={() => setConfirmClear(true)} className="flex-1 text-destructive hover:text-destructive sm:flex-none">
              <Trash2 aria-hidden />
              Clear All
            </Button>
          </div>
        </div>
      ) : null}

      <div
        className="h-[500px] overflow-y-auto overscroll-contain rounded-xl border bg-muted/40 p-2 sm:h-[600px] sm:p-3"
        data-testid="history-list"
        aria-busy={shown.isFetching}
      >
        {shown.isPending ? (
          <div className="flex h-full flex-col items-center justify-center gap-3 text-sm text-muted-foreground" role="status">
            <Spinner className="size-6" label={historyText.loading} />
            {historyText.loading}
          </div>
        ) : shown.isError ? (
          <EmptyState icon={<MessagesSquare className="size-6" aria-hidden />} title={historyText.loadError} role="alert">
            <Button variant="outline" onClick={() => void shown.refetch()}>
              <RefreshCw aria-hidden />
              Try again
            </Button>
            <StartNewChat />
          </EmptyState>
        ) : sessions.length === 0 ? (
          q ? (
            <EmptyState icon={<SearchX className="size-6" aria-hidden />} title={historyText.noMatchesTitle} text={historyText.noMatchesText} />
          ) : (
            <EmptyState icon={<MessagesSquare className="size-6" aria-hidden />} title={historyText.emptyTitle} text={historyText.emptyText}>
              <StartNewChat />
            </EmptyState>
          )
        ) : (
          <div className="flex flex-col gap-5">
            {q && searched.data?.hasMore ? <p className="px-1 pt-1 text-xs text-muted-foreground">Showing the best {sessions.length} matches.</p> : null}
            {groups.map((group) => (
              <section key={group.label} aria-labelledby={groupHeadingId(group.label)} className="flex flex-col gap-2">
                <h2 id={groupHeadingId(group.label)} className="px-1 pt-1 text-xs font-semibold uppercase tracking-wider text-muted-foreground">
                  {group.label}
                </h2>
                <ul className="flex flex-col gap-2">
                  {group.items.map((session) => (
                    <li key={session.id}>
                      <ConversationCard session={session} searching={q !== ''} onDelete={() => setConfirmDelete(session)} />
                    </li>
                  ))}
                </ul>
              </section>
            ))}
            {!q && all.data?.hasMore ? <p className="px-1 pb-1 text-center text-xs text-muted-foreground">Older conversations are not shown. Search to find them.</p> : null}
          </div>
        )}
      </div>

      <ConfirmDialog
        open={confirmDelete !== null}
        onOpenChange={(open) => (open ? null : setConfirmDelete(null))}
        title="Delete this conversation?"
        description={confirmDelete ? `"${confirmDelete.title}" and all its messages will be permanently deleted. This cannot be undone.` : ''}
        confirmLabel="Delete"
        pending={deleteOne.isPending}
        onConfirm={() => confirmDelete && deleteOne.mutate(confirmDelete)}
      />
      <ConfirmDialog
        open={confirmClear}
        onOpenChange={setConfirmClear}
        title="Delete all conversations?"
        description={`All ${count}${all.data?.hasMore ? '+' : ''} of your conversations and their messages will be permanently deleted. This cannot be undone.`}
        confirmLabel="Delete All"
        pending={clearAll.isPending}
        onConfirm={() => clearAll.mutate()}
      />
    </div>
  );
}

function StartNewChat() {
  return (
    <Button asChild>
      <Link href="/chat">
        <Plus aria-hidden />
        Start New Chat
      </Link>
    </Button>
  );
}

function EmptyState({ icon, title, text, role, children }: { icon: ReactNode; title: string; text?: string; role?: 'alert'; children?: ReactNode }) {
  return (
    <div className="flex h-full flex-col items-center justify-center gap-3 px-4 text-center" role={role}>
      <span className="flex size-12 items-center justify-center rounded-full bg-card text-muted-foreground shadow-sm ring-1 ring-border">{icon}</span>
      <p className="text-base font-semibold">{title}</p>
      {text ? <p className="max-w-sm text-pretty text-sm text-muted-foreground">{text}</p> : null}
      {children ? <div className="mt-2 flex flex-wrap justify-center gap-2">{children}</div> : null}
    </div>
  );
}

function Snippet({ snippet }: { snippet: string }) {
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

function Badge({ children }: { children: ReactNode }) {
  return <span className="inline-flex items-center rounded-full border bg-secondary px-2 py-0.5 text-[0.6875rem] font-medium text-secondary-foreground">{children}</span>;
}

/** Two lines at most, with an ellipsis (inline: the line-clamp utility would read as a display class to cn). */
const twoLines = { display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical' } as const;

/** One conversation: the whole card opens it (a stretched link); the delete button sits above the link. */
function ConversationCard({ session, searching, onDelete }: { session: ChatSessionListItem; searching: boolean; onDelete: () => void }) {
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
        {text ? <p className="overflow-hidden text-sm text-muted-foreground" style={twoLines} data-testid="history-card-text">{text}</p> : null}
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
          <time dateTime={session.updatedAt}>{updatedFormat.format(new Date(session.updatedAt))}</time>
          <span className="flex flex-wrap gap-1.5">
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

function ConfirmDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  pending: boolean;
  onConfirm: () => void;
}) {
  return (
    <Dialog open={props.open} onOpenChange={(open) => (props.pending ? null : props.onOpenChange(open))}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>{props.title}</DialogTitle>
          <DialogDescription>{props.description}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={props.pending}>
              Cancel
            </Button>
          </DialogClose>
          <Button variant="destructive" onClick={props.onConfirm} disabled={props.pending}>
            {props.pending ? <Spinner label="Deleting" /> : <Trash2 aria-hidden />}
            {props.confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
